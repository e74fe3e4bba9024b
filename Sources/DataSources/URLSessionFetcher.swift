import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real `Fetcher`: a URLSession data task per fetch, driven by a delegate that enforces
/// `max_bytes` while the body arrives, follows `RedirectPolicy`, and tells a truncated body
/// from a complete one. Bodies sent with `Content-Encoding: gzip` are decompressed by the
/// session; `max_bytes` counts the decompressed bytes.
///
/// The sessions are shared by every fetch of the process (one per pair of time-outs) and
/// never torn down: a session made and invalidated per fetch crashed in FoundationNetworking
/// on Linux when several fetches ran at once (`invalidateAndCancel` racing the session's own
/// queue, seen with eight picture downloads side by side).
public struct URLSessionFetcher: Fetcher {
    /// How much longer than `timeoutSeconds` a whole transfer may take while data keeps coming.
    public var transferTimeFactor: Double

    public init(transferTimeFactor: Double = 10) {
        self.transferTimeFactor = transferTimeFactor
    }

    public func fetch(_ request: FetchRequest) throws -> FetchResponse {
        let transferSeconds = request.timeoutSeconds * max(1, transferTimeFactor)
        let shared = SharedSession.for(timeout: request.timeoutSeconds, transfer: transferSeconds)
        let transfer = Transfer(request: request)
        let task = shared.session.dataTask(with: transfer.urlRequest(for: request.url))
        shared.router.add(transfer, for: task)
        defer { shared.router.remove(task) }
        task.resume()
        // The session's own time-outs end the task; this is only a guard against a lost callback.
        if transfer.finished.wait(timeout: .now() + transferSeconds + 5) == .timedOut {
            task.cancel()
            throw FetchError.timedOut(seconds: request.timeoutSeconds)
        }
        return try transfer.outcome()
    }
}

/// One URLSession per pair of time-outs for the life of the process, and the delegate that
/// hands each task's callbacks to its `Transfer`.
private final class SharedSession: @unchecked Sendable {
    let session: URLSession
    let router: Router

    private init(timeout: Double, transfer: Double) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = transfer
        router = Router()
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        session = URLSession(configuration: configuration, delegate: router, delegateQueue: queue)
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var sessions: [[Double]: SharedSession] = [:]

    static func `for`(timeout: Double, transfer: Double) -> SharedSession {
        lock.withLock {
            if let session = sessions[[timeout, transfer]] { return session }
            let session = SharedSession(timeout: timeout, transfer: transfer)
            sessions[[timeout, transfer]] = session
            return session
        }
    }
}

/// The session delegate: passes each callback to the `Transfer` of its task. A callback for
/// a task that is no longer registered (its fetch gave up) is answered as a refusal.
private final class Router: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var transfers: [Int: Transfer] = [:]

    func add(_ transfer: Transfer, for task: URLSessionTask) {
        lock.withLock { transfers[task.taskIdentifier] = transfer }
    }

    func remove(_ task: URLSessionTask) {
        lock.withLock { _ = transfers.removeValue(forKey: task.taskIdentifier) }
    }

    private func transfer(_ task: URLSessionTask) -> Transfer? {
        lock.withLock { transfers[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        guard let transfer = transfer(dataTask) else { return completionHandler(.cancel) }
        transfer.received(response, completionHandler: completionHandler)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let transfer = transfer(dataTask) else { return dataTask.cancel() }
        transfer.received(data, on: dataTask)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        guard let transfer = transfer(task) else { return completionHandler(nil) }
        transfer.redirected(response, to: newRequest, task: task, completionHandler: completionHandler)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        transfer(task)?.completed(error)
    }
}

/// The state of one data task, filled in by URLSession's callbacks on their serial queue.
private final class Transfer: @unchecked Sendable {
    let request: FetchRequest
    let finished = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var response: HTTPURLResponse?
    private var body = Data()
    private var failure: FetchError?
    private var transportError: (any Error)?
    private var redirects = 0

    init(request: FetchRequest) {
        self.request = request
    }

    func urlRequest(for url: URL) -> URLRequest {
        var urlRequest = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: request.timeoutSeconds)
        urlRequest.httpMethod = "GET"
        // Validators travel with redirects: they came from the final response of the last fetch.
        for header in request.headers {
            urlRequest.setValue(header.value, forHTTPHeaderField: header.name)
        }
        return urlRequest
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    /// Whether the body is sent as is, so that `Content-Length` counts the bytes we receive.
    private static func isIdentityEncoded(_ response: HTTPURLResponse) -> Bool {
        let encoding = (response.value(forHTTPHeaderField: "Content-Encoding") ?? "identity").lowercased()
        return encoding.isEmpty || encoding == "identity"
    }

    func received(_ response: URLResponse, completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        guard let http = response as? HTTPURLResponse else {
            locked { failure = .connection("the server did not answer with HTTP") }
            completionHandler(.cancel)
            return
        }
        let tooLarge = Self.isIdentityEncoded(http) && http.expectedContentLength > Int64(request.maxBytes)
        locked {
            self.response = http
            if tooLarge { failure = .tooLarge(maxBytes: request.maxBytes) }
        }
        completionHandler(tooLarge ? .cancel : .allow)
    }

    func received(_ data: Data, on dataTask: URLSessionDataTask) {
        let tooLarge = locked {
            body.append(data)
            if body.count > request.maxBytes, failure == nil { failure = .tooLarge(maxBytes: request.maxBytes) }
            return failure != nil
        }
        if tooLarge { dataTask.cancel() }
    }

    func redirected(
        _ response: HTTPURLResponse, to newRequest: URLRequest, task: URLSessionTask,
        completionHandler: @escaping (URLRequest?) -> Void
    ) {
        guard let target = newRequest.url else {
            completionHandler(nil)
            return
        }
        let source = response.url ?? task.currentRequest?.url ?? request.url
        let refusal: FetchError? = locked { () -> FetchError? in
            redirects += 1
            do throws(FetchError) {
                try RedirectPolicy.check(from: source, to: target, count: redirects)
                return nil
            } catch {
                failure = error
                return error
            }
        }
        if refusal != nil {
            // Not followed: the task ends with the redirect's own response, and `outcome()`
            // reports the refusal. Cancelling the task here as well raced FoundationNetworking's
            // redirect callback, which runs later on its own queue and traps when the task has
            // moved on ("Received callback for HTTP redirection, but we're not waiting for it"):
            // the test process crashed once on a loaded machine.
            completionHandler(nil)
        } else {
            completionHandler(urlRequest(for: target))
        }
    }

    func completed(_ error: (any Error)?) {
        locked { transportError = error }
        finished.signal()
    }

    /// The response, or the `FetchError` that explains why there is none.
    func outcome() throws(FetchError) -> FetchResponse {
        let (response, body, failure, transportError) = locked { (self.response, self.body, self.failure, self.transportError) }
        if let failure { throw failure }
        if let response, Self.isIdentityEncoded(response),
            response.expectedContentLength > 0, Int64(body.count) < response.expectedContentLength
        {
            throw .truncated(received: body.count, expected: Int(response.expectedContentLength))
        }
        if let transportError { throw Self.fetchError(for: transportError, timeout: request.timeoutSeconds) }
        guard let response else { throw .connection("the server sent no response") }
        var headers: [String: String] = [:]
        for case (let name as String, let value as String) in response.allHeaderFields {
            headers[name.lowercased()] = value
        }
        return FetchResponse(status: response.statusCode, headers: headers, body: body, finalURL: response.url)
    }

    static func fetchError(for error: any Error, timeout: Double) -> FetchError {
        guard let urlError = error as? URLError else { return .connection(String(describing: error)) }
        switch urlError.code {
        case .timedOut: return .timedOut(seconds: timeout)
        case .cannotConnectToHost: return .connection("could not connect to the server")
        case .cannotFindHost, .dnsLookupFailed: return .connection("the server's name could not be found")
        case .networkConnectionLost: return .connection("the connection was lost")
        case .notConnectedToInternet: return .connection("no network connection")
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            return .connection("the secure (TLS) connection failed")
        case .badServerResponse: return .connection("the server sent an invalid response")
        case .httpTooManyRedirects: return .tooManyRedirects(limit: RedirectPolicy.maximumRedirects)
        case .zeroByteResource: return .connection("the server sent an empty response")
        default: return .connection("the network request failed (\(urlError.localizedDescription))")
        }
    }
}

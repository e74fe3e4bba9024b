import DataSources
import Foundation

/// A `Fetcher` that plays back a script of outcomes and records the requests it got.
final class ScriptedFetcher: Fetcher, @unchecked Sendable {
    private let lock = NSLock()
    private var script: [Result<FetchResponse, FetchError>]
    private var received: [FetchRequest] = []

    init(_ script: [Result<FetchResponse, FetchError>]) {
        self.script = script
    }

    var requests: [FetchRequest] {
        lock.lock()
        defer { lock.unlock() }
        return received
    }

    func fetch(_ request: FetchRequest) throws -> FetchResponse {
        lock.lock()
        defer { lock.unlock() }
        received.append(request)
        guard !script.isEmpty else { throw FetchError.connection("the script has ended") }
        return try script.removeFirst().get()
    }
}

extension Result where Success == FetchResponse, Failure == FetchError {
    static func status(_ status: Int, _ body: String = "", headers: [String: String] = [:]) -> Self {
        .success(FetchResponse(status: status, headers: headers, body: Data(body.utf8)))
    }
}

import FlyingFox
import FlyingSocks
import Foundation

/// One client of the preview: one request, read with bounds, one answer, then closed.
struct PreviewConnection: Sendable {
    let socket: AsyncSocket
    let limits: PreviewListener.Limits

    func serve(with handler: some HTTPHandler) async {
        defer { try? socket.close() }
        let response: HTTPResponse
        do {
            let head = try await withDeadline(seconds: limits.headSeconds) { try await readHead() }
            response = await answer(head.request, with: handler)
        } catch let refusal as RequestHead.Refusal {
            response = refusal.response
        } catch is DeadlineExceeded {
            response = RequestHead.Refusal.timedOut.response
        } catch {
            return  // the client left, or the preview stops
        }
        try? await send(response)
        await linger()
    }

    /// Lets the client read the answer before the connection closes. Closing a socket with
    /// bytes still unread (the rest of a refused head, a body the preview does not read) sends
    /// a reset, which can make the client drop the answer unread; so the preview stops
    /// writing, reads and discards what still comes for a moment, then closes.
    private func linger() async {
        shutdown(socket.socket.file.rawValue, Int32(SHUT_WR))
        _ = try? await withDeadline(seconds: limits.lingerSeconds) {
            var discarded = 0
            while discarded < limits.lingerBytes {
                discarded += try await socket.read(atMost: 4096).count
            }
        }
    }

    private func readHead() async throws -> RequestHead {
        var scanner = RequestHead.Scanner(limits: limits.head)
        while true {
            if let head = try scanner.append(try await socket.read(atMost: 4096)) { return head }
        }
    }

    private func answer(_ request: HTTPRequest, with handler: some HTTPHandler) async -> HTTPResponse {
        do {
            return try await handler.handleRequest(request)
        } catch {
            return HTTPResponse(
                statusCode: .internalServerError,
                headers: [.contentType: "text/plain; charset=utf-8"],
                body: Data("The preview could not read this file: \(error.localizedDescription)\n".utf8)
            )
        }
    }

    /// Sends the head and body. A body of known length goes out in one write; one without (an
    /// event stream) goes out as its events come, until it ends or the client leaves — which
    /// only a read notices, so one waits beside the writes (a page reloaded a hundred times
    /// between two builds otherwise holds a hundred connections).
    private func send(_ response: HTTPResponse) async throws {
        guard case .httpBody(let body) = response.payload else { return }
        var data = response.wireHead
        guard body.count == nil else {
            for try await chunk in body { data.append(chunk) }
            try await write(data)
            return
        }
        try await write(data)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for try await chunk in body { try await write(chunk) }
            }
            group.addTask {
                while true { _ = try await socket.read(atMost: 1024) }
            }
            defer { group.cancelAll() }
            try await group.next()
        }
    }

    private func write(_ data: Data) async throws {
        try await withDeadline(seconds: limits.writeSeconds) { try await socket.write(data) }
    }
}

extension HTTPResponse {
    /// The status line and headers as the preview sends them: with the body's length, or
    /// chunked transfer coding for a body without one, and `Connection: close`.
    var wireHead: Data {
        var headers = self.headers
        if case .httpBody(let body) = payload {
            if let count = body.count {
                if headers[.contentLength] == nil { headers[.contentLength] = String(count) }
            } else {
                headers[.transferEncoding] = "chunked"
            }
        }
        headers[.connection] = "close"
        var text = "\(version.rawValue) \(statusCode.code) \(statusCode.phrase)\r\n"
        for (name, value) in headers.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            text += "\(name.rawValue): \(value)\r\n"
        }
        return Data((text + "\r\n").utf8)
    }
}

extension RequestHead.Refusal {
    /// The answer to a refused request: its status and reason, as text.
    var response: HTTPResponse {
        HTTPResponse(
            statusCode: status,
            headers: [.contentType: "text/plain; charset=utf-8"],
            body: Data((reason + "\n").utf8)
        )
    }
}

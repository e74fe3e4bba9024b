import FlyingFox
import Foundation
import TestSupport
import Testing

@testable import SiteServer

/// Any web page the author has open can send the preview requests (an `<img>` pointing at
/// 127.0.0.1:1717). None of them may pin it: heads are bounded in bytes and time, a client
/// over a bound gets its status and is closed, and the preview answers others meanwhile.
/// Over real loopback sockets, against the real preview or its listener with short limits.
@Suite struct RequestLimitTests {
    @Test func aHeaderOverTheLimitIs431AndALongAddress414() async throws {
        let preview = try await PreviewFixture.start()
        defer { Task { await preview.stop() } }
        let big = try await preview.http.exchange(
            "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: \(String(repeating: "b", count: 70_000))\r\n\r\n")
        #expect(big.status == 431)
        #expect(big.text == "The request's headers are longer than 64 KB.\n")
        #expect(big.headers["connection"] == "close")
        let long = try await preview.http.exchange("GET /\(String(repeating: "a", count: 100_000)) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(long.status == 414)
        #expect(long.text == "The request line is longer than 8 KB.\n")
        // Just under the bounds, a request is answered.
        let near = try await preview.http.exchange(
            "GET /?q=\(String(repeating: "a", count: 8_000)) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                + "X-Big: \(String(repeating: "b", count: 50_000))\r\n\r\n"
        )
        #expect(near.status == 200)
        #expect(near.text.contains("First version of the home page."))
    }

    /// A header that never ends kept a core busy as long as the client sent (40 s after one
    /// 50 MB header): now each such client is answered and closed after 64 KB and a moment of
    /// reading what is already on its way, and others are answered meanwhile.
    @Test func clientsSendingEndlessHeadersAreCutOffAndOthersAnswered() async throws {
        let preview = try await PreviewFixture.start()
        defer { Task { await preview.stop() } }
        let stop = Flag()
        defer { stop.set() }
        let clients = (0..<2 * ProcessInfo.processInfo.activeProcessorCount + 2).map { _ in
            EndlessHeader(port: preview.port, until: { stop.isSet })
        }
        #expect(await eventually { clients.allSatisfy { $0.sent > 0 } })
        let home = try await preview.http.request("/")
        #expect(home.status == 200)
        #expect(await eventually { clients.allSatisfy(\.ended) }, "\(clients.map(\.sent))")
        // 64 KB read as a head, 1 MB more read while lingering, and what the sockets' buffers
        // hold on both sides: far below what the clients would send in the time allowed.
        #expect(clients.allSatisfy { $0.sent < 32 << 20 }, "\(clients.map(\.sent))")
    }

    @Test func aClientThatSendsItsHeadTooSlowlyGets408() async throws {
        let listener = try await PreviewListener.start(
            on: try ListenAddress(host: "127.0.0.1", port: 0), limits: .init(headSeconds: 1), handler: Hello())
        defer { Task { await listener.stop() } }
        // One byte of a head that never ends every 100 ms: the head's time counts from
        // connecting, not from the last byte, so dripping does not keep a connection (and the
        // only answer can be 408, however late a busy machine gives it).
        let answer = try await offThePool { try Dripper(port: listener.port).answer() }
        #expect(answer.hasPrefix("HTTP/1.1 408 Request Timeout\r\n"), "\(answer)")
        #expect(answer.hasSuffix("\r\n\r\nThe request did not arrive in time.\n"), "\(answer)")
        // A client that sends nothing at all gets the same.
        let silent = try await offThePool {
            let socket = try RawHTTP.connect(port: listener.port)
            defer { close(socket) }
            var reader = SocketReader(socket: socket)
            return try reader.head().0
        }
        #expect(silent == 408)
        #expect(try await RawHTTP(port: listener.port).request("/").text == "hello\n")
    }

    /// Past the limit, a new connection is closed unanswered instead of queued behind the
    /// others; once one ends, new ones are answered again. The connection that ends asks for
    /// a page and is answered and closed: one that only went away was noticed, on a busy
    /// machine, when its head's time ran out (600 s here), which a test cannot wait for.
    @Test func pastTheConnectionLimitNewClientsAreClosedUnanswered() async throws {
        let listener = try await PreviewListener.start(
            on: try ListenAddress(host: "127.0.0.1", port: 0), limits: .init(headSeconds: 600, connections: 2), handler: Hello())
        defer { Task { await listener.stop() } }
        let first = try RawHTTP.connect(port: listener.port)
        let second = try RawHTTP.connect(port: listener.port)
        defer { close(second) }
        let refused = try await offThePool { () -> Bool in
            let socket = try RawHTTP.connect(port: listener.port)
            defer { close(socket) }
            try? RawHTTP.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", on: socket)
            var reader = SocketReader(socket: socket)
            do { return try !reader.fill() } catch RawHTTP.Failure.closedEarly { return true }  // end of stream, or a reset
        }
        #expect(refused)
        let ended = try await offThePool { () -> Int in
            defer { close(first) }
            try RawHTTP.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", on: first)
            var reader = SocketReader(socket: first)
            return try reader.head().0
        }
        #expect(ended == 200)
        // Asked off the concurrency pool, where the listener answers: a blocking request on it
        // could hold one of its threads while the listener waits for it. The slot is free once
        // the listener has closed the first connection: a minute at most.
        var answered = false
        for _ in 0..<1_200 where !answered {
            answered = (try? await RawHTTP(port: listener.port).request("/").status) == 200
            if !answered { try await Task.sleep(for: .milliseconds(50)) }
        }
        #expect(answered)
    }

    /// An event stream ends when its page closes, not at the next event: a page reloaded a
    /// hundred times between two builds held a hundred connections.
    @Test func anEventStreamEndsWhenItsPageCloses() async throws {
        let preview = try await PreviewFixture.start()
        defer { Task { await preview.stop() } }
        let page = try await EventStreamClient.open(port: preview.port)
        #expect(try await page.next(named: "hello") != nil)
        #expect(await preview.server.channel.count == 1)
        shutdown(page.socket, Int32(SHUT_RDWR))
        var count = 1
        for _ in 0..<Int(ChildProcess.defaultLimit * 20) where count > 0 {
            try await Task.sleep(for: .milliseconds(50))
            count = await preview.server.channel.count
        }
        #expect(count == 0)
    }
}

/// Answers every request with `hello`.
private struct Hello: HTTPHandler {
    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        HTTPResponse(statusCode: .ok, headers: [.contentType: "text/plain"], body: Data("hello\n".utf8))
    }
}

/// A flag one task sets and others read.
private final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}

/// A client that sends a head that never ends, one byte every 100 ms, until the server
/// answers or closes.
private struct Dripper {
    let port: UInt16

    /// What the server sent before closing; blocks its thread for at most 10 minutes.
    func answer() throws -> String {
        let socket = try RawHTTP.connect(port: port)
        defer { close(socket) }
        let start = Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".utf8)
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        for index in 0..<6_000 {
            let byte = index < start.count ? start[index] : UInt8(ascii: "s")
            _ = withUnsafeBytes(of: byte) { send(socket, $0.baseAddress, 1, Int32(MSG_NOSIGNAL)) }
            Thread.sleep(forTimeInterval: 0.1)
            let n = recv(socket, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            if n > 0 { received += buffer[0..<n] }
            if n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) { break }
        }
        return String(decoding: received, as: UTF8.self)
    }
}

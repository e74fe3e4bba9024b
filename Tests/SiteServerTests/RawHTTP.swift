import Foundation
import TestSupport

/// HTTP/1.1 over a plain loopback socket: the request target goes out byte for byte as
/// written. URLSession would normalise `/../x` and `%2e%2e` before sending, which is
/// exactly what the traversal tests must not have done for them.
struct RawHTTP: Sendable {
    let port: UInt16

    struct Response: Sendable {
        var status: Int
        var headers: [String: String]
        var body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    enum Failure: Error {
        case connect(Int32)
        case closedEarly(String)
        case timedOut
    }

    /// Sends `GET target` (or another method) with `Connection: close` and reads the answer.
    /// The socket calls block, so they run off the concurrency pool: on it they would starve
    /// the server's tasks, which share it in this process.
    func request(_ target: String, method: String = "GET", host: String? = "127.0.0.1") async throws -> Response {
        try await offThePool { try blockingRequest(target, method: method, host: host) }
    }

    /// `host` is the `Host` header's value; nil sends none.
    func blockingRequest(_ target: String, method: String, host: String? = "127.0.0.1") throws -> Response {
        let hostLine = host.map { "Host: \($0)\r\n" } ?? ""
        return try blockingExchange("\(method) \(target) HTTP/1.1\r\n\(hostLine)Connection: close\r\n\r\n", method: method)
    }

    /// Sends `head` as it is written (a request with a line or headers of any length) and
    /// reads the answer.
    func exchange(_ head: String) async throws -> Response {
        try await offThePool { try blockingExchange(head, method: "GET") }
    }

    private func blockingExchange(_ head: String, method: String) throws -> Response {
        let socket = try Self.connect(port: port)
        defer { close(socket) }
        try Self.send(head, on: socket)
        var reader = SocketReader(socket: socket)
        let (status, headers) = try reader.head()
        let length = Int(headers["content-length"] ?? "")
        var body = Data()
        if method == "HEAD" { return Response(status: status, headers: headers, body: body) }
        if let length {
            while reader.buffer.count < length, try reader.fill() {}
            body = reader.buffer.prefix(length)
        } else {
            while try reader.fill() {}
            body = reader.buffer
        }
        return Response(status: status, headers: headers, body: body)
    }

    static func connect(port: UInt16) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            let code = errno
            close(fd)
            throw Failure.connect(code)
        }
        // A test that waits for an answer gives up after this long instead of hanging: long,
        // since the preview answers on this process's concurrency pool, which the suite's
        // other tests can keep busy for minutes on a loaded machine.
        var timeout = timeval(tv_sec: Int(ChildProcess.defaultLimit), tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        return fd
    }

    static func send(_ text: String, on socket: Int32) throws {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw Failure.closedEarly("send") }
            sent += n
        }
    }
}

/// Reads an HTTP response head and then the bytes as they come.
struct SocketReader {
    let socket: Int32
    var buffer = Data()

    /// Reads what is there; false at the end of the stream.
    mutating func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 16_384)
        let n = recv(socket, &chunk, chunk.count, 0)
        if n < 0 { throw errno == EAGAIN || errno == EWOULDBLOCK ? RawHTTP.Failure.timedOut : RawHTTP.Failure.closedEarly("recv \(errno)") }
        if n == 0 { return false }
        buffer.append(contentsOf: chunk[0..<n])
        return true
    }

    /// The status and headers (names lower-cased); the buffer keeps what follows them.
    mutating func head() throws -> (Int, [String: String]) {
        let end = Data("\r\n\r\n".utf8)
        while buffer.range(of: end) == nil {
            guard try fill() else {
                throw RawHTTP.Failure.closedEarly("before the end of the head: \(String(decoding: buffer, as: UTF8.self))")
            }
        }
        let range = buffer.range(of: end)!
        let lines = String(decoding: buffer[..<range.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        buffer = Data(buffer[range.upperBound...])
        let status = Int(lines[0].split(separator: " ")[1]) ?? 0
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return (status, headers)
    }
}

/// The preview's event stream read as a browser's `EventSource` would: chunked transfer
/// decoded, then `event:`/`data:` fields split into events.
final class EventStreamClient: @unchecked Sendable {
    let socket: Int32
    private var reader: SocketReader
    private var text = ""
    let headers: [String: String]
    let status: Int

    static func open(port: UInt16) async throws -> EventStreamClient {
        try await offThePool { try EventStreamClient(port: port) }
    }

    private init(port: UInt16) throws {
        socket = try RawHTTP.connect(port: port)
        try RawHTTP.send("GET /_ttsite/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n", on: socket)
        reader = SocketReader(socket: socket)
        (status, headers) = try reader.head()
    }

    deinit { close(socket) }

    struct Event: Equatable, Sendable {
        var name: String
        var data: String
    }

    /// The next event; nil when the server closed the stream. Throws after the socket's
    /// receive timeout, so a missing event fails the test instead of hanging it.
    func next() async throws -> Event? {
        try await offThePool { try self.blockingNext() }
    }

    /// The next event called `name`, skipping others.
    func next(named name: String) async throws -> Event? {
        try await offThePool {
            while let event = try self.blockingNext() {
                if event.name == name { return event }
            }
            return nil
        }
    }

    private func blockingNext() throws -> Event? {
        while true {
            if let end = text.range(of: "\n\n") {
                let block = String(text[..<end.lowerBound])
                text = String(text[end.upperBound...])
                var event = Event(name: "message", data: "")
                var data: [String] = []
                for line in block.split(separator: "\n") {
                    if line.hasPrefix("event: ") { event.name = String(line.dropFirst(7)) }
                    if line.hasPrefix("data: ") { data.append(String(line.dropFirst(6))) }
                }
                if data.isEmpty { continue }  // `retry:` and comments
                event.data = data.joined(separator: "\n")
                return event
            }
            guard try readChunk() else { return nil }
        }
    }

    /// Decodes one chunk of the chunked body into `text`; false at the last chunk or EOF.
    private func readChunk() throws -> Bool {
        let crlf = Data("\r\n".utf8)
        while reader.buffer.range(of: crlf) == nil {
            guard try reader.fill() else { return false }
        }
        let line = reader.buffer.range(of: crlf)!
        let size = Int(String(decoding: reader.buffer[..<line.lowerBound], as: UTF8.self), radix: 16) ?? 0
        reader.buffer = Data(reader.buffer[line.upperBound...])
        if size == 0 { return false }
        while reader.buffer.count < size + 2 {
            guard try reader.fill() else { return false }
        }
        text += String(decoding: reader.buffer.prefix(size), as: UTF8.self)
        reader.buffer = Data(reader.buffer.dropFirst(size + 2))
        return true
    }
}

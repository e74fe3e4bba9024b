import FlyingFox
import Foundation

/// The request line and headers of one HTTP/1.1 request, read with bounds: a web page the
/// author has open can send the preview anything (an `<img>` pointing at 127.0.0.1:1717), so
/// a request line longer than `Limits.requestLine` is refused with 414 and a head longer than
/// `Limits.head` with 431 as soon as that many bytes have come, not after the client is done.
///
///     bytes → request line → header lines → blank line → `HTTPRequest`
///
/// The preview answers only `GET` and `HEAD` and closes every connection after its answer,
/// so it never reads a body: what follows the head is left unread.
struct RequestHead: Sendable {
    var method: String
    var target: String
    var version: String
    var headers: [(name: String, value: String)]

    /// How long a request's parts may be, in bytes.
    struct Limits: Sendable {
        var requestLine = 8 * 1024
        var head = 64 * 1024
    }

    /// Why a head is not answered as a request: the status and a sentence for the client.
    struct Refusal: Error, Equatable {
        var status: HTTPStatusCode
        var reason: String

        static func == (lhs: Refusal, rhs: Refusal) -> Bool {
            lhs.status.code == rhs.status.code && lhs.reason == rhs.reason
        }
    }

    /// The request FlyingFox's handlers take, without a body.
    var request: HTTPRequest {
        var fields = HTTPHeaders()
        for (name, value) in headers { fields.addValue(value, for: HTTPHeader(name)) }
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        return HTTPRequest(
            method: HTTPMethod(method),
            version: HTTPVersion(version),
            target: HTTPRequest.Target(path: String(parts[0]), query: parts.count > 1 ? String(parts[1]) : ""),
            headers: fields,
            body: HTTPBodySequence()
        )
    }
}

extension RequestHead {
    /// Reads a head as its bytes come, looking at each byte once: a client sending one byte at
    /// a time costs no more than one sending all at once. Refuses as soon as the bytes so far
    /// break a limit, so a client sending an endless line is stopped after `limits` bytes.
    struct Scanner {
        let limits: Limits
        private var bytes: [UInt8] = []
        /// Where the search for the blank line that ends the head goes on from.
        private var scanned = 0
        private var requestLineEnd: Int?

        init(limits: Limits = Limits()) {
            self.limits = limits
        }

        /// Adds bytes read from the client; the head once it is all there, else nil.
        mutating func append(_ chunk: some Collection<UInt8>) throws(Refusal) -> RequestHead? {
            bytes.append(contentsOf: chunk)
            if requestLineEnd == nil {
                guard let newline = bytes[scanned...].firstIndex(of: Self.lineFeed) else {
                    scanned = bytes.count
                    if bytes.count > limits.requestLine { throw .uriTooLong(limits) }
                    return nil
                }
                if newline > limits.requestLine { throw .uriTooLong(limits) }
                requestLineEnd = newline
                scanned = newline
            }
            guard let end = endOfHead() else {
                if bytes.count > limits.head { throw .headersTooLarge(limits) }
                return nil
            }
            if end > limits.head { throw .headersTooLarge(limits) }
            return try RequestHead.parse(bytes[..<end])
        }

        /// The index of the line feed before the blank line that ends the head (CRLF or a bare
        /// LF); nil while the bytes hold none, with `scanned` moved to the last line feed.
        private mutating func endOfHead() -> Int? {
            while let newline = bytes[scanned...].firstIndex(of: Self.lineFeed) {
                let next = newline + 1
                if next < bytes.count, bytes[next] == Self.lineFeed { return newline }
                if next + 1 < bytes.count, bytes[next] == Self.carriageReturn, bytes[next + 1] == Self.lineFeed { return newline }
                if next >= bytes.count || (next + 1 == bytes.count && bytes[next] == Self.carriageReturn) {
                    scanned = newline
                    return nil
                }
                scanned = next
            }
            scanned = bytes.count
            return nil
        }

        private static let lineFeed = UInt8(ascii: "\n")
        private static let carriageReturn = UInt8(ascii: "\r")
    }

    /// The request line and header lines of a complete head (without its blank line).
    static func parse(_ head: ArraySlice<UInt8>) throws(Refusal) -> RequestHead {
        let lines = head.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            line.last == UInt8(ascii: "\r") ? line.dropLast() : line
        }
        var parsed = try requestLine(lines[0])
        for line in lines.dropFirst() {
            parsed.headers.append(try header(line))
        }
        if parsed.headers.filter({ $0.name.lowercased() == "host" }).count > 1 {
            throw Refusal(status: .badRequest, reason: "The request names its host more than once.")
        }
        return parsed
    }

    /// `GET /path?query HTTP/1.1`: three parts separated by single spaces (RFC 9112, 3).
    private static func requestLine(_ line: ArraySlice<UInt8>) throws(Refusal) -> RequestHead {
        let parts = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3, let method = token(parts[0]), let target = visible(parts[1]), !target.isEmpty else {
            throw Refusal(status: .badRequest, reason: "The request line is not `METHOD TARGET HTTP/1.1`.")
        }
        let version = String(decoding: parts[2], as: UTF8.self)
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            throw Refusal(
                status: HTTPStatusCode(505, phrase: "HTTP Version Not Supported"), reason: "The preview speaks HTTP/1.1 and HTTP/1.0.")
        }
        return RequestHead(method: method, target: target, version: version, headers: [])
    }

    /// `Name: value`, with no space before the colon and no line folding (RFC 9112, 5).
    private static func header(_ line: ArraySlice<UInt8>) throws(Refusal) -> (name: String, value: String) {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")), let name = token(line[..<colon]) else {
            throw Refusal(status: .badRequest, reason: "A header line is not `Name: value`.")
        }
        let value = line[(colon + 1)...].drop { $0 == 0x20 || $0 == 0x09 }
        // Field values are visible bytes, spaces and tabs; any other control byte is refused.
        guard !value.contains(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }) else {
            throw Refusal(status: .badRequest, reason: "The header \(name) holds a control character.")
        }
        var trimmed = value
        while let last = trimmed.last, last == 0x20 || last == 0x09 { trimmed = trimmed.dropLast() }
        return (name, String(decoding: trimmed, as: UTF8.self))
    }

    /// A method or header name: RFC 9110's `tchar`s, at least one.
    private static func token(_ bytes: ArraySlice<UInt8>) -> String? {
        let symbols = Array("!#$%&'*+-.^_`|~".utf8)
        let valid =
            !bytes.isEmpty
            && bytes.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A) || symbols.contains(byte)
            }
        return valid ? String(decoding: bytes, as: UTF8.self) : nil
    }

    /// A request target: visible ASCII only (spaces and controls would split or smuggle it).
    private static func visible(_ bytes: ArraySlice<UInt8>) -> String? {
        bytes.allSatisfy { $0 > 0x20 && $0 < 0x7F } ? String(decoding: bytes, as: UTF8.self) : nil
    }
}

extension RequestHead.Refusal {
    static func uriTooLong(_ limits: RequestHead.Limits) -> Self {
        Self(
            status: HTTPStatusCode(414, phrase: "URI Too Long"), reason: "The request line is longer than \(limits.requestLine / 1024) KB.")
    }

    static func headersTooLarge(_ limits: RequestHead.Limits) -> Self {
        Self(
            status: HTTPStatusCode(431, phrase: "Request Header Fields Too Large"),
            reason: "The request's headers are longer than \(limits.head / 1024) KB.")
    }

    static let timedOut = Self(status: HTTPStatusCode(408, phrase: "Request Timeout"), reason: "The request did not arrive in time.")
}

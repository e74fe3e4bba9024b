import FlyingFox
import Testing

@testable import SiteServer

/// The preview reads a request's head with bounds: the line and the headers are refused at
/// their limit, as soon as it is passed, and a head reads the same whole or a byte at a time.
@Suite struct RequestHeadTests {
    /// A head as Chromium sends it, with the answer worked out by hand.
    static let chromium = Array(
        """
        GET /people/jennie-nichols/?from=list HTTP/1.1\r
        Host: 127.0.0.1:1717\r
        Connection: keep-alive\r
        User-Agent: Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36\r
        Accept: text/html,application/xhtml+xml;q=0.9\r
        Accept-Language:   en-GB,en;q=0.9\t \r
        \r

        """.utf8)

    @Test func aHeadReadsTheSameWholeOrAByteAtATime() throws {
        var whole = RequestHead.Scanner()
        let head = try #require(try whole.append(Self.chromium))
        #expect(head.method == "GET")
        #expect(head.target == "/people/jennie-nichols/?from=list")
        #expect(head.version == "HTTP/1.1")
        #expect(head.headers.map(\.name) == ["Host", "Connection", "User-Agent", "Accept", "Accept-Language"])
        #expect(head.headers[4].value == "en-GB,en;q=0.9")
        #expect(head.request.headers[.host] == "127.0.0.1:1717")
        #expect(head.request.target.path(percentEncoded: true) == "/people/jennie-nichols/")
        #expect(head.request.target.query(percentEncoded: true) == "from=list")

        var byByte = RequestHead.Scanner()
        var found: RequestHead?
        for (index, byte) in Self.chromium.enumerated() {
            found = try byByte.append([byte])
            // Nothing before the last byte of the blank line ends the head.
            #expect((found != nil) == (index == Self.chromium.count - 1), "byte \(index)")
        }
        #expect(found?.headers.map(\.value) == head.headers.map(\.value))
    }

    /// Bare line feeds end lines as CRLF does (RFC 9112, 2.2), and what follows the head (a
    /// body the preview does not read) does not belong to it.
    @Test func bareLineFeedsEndLinesAndTheBodyIsLeftAlone() throws {
        var scanner = RequestHead.Scanner()
        let head = try #require(try scanner.append(Array("POST /x HTTP/1.0\nHost: localhost\n\nname: body\n\n".utf8)))
        #expect(head.method == "POST")
        #expect(head.headers.count == 1)
        #expect(head.headers[0].value == "localhost")
    }

    @Test func aRequestLineOverItsLimitIsRefusedWhenTheLimitIsPassed() throws {
        let limits = RequestHead.Limits()
        var scanner = RequestHead.Scanner(limits: limits)
        #expect(try scanner.append(Array("GET /".utf8)) == nil)
        let long = [UInt8](repeating: UInt8(ascii: "a"), count: limits.requestLine - 5)
        #expect(try scanner.append(long) == nil)  // exactly at the limit: more may come
        #expect(throws: RequestHead.Refusal.uriTooLong(limits)) { _ = try scanner.append([UInt8(ascii: "a")]) }
        #expect(RequestHead.Refusal.uriTooLong(limits).status.code == 414)
    }

    @Test func headersOverTheirLimitAreRefusedWhenTheLimitIsPassed() throws {
        let limits = RequestHead.Limits()
        var scanner = RequestHead.Scanner(limits: limits)
        #expect(try scanner.append(Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ".utf8)) == nil)
        let line = [UInt8](repeating: UInt8(ascii: "b"), count: 1000) + Array("\r\nX-More: ".utf8)
        var refusal: RequestHead.Refusal?
        var sent = 0
        while refusal == nil, sent < 10 * limits.head {
            do throws(RequestHead.Refusal) {
                if try scanner.append(line) != nil { break }
                sent += line.count
            } catch {
                refusal = error
            }
        }
        #expect(refusal?.status.code == 431)
        #expect(sent <= limits.head)
        #expect(sent + line.count > limits.head - 100)
    }

    /// What RFC 9112 says a server must refuse, or may refuse and should: each gets 400 (505
    /// for another version), never a request.
    @Test(arguments: [
        ("GET / HTTP/1.1\r\nHost : 127.0.0.1\r\n\r\n", 400),  // space before the colon (RFC 9112, 5.1)
        ("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n folded\r\n\r\n", 400),  // line folding (5.2)
        ("GET / HTTP/1.1\r\nX-A\u{1}: b\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nX-A: b\u{0}c\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nX-A: b\rc\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nNo colon here\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nhost: attacker.example\r\n\r\n", 400),  // two hosts (RFC 9110, 7.2)
        ("GET  / HTTP/1.1\r\n\r\n", 400),
        ("GET /a b HTTP/1.1\r\n\r\n", 400),
        ("GET /é HTTP/1.1\r\n\r\n", 400),
        ("G(T / HTTP/1.1\r\n\r\n", 400),
        ("\r\n\r\n", 400),
        ("GET / HTTP/2.0\r\n\r\n", 505),
        ("GET / SPDY\r\n\r\n", 505),
    ])
    func malformedHeadsAreRefused(head: String, status: Int) {
        var scanner = RequestHead.Scanner()
        let refusal = #expect(throws: RequestHead.Refusal.self) { _ = try scanner.append(Array(head.utf8)) }
        #expect(refusal?.status.code == status, "\(head.debugDescription)")
    }
}

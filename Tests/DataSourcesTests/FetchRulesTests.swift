import DataSources
import Foundation
import Testing

/// The redirect rule (https → http cannot be served on loopback without TLS, so it is tested
/// here, on the decision function the URLSession fetcher calls) and the wording of fetch errors.
@Suite("Fetch rules")
struct FetchRulesTests {
    @Test(
        arguments: [
            ("https://a.org/x", "https://b.org/y", 1, nil),
            ("http://a.org/x", "https://a.org/x", 1, nil),
            ("http://a.org/x", "http://a.org/y", 5, nil),
            ("https://a.org/x", "http://a.org/x", 1, FetchError.insecureRedirect(to: URL(string: "http://a.org/x")!)),
            ("HTTPS://a.org/x", "HTTP://a.org/x", 1, FetchError.insecureRedirect(to: URL(string: "HTTP://a.org/x")!)),
            ("https://a.org/x", "https://a.org/y", 6, FetchError.tooManyRedirects(limit: 5)),
            ("https://a.org/x", "ftp://a.org/y", 1, FetchError.unsupportedRedirect(to: "ftp://a.org/y")),
            ("http://a.org/x", "file:///etc/passwd", 1, FetchError.unsupportedRedirect(to: "file:///etc/passwd")),
        ] as [(String, String, Int, FetchError?)])
    func redirectDecisions(from: String, to: String, count: Int, refusal: FetchError?) {
        let decision = Result<Void, FetchError> { () throws(FetchError) in
            try RedirectPolicy.check(from: URL(string: from)!, to: URL(string: to)!, count: count)
        }
        switch decision {
        case .success: #expect(refusal == nil)
        case .failure(let error): #expect(error == refusal)
        }
    }

    @Test(arguments: [
        (FetchError.timedOut(seconds: 2), "timed out after 2 s", true),
        (.timedOut(seconds: 1.5), "timed out after 1.5 s", true),
        (.httpStatus(500), "HTTP 500 Internal Server Error", true),
        (.httpStatus(599), "HTTP 599 Server Error", true),
        (.httpStatus(408), "HTTP 408 Request Timeout", true),
        (.httpStatus(429), "HTTP 429 Too Many Requests", true),
        (.httpStatus(404), "HTTP 404 Not Found", false),
        (.httpStatus(418), "HTTP 418 Client Error", false),
        (.tooLarge(maxBytes: 1000), "the body is larger than 1000 bytes (max_bytes)", false),
        (.truncated(received: 120, expected: 400), "truncated: 120 of 400 bytes", true),
        (.tooManyRedirects(limit: 5), "redirected more than 5 times", false),
        (.insecureRedirect(to: URL(string: "http://x.org/")!), "redirect from https to http refused (to http://x.org/)", false),
        (.connection("the connection was lost"), "the connection was lost", true),
    ])
    func fetchErrorsInWords(error: FetchError, words: String, retryable: Bool) {
        #expect(error.description == words)
        #expect(error.isRetryable == retryable)
    }

    @Test func theUserAgentNamesTtsite() {
        #expect(FetchSettings.defaultUserAgent == "ttsite/\(FetchSettings.ttsiteVersion) (+https://github.com/ttsite/ttsite)")
        #expect(FetchSettings().userAgent == FetchSettings.defaultUserAgent)
    }

    @Test(arguments: [
        ("https://randomuser.me/api/?results=50", true),
        ("http://example.org/x", true),
        ("ftp://example.org/x", false),
        ("/Content/data", false),
        ("https://", false),
    ])
    func remoteLocations(text: String, accepted: Bool) {
        #expect((SourceLocation.remote(text) != nil) == accepted)
    }
}

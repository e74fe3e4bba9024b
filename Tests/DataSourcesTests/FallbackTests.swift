import DataSources
import Foundation
import TestSupport
import Testing

/// The reader's retry, revalidation and fallback rules, with a scripted fetcher.
@Suite("Fallback rules")
struct FallbackTests {
    let url = URL(string: "https://example.org/api/people")!
    let settings = FetchSettings(timeoutSeconds: 2, retries: 2, maxBytes: 1000, retryDelaySeconds: 0)

    func reader(_ site: TemporaryFolder, _ fetcher: ScriptedFetcher, strict: Bool = false, offline: Bool = false) -> SourceReader {
        SourceReader(siteFolder: site.url, fetcher: fetcher, settings: settings, offline: offline, strict: strict)
    }

    func cache(_ site: TemporaryFolder, etag: String? = #""v1""#, lastModified: String? = nil) throws {
        try SourceCache(siteFolder: site.url).save(goodBody, etag: etag, lastModified: lastModified, for: url)
    }

    @Test(arguments: [
        (Result<FetchResponse, FetchError>.status(500), 3, "HTTP 500 Internal Server Error (3 attempts)"),
        (.status(502), 3, "HTTP 502 Bad Gateway (3 attempts)"),
        (.status(408), 3, "HTTP 408 Request Timeout (3 attempts)"),
        (.status(429), 3, "HTTP 429 Too Many Requests (3 attempts)"),
        (.failure(.timedOut(seconds: 2)), 3, "timed out after 2 s (3 attempts)"),
        (.failure(.connection("could not connect to the server")), 3, "could not connect to the server (3 attempts)"),
        (.status(404), 1, "HTTP 404 Not Found"),
        (.status(403), 1, "HTTP 403 Forbidden"),
        (.status(301), 1, "HTTP 301 Moved Permanently"),
        (.failure(.tooLarge(maxBytes: 1000)), 1, "the body is larger than 1000 bytes (max_bytes)"),
        (
            .failure(.insecureRedirect(to: URL(string: "http://example.org/api/people")!)), 1,
            "redirect from https to http refused (to http://example.org/api/people)"
        ),
    ])
    func aFailureIsRetriedOnlyWhenWorthIt(outcome: Result<FetchResponse, FetchError>, attempts: Int, problem: String) throws {
        let site = try TemporaryFolder("datasources")
        defer { site.remove() }
        try cache(site)
        let fetcher = ScriptedFetcher(Array(repeating: outcome, count: 5))
        let reading = try reader(site, fetcher).read(.url(url))
        #expect(fetcher.requests.count == attempts)
        #expect(reading.documents == [SourceDocument(name: url.absoluteString, data: goodBody, origin: .cache(reason: problem))])
        #expect(reading.warnings == ["https://example.org/api/people: \(problem); using the cached copy"])
    }

    @Test func aRetryThatSucceedsIsNotAWarning() throws {
        let site = try TemporaryFolder("datasources")
        defer { site.remove() }
        let fetcher = ScriptedFetcher([.status(503), .failure(.truncated(received: 1, expected: 2)), .status(200, #"{"results": [1]}"#)])
        let reading = try reader(site, fetcher).read(.url(url))
        #expect(reading.documents.map(\.origin) == [.network])
        #expect(reading.warnings.isEmpty)
        #expect(SourceCache(siteFolder: site.url).entry(for: url)?.body == Data(#"{"results": [1]}"#.utf8))
    }

    @Test func theCachedCopysValidatorsAreSentAndA304UpdatesThem() throws {
        let site = try TemporaryFolder("datasources")
        defer { site.remove() }
        try cache(site, etag: #""v1""#, lastModified: "Wed, 21 Oct 2015 07:28:00 GMT")
        let fetcher = ScriptedFetcher([.status(304, headers: ["ETag": #""v1b""#])])
        let reading = try reader(site, fetcher).read(.url(url))
        #expect(fetcher.requests.map(\.ifNoneMatch) == [#""v1""#])
        #expect(fetcher.requests.map(\.ifModifiedSince) == ["Wed, 21 Oct 2015 07:28:00 GMT"])
        #expect(fetcher.requests.map(\.userAgent) == [FetchSettings.defaultUserAgent])
        #expect(reading.documents == [SourceDocument(name: url.absoluteString, data: goodBody, origin: .notModified)])
        let entry = SourceCache(siteFolder: site.url).entry(for: url).map {
            SourceCache.Entry(body: $0.body, etag: $0.etag, lastModified: $0.lastModified)
        }
        #expect(entry == SourceCache.Entry(body: goodBody, etag: #""v1b""#, lastModified: "Wed, 21 Oct 2015 07:28:00 GMT"))
    }

    @Test func a304WithoutACachedCopyIsASourceError() throws {
        let site = try TemporaryFolder("datasources")
        defer { site.remove() }
        let fetcher = ScriptedFetcher([.status(304)])
        #expect(
            throws: SourceError(
                source: url.absoluteString, reason: "HTTP 304 Not Modified to a request without validators, and there is no cached copy")
        ) {
            try reader(site, fetcher).read(.url(url))
        }
        #expect(fetcher.requests.map(\.ifNoneMatch) == [nil])
    }

    @Test func validateSeesTheCandidateAndTheCachedCopy() throws {
        let site = try TemporaryFolder("datasources")
        defer { site.remove() }
        try cache(site)
        let fetcher = ScriptedFetcher([.status(200, #"{"results": []}"#)])
        var seen: [(Data, Data?)] = []
        let reading = try reader(site, fetcher).read(.url(url)) { candidate, cached in
            seen.append((candidate, cached))
            throw DocumentRejection("no people, but the cached copy has 2")
        }
        #expect(seen.map(\.0) == [Data(#"{"results": []}"#.utf8)])
        #expect(seen.map(\.1) == [goodBody])
        #expect(reading.warnings == ["https://example.org/api/people: no people, but the cached copy has 2; using the cached copy"])
        #expect(SourceCache(siteFolder: site.url).entry(for: url)?.body == goodBody)
    }

    @Test func aRejectedCopyIsNotRetried() throws {
        let site = try TemporaryFolder("datasources")
        defer { site.remove() }
        try cache(site)
        let fetcher = ScriptedFetcher([.status(200, "<html></html>"), .status(200, "{}")])
        let reading = try reader(site, fetcher).read(.url(url))
        #expect(fetcher.requests.count == 1)
        #expect(
            reading.documents.map(\.origin) == [.cache(reason: #"the response is HTML or XML, not JSON (it starts with "<html></html>")"#)])
    }

    @Test(arguments: ["", "  \n", "<!DOCTYPE html>"])
    func anEmptyOrHTMLResponseIsNeverCached(body: String) throws {
        let site = try TemporaryFolder("datasources")
        defer { site.remove() }
        let fetcher = ScriptedFetcher([.status(200, body)])
        #expect(throws: SourceError.self) { try reader(site, fetcher).read(.url(url)) }
        #expect(SourceCache(siteFolder: site.url).entry(for: url) == nil)
    }

    @Test func strictRefusesToFallBack() throws {
        let site = try TemporaryFolder("datasources")
        defer { site.remove() }
        try cache(site)
        let fetcher = ScriptedFetcher([.status(404)])
        #expect(throws: SourceError(source: url.absoluteString, reason: "HTTP 404 Not Found; not using the cached copy (--strict)")) {
            try reader(site, fetcher, strict: true).read(.url(url))
        }
    }

    @Test func offlineNeverCallsTheFetcher() throws {
        let site = try TemporaryFolder("datasources")
        defer { site.remove() }
        try cache(site)
        let fetcher = ScriptedFetcher([])
        let reading = try reader(site, fetcher, strict: true, offline: true).read(.url(url))
        #expect(reading.documents.map(\.origin) == [.cache(reason: "offline")])
        #expect(fetcher.requests.isEmpty)
    }

    @Test func theRequestCarriesTheSettings() throws {
        let site = try TemporaryFolder("datasources")
        defer { site.remove() }
        let fetcher = ScriptedFetcher([.status(200, "{}")])
        _ = try reader(site, fetcher).read(.url(url))
        #expect(fetcher.requests == [FetchRequest(url: url, timeoutSeconds: 2, maxBytes: 1000, userAgent: FetchSettings.defaultUserAgent)])
    }

    @Test func backOffDoubles() {
        let settings = FetchSettings(retryDelaySeconds: 0.5)
        #expect([1, 2, 3, 4].map(settings.backOff(beforeRetry:)) == [0.5, 1, 2, 4])
    }
}

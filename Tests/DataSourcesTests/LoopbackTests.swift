import DataSources
import Foundation
import TestSupport
import Testing

/// The real `URLSessionFetcher` and `SourceReader` against `TestSupport/Server/test_server.py` on 127.0.0.1.
///
/// One test at a time: the tests wait off the concurrency pool, so nothing else would limit how
/// many run at once, and dozens of connections at once overflow the server's listen queue (5).
/// Every fetch waits a minute for its answer (`TestServer.answerSeconds`) but a hang's, which
/// waits a second: no timer decides what a test sees, however busy the machine.
@Suite("Loopback HTTP", .serialized)
struct LoopbackTests {
    let server: TestServer
    let settings = FetchSettings(timeoutSeconds: Double(TestServer.answerSeconds), retries: 1, maxBytes: 1000, retryDelaySeconds: 0.01)

    init() async throws {
        server = try await TestServer.shared
    }

    func reader(_ site: TemporaryFolder, strict: Bool = false, offline: Bool = false, retries: Int? = nil, mode: String = "good")
        -> OffThePoolReader
    {
        var settings = settings
        if let retries { settings.retries = retries }
        settings.timeoutSeconds = Double(TestServer.timeoutSeconds(for: mode))
        return OffThePoolReader(
            SourceReader(siteFolder: site.url, fetcher: URLSessionFetcher(), settings: settings, offline: offline, strict: strict))
    }

    /// A reader whose reads run on a thread of their own: `URLSessionFetcher` waits for each
    /// answer on a semaphore, which must not hold one of the concurrency pool's few threads.
    struct OffThePoolReader {
        let reader: SourceReader
        init(_ reader: SourceReader) { self.reader = reader }

        func read(_ location: DataSources.SourceLocation, validate: @escaping @Sendable (Data, Data?) throws -> Void = { _, _ in })
            async throws -> SourceReading
        {
            try await offThePool { [reader] in try reader.read(location, validate: validate) }
        }
    }

    /// One fetch by the real client, on a thread of its own for the same reason.
    func fetch(_ request: FetchRequest) async throws -> FetchResponse {
        try await offThePool { try URLSessionFetcher().fetch(request) }
    }

    /// The bytes of every file in the site's cache folder, by name.
    func cacheFiles(_ site: TemporaryFolder) -> [String: Data] {
        let folder = site.url.appendingPathComponent(".ttsite/cache")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return Dictionary(uniqueKeysWithValues: names.map { ($0, (try? Data(contentsOf: folder.appendingPathComponent($0))) ?? Data()) })
    }

    /// A site whose cache holds the good copy of `/data/<key>`, fetched from the server.
    /// The caller removes it.
    func primedSite(key: String) async throws -> TemporaryFolder {
        let site = try TemporaryFolder("datasources")
        let reading = try await reader(site).read(.url(server.url("/data/\(key)")), validate: validateResults)
        #expect(reading.documents.map(\.origin) == [.network])
        #expect(cacheFiles(site).count == 2)
        return site
    }

    /// Each misbehaviour of the server, and how the build words it.
    static let misbehaviours: [(mode: String, problem: String)] = [
        ("500", "HTTP 500 Internal Server Error (2 attempts)"),
        ("503", "HTTP 503 Service Unavailable (2 attempts)"),
        ("429", "HTTP 429 Too Many Requests (2 attempts)"),
        ("404", "HTTP 404 Not Found"),
        ("hang", "timed out after 1 s (2 attempts)"),
        ("truncated", "truncated: 120 of 400 bytes (2 attempts)"),
        ("html", "the response is HTML or XML, not JSON (it starts with \"<!DOCTYPE html><html><body><h1>Maintenan\")"),
        ("error", "the response is an error object: Uh oh, something has gone wrong."),
        ("notjson", "the response is not valid JSON"),
        ("empty", "the response has no records, but the cached copy has 2"),
        ("big", "the body is larger than 1000 bytes (max_bytes)"),
        ("bigchunked", "the body is larger than 1000 bytes (max_bytes)"),
        ("loop", "redirected more than 5 times"),
    ]

    @Test(arguments: misbehaviours)
    func aBadFetchFallsBackToTheCachedCopyAndWarns(mode: String, problem: String) async throws {
        let key = TestServer.uniqueKey()
        let site = try await primedSite(key: key)
        defer { site.remove() }
        let before = cacheFiles(site)
        try await server.setMode(mode, for: key)
        let url = server.url("/data/\(key)")
        let reading = try await reader(site, mode: mode).read(.url(url), validate: validateResults)
        #expect(reading.documents == [SourceDocument(name: url.absoluteString, data: goodBody, origin: .cache(reason: problem))])
        #expect(reading.warnings == ["\(url.absoluteString): \(problem); using the cached copy"])
        #expect(cacheFiles(site) == before)
    }

    /// The misbehaviours that may be gone by the next try (RFC 9110's 5xx, 429, a time-out, a
    /// connection cut short); the others are answers that stand.
    static let transient: Set<String> = ["500", "503", "429", "hang", "truncated"]

    @Test(arguments: misbehaviours.filter { $0.mode != "empty" })
    func aBadFetchWithoutACachedCopyIsASourceError(mode: String, problem: String) async throws {
        let site = try TemporaryFolder("datasources")
        defer { site.remove() }
        let url = server.url("/fixed/\(mode)")
        await #expect(
            throws: SourceError(
                source: url.absoluteString, reason: "\(problem), and there is no cached copy", unreachable: mode == "hang",
                transient: Self.transient.contains(mode))
        ) {
            try await reader(site, mode: mode).read(.url(url), validate: validateResults)
        }
        #expect(cacheFiles(site).isEmpty)
    }

    @Test(arguments: misbehaviours.filter { ["500", "hang", "html", "empty"].contains($0.mode) })
    func aBadFetchUnderStrictIsASourceErrorEvenWithACachedCopy(mode: String, problem: String) async throws {
        let key = TestServer.uniqueKey()
        let site = try await primedSite(key: key)
        defer { site.remove() }
        let before = cacheFiles(site)
        try await server.setMode(mode, for: key)
        let url = server.url("/data/\(key)")
        await #expect(
            throws: SourceError(
                source: url.absoluteString, reason: "\(problem); not using the cached copy (--strict)", unreachable: mode == "hang",
                transient: Self.transient.contains(mode))
        ) {
            try await reader(site, strict: true, mode: mode).read(.url(url), validate: validateResults)
        }
        #expect(cacheFiles(site) == before)
    }

    @Test func anEmptyResultWithoutACachedCopyIsAccepted() async throws {
        let site = try TemporaryFolder("datasources")
        defer { site.remove() }
        let reading = try await reader(site).read(.url(server.url("/fixed/empty")), validate: validateResults)
        #expect(reading.documents.map(\.data) == [Data(#"{"results": []}"#.utf8)])
        #expect(reading.warnings.isEmpty)
    }

    @Test(arguments: [("etag", "if-none-match", #""v1""#), ("lastmod", "if-modified-since", "Wed, 21 Oct 2015 07:28:00 GMT")])
    func a304ReusesTheCachedCopy(mode: String, header: String, value: String) async throws {
        let key = TestServer.uniqueKey()
        try await server.setMode(mode, for: key)
        let site = try await primedSite(key: key)
        defer { site.remove() }
        #expect(try await server.requests(for: key).headers[header] == nil)
        let before = cacheFiles(site)
        let reading = try await reader(site).read(.url(server.url("/data/\(key)")), validate: validateResults)
        #expect(reading.documents.map(\.origin) == [.notModified])
        #expect(reading.documents.map(\.data) == [goodBody])
        #expect(reading.warnings.isEmpty)
        let requests = try await server.requests(for: key)
        #expect(requests.count == 2)
        #expect(requests.headers[header] == value)
        #expect(cacheFiles(site) == before)
    }

    @Test func aNewGoodCopyReplacesTheCachedOne() async throws {
        let key = TestServer.uniqueKey()
        let site = try await primedSite(key: key)
        defer { site.remove() }
        try await server.setMode("good2", for: key)
        let url = server.url("/data/\(key)")
        let reading = try await reader(site).read(.url(url), validate: validateResults)
        #expect(reading.documents.map(\.origin) == [.network])
        #expect(reading.documents.map(\.data) == [secondBody])
        let entry = SourceCache(siteFolder: site.url).entry(for: url).map {
            SourceCache.Entry(body: $0.body, etag: $0.etag, lastModified: $0.lastModified)
        }
        #expect(entry == SourceCache.Entry(body: secondBody, etag: #""v2""#, lastModified: nil))
    }

    @Test func offlineUsesOnlyTheCachedCopy() async throws {
        let key = TestServer.uniqueKey()
        let site = try await primedSite(key: key)
        defer { site.remove() }
        try await server.setMode("500", for: key)
        let reading = try await reader(site, offline: true).read(.url(server.url("/data/\(key)")), validate: validateResults)
        #expect(reading.documents.map(\.origin) == [.cache(reason: "offline")])
        #expect(reading.documents.map(\.data) == [goodBody])
        #expect(reading.warnings.isEmpty)
        #expect(try await server.requests(for: key).count == 1)
    }

    @Test func offlineWithoutACachedCopyIsASourceError() async throws {
        let site = try TemporaryFolder("datasources")
        defer { site.remove() }
        let key = TestServer.uniqueKey()
        let url = server.url("/data/\(key)")
        await #expect(throws: SourceError(source: url.absoluteString, reason: "offline (--offline), and there is no cached copy")) {
            try await reader(site, offline: true).read(.url(url), validate: validateResults)
        }
        #expect(try await server.requests(for: key).count == 0)
    }

    @Test(arguments: [
        (failures: 2, retries: 2, succeeds: true), (failures: 2, retries: 1, succeeds: false), (failures: 1, retries: 0, succeeds: false),
    ])
    func retriesHappenAsConfigured(failures: Int, retries: Int, succeeds: Bool) async throws {
        let site = try TemporaryFolder("datasources")
        defer { site.remove() }
        let key = TestServer.uniqueKey()
        let url = server.url("/flaky/\(key)/\(failures)")
        let read = { try await reader(site, retries: retries).read(.url(url), validate: validateResults) }
        if succeeds {
            #expect(try await read().documents.map(\.data) == [goodBody])
        } else {
            let attempts = retries + 1 == 1 ? "" : " (\(retries + 1) attempts)"
            await #expect(
                throws: SourceError(
                    source: url.absoluteString, reason: "HTTP 500 Internal Server Error\(attempts), and there is no cached copy",
                    transient: true)
            ) {
                try await read()
            }
        }
        #expect(try await server.requests(for: key).count == retries + 1)
    }

    @Test func a404IsNotRetried() async throws {
        let key = TestServer.uniqueKey()
        try await server.setMode("404", for: key)
        let site = try TemporaryFolder("datasources")
        defer { site.remove() }
        await #expect(throws: SourceError.self) {
            try await reader(site, retries: 3).read(.url(server.url("/data/\(key)")))
        }
        #expect(try await server.requests(for: key).count == 1)
    }

    @Test func aGzipBodyIsDecompressed() async throws {
        let response = try await fetch(
            FetchRequest(url: server.url("/fixed/gzip"), timeoutSeconds: Double(TestServer.answerSeconds), maxBytes: 1000))
        #expect(response.status == 200)
        #expect(response.body == goodBody)
    }

    @Test func theUserAgentNamesTtsiteAndItsVersion() async throws {
        let response = try await fetch(FetchRequest(url: server.url("/fixed/useragent"), timeoutSeconds: Double(TestServer.answerSeconds)))
        let body = try JSONDecoder().decode([String: [[String: String]]].self, from: response.body)
        #expect(body["results"]?.first?["userAgent"] == "ttsite/\(FetchSettings.ttsiteVersion) (+https://github.com/ttsite/ttsite)")
    }

    @Test(arguments: [0, 1, 5])
    func upToFiveRedirectsAreFollowed(redirects: Int) async throws {
        let response = try await fetch(
            FetchRequest(url: server.url("/chain/\(redirects)"), timeoutSeconds: Double(TestServer.answerSeconds)))
        #expect(response.status == 200)
        #expect(response.body == goodBody)
        #expect(response.finalURL == server.url("/chain/0"))
    }

    @Test func aSixthRedirectIsRefused() async throws {
        await #expect(throws: FetchError.tooManyRedirects(limit: 5)) {
            try await fetch(FetchRequest(url: server.url("/chain/6"), timeoutSeconds: Double(TestServer.answerSeconds)))
        }
    }

    @Test func aRefusedConnectionIsAConnectionError() async throws {
        // Nothing listens on port 1 of the loopback interface.
        await #expect(throws: FetchError.connection("could not connect to the server")) {
            try await fetch(FetchRequest(url: URL(string: "http://127.0.0.1:1/")!, timeoutSeconds: Double(TestServer.answerSeconds)))
        }
    }

    @Test func validatorsTravelWithRedirects() async throws {
        let key = TestServer.uniqueKey()
        let site = try await primedSite(key: key)
        defer { site.remove() }
        let reading = try await reader(site).read(.url(server.url("/redirect-to-data/\(key)")), validate: validateResults)
        #expect(reading.documents.map(\.origin) == [.network])
        let revalidated = try await reader(site).read(.url(server.url("/redirect-to-data/\(key)")), validate: validateResults)
        #expect(revalidated.documents.map(\.origin) == [.notModified])
        #expect(try await server.requests(for: key).headers["if-none-match"] == #""v1""#)
    }

    @Test func theFetcherReturnsErrorStatusesAsResponses() async throws {
        let response = try await fetch(FetchRequest(url: server.url("/fixed/500"), timeoutSeconds: Double(TestServer.answerSeconds)))
        #expect(response.status == 500)
        #expect(response.body == Data(#"{"status": 500}"#.utf8))
    }
}

import DataSources
import Foundation
import TestSupport
import Testing

/// Pictures through the reader: asked for as pictures, not asked again while fresh,
/// revalidated after, and checked by the caller instead of as JSON.
@Suite("Picture reading")
struct PictureReadingTests {
    let url = URL(string: "https://example.org/portraits/1.jpg")!
    let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3])
    let settings = FetchSettings(timeoutSeconds: 2, retries: 0, maxBytes: 1000, retryDelaySeconds: 0)

    /// A clock that says what the test sets.
    final class Clock: @unchecked Sendable {
        private let lock = NSLock()
        private var time = Date(timeIntervalSince1970: 1_800_000_000)
        var now: Date { lock.withLock { time } }
        func advance(_ seconds: Double) { lock.withLock { time += seconds } }
    }

    func reader(_ site: TemporaryFolder, _ fetcher: ScriptedFetcher, _ clock: Clock, offline: Bool = false) -> SourceReader {
        SourceReader(siteFolder: site.url, fetcher: fetcher, settings: settings, offline: offline, strict: false, clock: { clock.now })
    }

    func isPicture(_ body: Data, _ type: String?) throws {
        guard body.starts(with: [0xFF, 0xD8]) else { throw DocumentRejection("not a JPEG") }
    }

    @Test func aFreshCopyIsUsedWithoutARequestAndAStaleOneIsRevalidated() throws {
        let site = try TemporaryFolder("datasources")
        defer { site.remove() }
        let clock = Clock()
        let fetcher = ScriptedFetcher([
            .success(FetchResponse(status: 200, headers: ["ETag": #""p1""#, "Content-Type": "image/jpeg"], body: jpeg)),
            .status(304, headers: ["ETag": #""p1""#]),
        ])
        let first = try reader(site, fetcher, clock).readPicture(url, freshFor: 3600, check: isPicture)
        #expect(first.documents.map(\.origin) == [.network])
        #expect(first.checked == clock.now)
        let fetchedAt = clock.now
        #expect(fetcher.requests.map(\.accept) == [FetchRequest.acceptPictures])
        #expect(SourceCache(siteFolder: site.url).entry(for: url)?.checked == clock.now)

        clock.advance(3599)
        let fresh = try reader(site, fetcher, clock).readPicture(url, freshFor: 3600, check: isPicture)
        #expect(fresh.documents == [SourceDocument(name: url.absoluteString, data: jpeg, origin: .fresh)])
        #expect(fresh.checked == fetchedAt, "when the server gave it, not now")
        #expect(fetcher.requests.count == 1, "no request while fresh")

        clock.advance(1)
        let stale = try reader(site, fetcher, clock).readPicture(url, freshFor: 3600, check: isPicture)
        #expect(stale.documents.map(\.origin) == [.notModified])
        #expect(stale.checked == clock.now)
        #expect(fetcher.requests.map(\.ifNoneMatch) == [nil, #""p1""#])
        #expect(SourceCache(siteFolder: site.url).entry(for: url)?.checked == clock.now, "the 304 starts a new fresh period")
        #expect(try reader(site, fetcher, clock).readPicture(url, freshFor: 3600, check: isPicture).documents.map(\.origin) == [.fresh])
    }

    @Test func aRefusedBodyIsNotCachedAndTheCheckGivesTheReason() throws {
        let site = try TemporaryFolder("datasources")
        defer { site.remove() }
        let fetcher = ScriptedFetcher([
            .success(FetchResponse(status: 200, headers: ["Content-Type": "image/jpeg"], body: Data("<html>".utf8)))
        ])
        #expect(throws: SourceError(source: url.absoluteString, reason: "not a JPEG, and there is no cached copy")) {
            try reader(site, fetcher, Clock()).readPicture(url, freshFor: 3600, check: isPicture)
        }
        #expect(SourceCache(siteFolder: site.url).entry(for: url) == nil)
    }

    @Test func aServerThatDoesNotAnswerIsMarkedUnreachable() throws {
        let site = try TemporaryFolder("datasources")
        defer { site.remove() }
        let fetcher = ScriptedFetcher([.failure(.connection("could not connect to the server"))])
        #expect(
            throws: SourceError(
                source: url.absoluteString, reason: "could not connect to the server, and there is no cached copy", unreachable: true,
                transient: true)
        ) {
            try reader(site, fetcher, Clock()).readPicture(url, freshFor: 3600, check: isPicture)
        }
        let answered = ScriptedFetcher([.status(404)])
        #expect(
            throws: SourceError(source: url.absoluteString, reason: "HTTP 404 Not Found, and there is no cached copy", unreachable: false)
        ) {
            try reader(site, answered, Clock()).readPicture(url, freshFor: 3600, check: isPicture)
        }
    }

    @Test func aCacheWrittenBeforeCheckedTimesIsRevalidated() throws {
        let site = try TemporaryFolder("datasources")
        defer { site.remove() }
        try SourceCache(siteFolder: site.url).save(jpeg, etag: #""old""#, lastModified: nil, for: url)
        let fetcher = ScriptedFetcher([.status(304)])
        let reading = try reader(site, fetcher, Clock()).readPicture(url, freshFor: 3600, check: isPicture)
        #expect(reading.documents.map(\.origin) == [.notModified])
        #expect(fetcher.requests.map(\.ifNoneMatch) == [#""old""#])
    }
}

import Foundation
import TestSupport
import Testing

@testable import SiteBuilder

/// A `data:` source at a URL goes through the reader of every source, over real HTTP on
/// loopback: fetched, cached with its ETag, revalidated, kept when a bad copy comes, read
/// from the cache with `--offline`, and an error when there is no copy at all.
@Suite(.serialized) struct DataSourceFetchTests {
    let server: TestServer
    let now = "2026-11-22T08:00:00Z"

    init() async throws {
        server = try await TestServer.shared
    }

    func site(key: String) throws -> TestSite {
        try TestSite(
            """
            -- ttsite.yml --
            title: Remote table
            fetch: { timeout_seconds: 2, retries: 0 }
            data:
              things: { url: "\(server.url("/data/\(key)").absoluteString)", format: csv }
            -- Content/index.md --
            ```ttsite query all
            SELECT name, n FROM things ORDER BY n
            ```

            {{#data.all}}[{{name}}={{n}}]{{/data.all}}
            """)
    }

    @Test func aFetchedTableIsCachedRevalidatedAndKeptAgainstABadCopy() async throws {
        let key = TestServer.uniqueKey()
        let site = try site(key: key)
        defer { site.remove() }
        try await server.setMode("csv", for: key)
        let first = try await TTSiteBinary.run(["build", "--quiet", "--now", now], in: site.folder)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try site.read("index.html").contains("[alpha=1][beta=2]"))

        // A ragged copy never replaces the good one: the build uses the cache and says why.
        try await server.setMode("raggedcsv", for: key)
        let ragged = try await TTSiteBinary.run(["build", "--now", now, "--full"], in: site.folder)
        #expect(ragged.status == 0, "\(ragged.stderr)")
        #expect(ragged.stderr.contains("line 2") && ragged.stderr.contains("cached copy"), "\(ragged.stderr)")
        #expect(try site.read("index.html").contains("[alpha=1][beta=2]"))
        // …and with --strict that warning stops the build.
        let strict = try await TTSiteBinary.run(["build", "--quiet", "--strict", "--now", now], in: site.folder)
        #expect(strict.status != 0)

        // Offline, the cached copy is read without asking the server.
        try await server.setMode("500", for: key)
        let offline = try await TTSiteBinary.run(["build", "--quiet", "--offline", "--full", "--now", now], in: site.folder)
        #expect(offline.status == 0, "\(offline.stderr)")

        // The good copy again is revalidated with its ETag: a 304 costs no download.
        try await server.setMode("csv", for: key)
        #expect(try await TTSiteBinary.run(["build", "--quiet", "--full", "--now", now], in: site.folder).status == 0)
        let requests = try await server.requests(for: key)
        #expect(requests.headers["if-none-match"] == "\"csv1\"")
    }

    @Test func aTableThatCannotBeFetchedAndWasNeverCachedStopsTheBuild() async throws {
        let key = TestServer.uniqueKey()
        let site = try site(key: key)
        defer { site.remove() }
        try await server.setMode("500", for: key)
        let run = try await TTSiteBinary.run(["build", "--quiet", "--now", now], in: site.folder)
        #expect(run.status == 3, "\(run.stderr)")
        #expect(run.stderr.contains(server.url("/data/\(key)").absoluteString) && run.stderr.contains("HTTP 500"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: site.output.path))
    }

    /// In the preview, a saved local table takes the fast way (`SitePlan.takeTables`), which
    /// reads every source again: a fetched table served from the cache says so, as a build
    /// does.
    @Test func thePreviewsDataUpdateSaysWhatReadingSaid() async throws {
        let key = TestServer.uniqueKey()
        let site = try TestSite(
            """
            -- ttsite.yml --
            title: Remote and local
            fetch: { timeout_seconds: 2, retries: 0 }
            data:
              things: { url: "\(server.url("/data/\(key)").absoluteString)", format: csv }
              local: { file: data/local.csv }
            -- data/local.csv --
            word
            one
            -- Content/index.md --
            ```ttsite query all
            SELECT word FROM local
            ```

            {{#data.all}}[{{word}}]{{/data.all}}
            """)
        defer { site.remove() }
        try await server.setMode("csv", for: key)
        let live = LiveSite()
        let first = try live.update(site.options(now: now), changed: [])
        #expect(first.update == nil)
        try await server.setMode("raggedcsv", for: key)
        try site.write("word\ntwo\n", to: "data/local.csv")
        let saved = try live.update(site.options(now: now), changed: [site.folder.appendingPathComponent("data/local.csv").path])
        #expect(saved.update?.pagesRendered == 1)
        #expect(try site.read("index.html").contains("[two]"))
        #expect(saved.warnings.contains { $0.contains("cached copy") }, "\(saved.warnings)")
    }
}

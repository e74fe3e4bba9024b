import Foundation
import TestSupport
import Testing

@testable import SiteBuilder

/// The guard of unattended builds, end to end through the binary: a source that shrank to
/// nothing or by more than `guard.max_shrink` since the last published build, and a build that
/// would remove more than `guard.max_deletes` of the published pages, fail with a message
/// naming the source (or the output) and both counts, and the published site stays
/// byte-identical; `--allow-shrink` lets one build through and becomes the new reference.
@Suite struct ShrinkGuardTests {
    let now = "2026-11-22T08:00:00Z"

    /// A randomuser document with `count` people.
    static func people(_ count: Int) -> String {
        let records = (0..<count).map { index in
            #"{"name":{"first":"Person","last":"Number\#(index)"},"#
                + #""dob":{"date":"1990-01-0\#(index % 9 + 1)T00:00:00Z"},"login":{"uuid":"uuid-\#(index)"}}"#
        }
        return #"{"results":[\#(records.joined(separator: ","))]}"#
    }

    func site(people: Int, config: String = "") throws -> TestSite {
        try TestSite(
            """
            -- ttsite.yml --
            title: Guarded
            people:
              - file: Content/data/people.json
            \(config)
            -- Content/index.md --
            We track {{people.count}} people.
            -- Content/data/people.json --
            \(Self.people(people))
            """)
    }

    func build(_ site: TestSite, _ extra: [String] = []) async throws -> ProgramRun {
        try await TTSiteBinary.run(["build", "--quiet", "--now", now] + extra, in: site.folder)
    }

    @Test func aLocalExportThatBecameEmptyIsRefusedEvenWithoutStrictAndTheSiteStays() async throws {
        let site = try site(people: 3)
        defer { site.remove() }
        #expect(try await build(site).status == 0)
        let published = try snapshot(of: site.output)
        #expect(published["people/person-number2/index.html"] != nil)

        try site.write(#"{"results": []}"#, to: "Content/data/people.json")
        for flags in [[], ["--strict"]] {
            let run = try await build(site, flags)
            #expect(run.status == 1)
            #expect(
                run.stderr
                    == "ttsite: error: Content/data/people.json: the source has no people now, but the last published build had 3 people; "
                    + "the published site is kept. If this is meant, build once with --allow-shrink\n")
            #expect(try snapshot(of: site.output) == published)
            #expect(leftovers(in: site.folder).isEmpty)
        }
        // `check` says what `build` would say.
        let check = try await TTSiteBinary.run(["check", "--quiet", "--now", now], in: site.folder)
        #expect(check.status == 1)
        #expect(check.stderr.contains("Content/data/people.json: the source has no people now, but the last published build had 3 people"))

        // A deliberate build goes through and becomes the reference for the next one.
        #expect(try await build(site, ["--allow-shrink"]).status == 0)
        #expect(try site.read("index.html").contains("We track 0 people."))
        #expect(try await build(site).status == 0)
        // Growing again is never refused.
        try site.write(Self.people(5), to: "Content/data/people.json")
        #expect(try await build(site).status == 0)
    }

    @Test func aSourceMayLoseHalfItsRecordsButNotMore() async throws {
        let site = try site(people: 4)
        defer { site.remove() }
        #expect(try await build(site).status == 0)
        let published = try snapshot(of: site.output)

        try site.write(Self.people(1), to: "Content/data/people.json")
        let run = try await build(site)
        #expect(run.status == 1)
        #expect(
            run.stderr == "ttsite: error: Content/data/people.json: the source has 1 person now, but the last published build had 4 "
                + "(75% fewer; `guard.max_shrink` allows 50%); the published site is kept. "
                + "If this is meant, build once with --allow-shrink\n"
        )
        #expect(try snapshot(of: site.output) == published)

        // 4 → 2 is a loss of exactly 50 %: allowed.
        try site.write(Self.people(2), to: "Content/data/people.json")
        #expect(try await build(site).status == 0)
        #expect(try site.read("index.html").contains("We track 2 people."))
    }

    @Test func theLimitsComeFromTheConfig() async throws {
        let site = try site(people: 4, config: "guard: { max_shrink: 80%, max_deletes: 100% }")
        defer { site.remove() }
        #expect(try await build(site).status == 0)
        try site.write(Self.people(1), to: "Content/data/people.json")
        #expect(try await build(site).status == 0)
        // Zero is refused whatever the limit.
        try site.write(Self.people(0), to: "Content/data/people.json")
        let run = try await build(site)
        #expect(run.status == 1)
        #expect(run.stderr.contains("the source has no people now, but the last published build had 1 person;"))
    }

    @Test func aRemoteSourceThatAnswersAnEmptyListWithNoCacheIsRefused() async throws {
        let server = try await TestServer.shared
        let key = TestServer.uniqueKey()
        let url = server.url("/data/\(key)")
        let site = try TestSite(
            """
            -- ttsite.yml --
            title: Remote
            fetch: { timeout_seconds: 5, retries: 0 }
            people:
              - url: \(url)
            -- Content/index.md --
            We track {{people.count}} people.
            """)
        defer { site.remove() }
        try await server.setMode("people", for: key)
        #expect(try await build(site).status == 0)
        let published = try snapshot(of: site.output)

        // Without a cached copy the empty answer is a good document of no people: only the
        // record of the published build tells that it is worse.
        try await server.setMode("empty", for: key)
        try FileManager.default.removeItem(at: site.folder.appendingPathComponent(".ttsite/cache"))
        let run = try await build(site)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("ttsite: error: \(url): the source has no people now, but the last published build had 2 people;"))
        #expect(try snapshot(of: site.output) == published)
    }

    @Test func aBuildThatWouldRemoveMostOfThePublishedPagesIsRefused() async throws {
        let pages = (1...8).map { "-- Content/page\($0).md --\nPage \($0)" }.joined(separator: "\n")
        let site = try TestSite("-- ttsite.yml --\ntitle: Pages\n-- Content/index.md --\nHome\n" + pages)
        defer { site.remove() }
        #expect(try await build(site).status == 0)
        let published = try snapshot(of: site.output)
        let htmlPages = published.keys.filter { $0.hasSuffix(".html") }.count
        #expect(htmlPages == 10)  // index, 404 and page1…page8

        for page in 1...6 {
            try FileManager.default.removeItem(at: site.folder.appendingPathComponent("Content/page\(page).md"))
        }
        let run = try await build(site)
        #expect(run.status == 1)
        #expect(
            run.stderr == "ttsite: error: \(site.output.path): this build would remove 6 of the 10 published pages "
                + "(60%; `guard.max_deletes` allows 50%); the published site is kept. If this is meant, build once with --allow-shrink\n")
        #expect(try snapshot(of: site.output) == published)
        #expect(leftovers(in: site.folder).isEmpty)
        let check = try await TTSiteBinary.run(["check", "--quiet", "--now", now], in: site.folder)
        #expect(check.status == 1)
        #expect(check.stderr.contains("this build would remove 6 of the 10 published pages"))

        #expect(try await build(site, ["--allow-shrink"]).status == 0)
        #expect(try snapshot(of: site.output).keys.filter { $0.hasSuffix(".html") }.count == 4)
    }

    @Test func removingHalfThePagesIsAllowed() async throws {
        let pages = (1...8).map { "-- Content/page\($0).md --\nPage \($0)" }.joined(separator: "\n")
        let site = try TestSite("-- ttsite.yml --\ntitle: Pages\n-- Content/index.md --\nHome\n" + pages)
        defer { site.remove() }
        #expect(try await build(site).status == 0)
        for page in 1...5 {
            try FileManager.default.removeItem(at: site.folder.appendingPathComponent("Content/page\(page).md"))
        }
        #expect(try await build(site).status == 0)
    }

    @Test func eachOutputFolderIsComparedWithItsOwnLastBuild() async throws {
        let site = try site(people: 3)
        defer { site.remove() }
        #expect(try await build(site).status == 0)
        try site.write(Self.people(0), to: "Content/data/people.json")
        let elsewhere = site.folder.deletingLastPathComponent().appendingPathComponent("elsewhere")
        // Nothing was published there yet: nothing to compare with.
        #expect(try await build(site, ["--output", elsewhere.path]).status == 0)
        #expect(try await build(site).status == 1)
    }

    @Test func aDamagedRecordIsAnErrorUntilABuildWithAllowShrinkStartsANewOne() async throws {
        let site = try site(people: 3)
        defer { site.remove() }
        #expect(try await build(site).status == 0)
        let record = site.folder.appendingPathComponent(".ttsite/published.json")
        let ledger = try JSONDecoder().decode(PublishLedger.self, from: Data(contentsOf: record))
        #expect(ledger.outputs[site.output.standardizedFileURL.path]?.records == ["people Content/data/people.json": 3])

        try Data("{\"outputs\": ".utf8).write(to: record)
        let run = try await build(site)
        #expect(run.status == 2)
        #expect(
            run.stderr == "ttsite: error: .ttsite/published.json: the record of the last published build is damaged or of a newer ttsite; "
                + "build once with --allow-shrink to start a new record\n")
        #expect(try await build(site, ["--allow-shrink"]).status == 0)
        #expect(try await build(site).status == 0)
    }
}

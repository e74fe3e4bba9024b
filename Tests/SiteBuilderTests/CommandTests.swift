import Foundation
import TestSupport
import Testing

/// The `ttsite` binary run as a user runs it: exit codes and what it prints.
@Suite struct CommandTests {
    @Test func aGoodBuildExitsZeroAndQuietPrintsNothing() async throws {
        let site = try TestSite("-- ttsite.yml --\ntitle: T\n-- Content/index.md --\nHi")
        defer { site.remove() }
        let run = try await TTSiteBinary.run(["build", "--quiet", "--now", "2026-11-22T08:00:00Z"], in: site.folder)
        #expect(run.status == 0)
        #expect(run.stdout.isEmpty && run.stderr.isEmpty)
        #expect(FileManager.default.fileExists(atPath: site.output.appendingPathComponent("index.html").path))
        let loud = try await TTSiteBinary.run(["build"], in: site.folder)
        #expect(loud.status == 0)
        #expect(loud.stderr.hasPrefix("Built 1 page, 0 static files into "))
    }

    @Test func aMissingConfigExitsTwo() async throws {
        let site = try TestSite("-- Content/index.md --\nHi")
        defer { site.remove() }
        let run = try await TTSiteBinary.run(["build"], in: site.folder)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("ttsite: error: "))
        #expect(run.stderr.contains("ttsite.yml: no site config here: create ttsite.yml"))
    }

    @Test func anUnknownConfigKeyExitsTwoAndNamesIt() async throws {
        let site = try TestSite("-- ttsite.yml --\ntitle: T\nbase_ulr: https://example.org/\n")
        defer { site.remove() }
        let run = try await TTSiteBinary.run(["build"], in: site.folder)
        #expect(run.status == 2)
        #expect(run.stderr == "ttsite: error: ttsite.yml:2: unknown key `base_ulr`; did you mean `base_url`?\n")
    }

    @Test func badFrontMatterExitsOneAndNamesFileAndLine() async throws {
        let site = try TestSite("-- ttsite.yml --\ntitle: T\n-- Content/post.md --\n---\ntitle: ok\ndraft: perhaps\n---\nText")
        defer { site.remove() }
        let run = try await TTSiteBinary.run(["build"], in: site.folder)
        #expect(run.status == 1)
        #expect(run.stderr == "ttsite: error: Content/post.md:3: `draft` must be true or false, found `perhaps`\n")
    }

    @Test func aBadOptionIsAUsageErrorWithExitTwo() async throws {
        let site = try TestSite("-- ttsite.yml --\ntitle: T")
        defer { site.remove() }
        let unknown = try await TTSiteBinary.run(["build", "--no-such-flag"], in: site.folder)
        #expect(unknown.status == 2)
        let badNow = try await TTSiteBinary.run(["build", "--now", "yesterday"], in: site.folder)
        #expect(badNow.status == 2)
        #expect(badNow.stderr.contains("--now must be an ISO 8601 instant"))
    }

    /// A bad value is shown with the usage of the command it was given to, not the root's.
    @Test(arguments: [
        (
            ["build", "--now", "2026-13-01"],
            "--now must be an ISO 8601 instant such as 2026-11-22T08:00:00Z or 2026-11-22, found `2026-13-01`", "build"
        ),
        (["build", "--jobs", "0"], "--jobs must be 1 or more, found 0", "build"),
        (["check", "--jobs", "0"], "--jobs must be 1 or more, found 0", "check"),
        (["build", "--wait=-1"], "--wait must be 0 or more seconds", "build"),
    ])
    func aBadValueShowsTheUsageOfItsCommand(arguments: [String], message: String, command: String) async throws {
        let site = try TestSite("-- ttsite.yml --\ntitle: T")
        defer { site.remove() }
        let run = try await TTSiteBinary.run(arguments, in: site.folder)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("ttsite: Error: \(message)\nUsage: ttsite \(command) "), "\(run.stderr)")
    }

    @Test func quietAndVerboseHaveShortFlags() async throws {
        let site = try TestSite("-- ttsite.yml --\ntitle: T\n-- Content/index.md --\nHi")
        defer { site.remove() }
        let quiet = try await TTSiteBinary.run(["build", "-q", "--now", "2026-11-22"], in: site.folder)
        #expect(quiet.status == 0 && quiet.stderr.isEmpty && quiet.stdout.isEmpty)
        let verbose = try await TTSiteBinary.run(["build", "-v", "--full", "--now", "2026-11-22"], in: site.folder)
        #expect(verbose.status == 0 && verbose.stderr.hasPrefix("  content: 1 Markdown pages"), "\(verbose.stderr)")
        #expect(try await TTSiteBinary.run(["build", "-q", "-v"], in: site.folder).status == 2)
    }

    /// Help names each default once (swift-argument-parser adds "(default: …)" to an option
    /// with a default value, so the help text must not).
    @Test func helpNamesEachDefaultOnce() async throws {
        let site = try TestSite("-- ttsite.yml --\ntitle: T")
        defer { site.remove() }
        let help = try await TTSiteBinary.run(["build", "--help"], in: site.folder).stdout
        let flattened = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flattened.contains("finish (default: 0, fail at once)."))
        #expect(!flattened.contains("(default: 0.0)"))
    }

    @Test func aDataFileThatIsNotThereNamesTheConfigLine() async throws {
        let site = try TestSite("-- ttsite.yml --\ntitle: T\npeople:\n  - file: Content/data/peple.json\n")
        defer { site.remove() }
        let run = try await TTSiteBinary.run(["build"], in: site.folder)
        #expect(run.status == 3)
        // Line 3: the entry of `people`.
        #expect(
            run.stderr
                == "ttsite: error: ttsite.yml:3: `people` names `Content/data/peple.json`, which is not there (no such file or folder)\n")
    }

    @Test func versionAndHelpExitZero() async throws {
        let site = try TestSite("-- ttsite.yml --\ntitle: T")
        defer { site.remove() }
        let version = try await TTSiteBinary.run(["--version"], in: site.folder)
        #expect(version.status == 0)
        #expect(version.stdout.split(separator: ".").count == 3)
        #expect(try await TTSiteBinary.run(["build", "--help"], in: site.folder).status == 0)
    }

    @Test func dataListsTablesAndQueryPrintsResultsOrTheSQLsMistake() async throws {
        let site = try TestSite(
            """
            -- ttsite.yml --
            title: T
            data:
              crew: { file: data/crew.csv }
            -- data/crew.csv --
            name,flights
            "Young, John",6
            Lovell,4
            """)
        defer { site.remove() }
        let data = try await TTSiteBinary.run(["data"], in: site.folder)
        #expect(data.status == 0)
        #expect(data.stdout == "crew  (2 rows, from data/crew.csv)\n  name     text\n  flights  integer\n")
        let csv = try await TTSiteBinary.run(
            ["query", "SELECT name, flights FROM crew ORDER BY flights DESC", "--format", "csv"], in: site.folder)
        #expect(csv.status == 0)
        #expect(csv.stdout == "name,flights\r\n\"Young, John\",6\r\nLovell,4\r\n")
        let json = try await TTSiteBinary.run(
            ["query", "SELECT flights FROM crew WHERE name = 'Lovell'", "--format", "json"], in: site.folder)
        #expect(json.stdout == "[\n{\"flights\":4}\n]\n")
        let wrong = try await TTSiteBinary.run(["query", "SELECT name\nFROM crew\nWHERE nope = 1"], in: site.folder)
        #expect(wrong.status == 1)
        #expect(wrong.stderr == "ttsite: error: query:3: no such column: nope\n")
        let write = try await TTSiteBinary.run(["query", "DELETE FROM crew"], in: site.folder)
        #expect(write.status == 1 && write.stderr.contains("not allowed"), "\(write.stderr)")
    }
}

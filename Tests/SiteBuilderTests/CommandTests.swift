import Foundation
import Testing
import TestSupport

/// The `ttsite` binary run as a user runs it: exit codes and what it prints.
@Suite struct CommandTests {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static var binary: URL { TTSiteBinary.url }

    /// Waits for the binary without holding a thread of the concurrency pool, which every
    /// test of the process shares.
    func run(_ arguments: [String], in folder: URL) async throws -> Run {
        let (status, stdout, stderr) = try await ChildProcess(Self.binary, arguments, in: folder).finish()
        return Run(status: status, stdout: stdout, stderr: stderr)
    }

    @Test func aGoodBuildExitsZeroAndQuietPrintsNothing() async throws {
        let site = try TestSite("-- ttsite.yml --\ntitle: T\n-- Content/index.md --\nHi")
        defer { site.remove() }
        let run = try await run(["build", "--quiet", "--now", "2026-11-22T08:00:00Z"], in: site.folder)
        #expect(run.status == 0)
        #expect(run.stdout.isEmpty && run.stderr.isEmpty)
        #expect(FileManager.default.fileExists(atPath: site.output.appendingPathComponent("index.html").path))
        let loud = try await self.run(["build"], in: site.folder)
        #expect(loud.status == 0)
        #expect(loud.stderr.hasPrefix("Built 1 page, 0 static files into "))
    }

    @Test func aMissingConfigExitsTwo() async throws {
        let site = try TestSite("-- Content/index.md --\nHi")
        defer { site.remove() }
        let run = try await run(["build"], in: site.folder)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("ttsite: error: "))
        #expect(run.stderr.contains("ttsite.yml: no site config here: create ttsite.yml"))
    }

    @Test func anUnknownConfigKeyExitsTwoAndNamesIt() async throws {
        let site = try TestSite("-- ttsite.yml --\ntitle: T\nbase_ulr: https://example.org/\n")
        defer { site.remove() }
        let run = try await run(["build"], in: site.folder)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("ttsite: error: ttsite.yml:2: unknown key `base_ulr`; known keys are `title`, `base_url`,"))
    }

    @Test func badFrontMatterExitsOneAndNamesFileAndLine() async throws {
        let site = try TestSite("-- ttsite.yml --\ntitle: T\n-- Content/post.md --\n---\ntitle: ok\ndraft: perhaps\n---\nText")
        defer { site.remove() }
        let run = try await run(["build"], in: site.folder)
        #expect(run.status == 1)
        #expect(run.stderr == "ttsite: error: Content/post.md:3: `draft` must be true or false, found `perhaps`\n")
    }

    @Test func aBadOptionIsAUsageErrorWithExitTwo() async throws {
        let site = try TestSite("-- ttsite.yml --\ntitle: T")
        defer { site.remove() }
        let unknown = try await run(["build", "--no-such-flag"], in: site.folder)
        #expect(unknown.status == 2)
        let badNow = try await run(["build", "--now", "yesterday"], in: site.folder)
        #expect(badNow.status == 2)
        #expect(badNow.stderr.contains("--now must be an ISO 8601 instant"))
    }

    @Test func versionAndHelpExitZero() async throws {
        let site = try TestSite("-- ttsite.yml --\ntitle: T")
        defer { site.remove() }
        let version = try await run(["--version"], in: site.folder)
        #expect(version.status == 0)
        #expect(version.stdout.split(separator: ".").count == 3)
        #expect(try await run(["build", "--help"], in: site.folder).status == 0)
    }
}

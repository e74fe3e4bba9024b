import Foundation
import TestSupport
import Testing

/// The `ttsite` binary run as a user runs it: exit codes and what it prints.
@Suite struct CommandTests {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static var binary: URL { TTSiteBinary.url }

    func run(_ arguments: [String], in folder: URL) throws -> Run {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }

    @Test func aGoodBuildExitsZeroAndQuietPrintsNothing() throws {
        let site = try TestSite("-- ttsite.yml --\ntitle: T\n-- Content/index.md --\nHi")
        defer { site.remove() }
        let run = try run(["build", "--quiet", "--now", "2026-11-22T08:00:00Z"], in: site.folder)
        #expect(run.status == 0)
        #expect(run.stdout.isEmpty && run.stderr.isEmpty)
        #expect(FileManager.default.fileExists(atPath: site.output.appendingPathComponent("index.html").path))
        let loud = try self.run(["build"], in: site.folder)
        #expect(loud.status == 0)
        #expect(loud.stderr.hasPrefix("Built 1 page, 0 static files into "))
    }

    @Test func aMissingConfigExitsTwo() throws {
        let site = try TestSite("-- Content/index.md --\nHi")
        defer { site.remove() }
        let run = try run(["build"], in: site.folder)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("ttsite: error: "))
        #expect(run.stderr.contains("ttsite.yml: no site config here: create ttsite.yml"))
    }

    @Test func anUnknownConfigKeyExitsTwoAndNamesIt() throws {
        let site = try TestSite("-- ttsite.yml --\ntitle: T\nbase_ulr: https://example.org/\n")
        defer { site.remove() }
        let run = try run(["build"], in: site.folder)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("ttsite: error: ttsite.yml:2: unknown key `base_ulr`; known keys are `title`, `base_url`,"))
    }

    @Test func badFrontMatterExitsOneAndNamesFileAndLine() throws {
        let site = try TestSite("-- ttsite.yml --\ntitle: T\n-- Content/post.md --\n---\ntitle: ok\ndraft: perhaps\n---\nText")
        defer { site.remove() }
        let run = try run(["build"], in: site.folder)
        #expect(run.status == 1)
        #expect(run.stderr == "ttsite: error: Content/post.md:3: `draft` must be true or false, found `perhaps`\n")
    }

    @Test func aBadOptionIsAUsageErrorWithExitTwo() throws {
        let site = try TestSite("-- ttsite.yml --\ntitle: T")
        defer { site.remove() }
        let unknown = try run(["build", "--no-such-flag"], in: site.folder)
        #expect(unknown.status == 2)
        let badNow = try run(["build", "--now", "yesterday"], in: site.folder)
        #expect(badNow.status == 2)
        #expect(badNow.stderr.contains("--now must be an ISO 8601 instant"))
    }

    @Test func versionAndHelpExitZero() throws {
        let site = try TestSite("-- ttsite.yml --\ntitle: T")
        defer { site.remove() }
        let version = try run(["--version"], in: site.folder)
        #expect(version.status == 0)
        #expect(version.stdout.split(separator: ".").count == 3)
        #expect(try run(["build", "--help"], in: site.folder).status == 0)
    }
}

import Foundation
import TestSupport
import Testing

@testable import SiteBuilder

/// What a nightly build meets: sources that fail every way, a full disk, a read-only disk,
/// `kill -9`, SIGTERM and SIGINT mid-build, and two builds at once. Each time the published
/// site is either byte-identical to the one before or completely the new one, the exit
/// code is the spec's, and the message names what failed.
@Suite(.serialized) struct FaultTests {
    let server: TestServer
    let now = "2026-11-22T08:00:00Z"

    init() async throws {
        server = try await TestServer.shared
    }

    // MARK: Sources that fail

    /// A site whose people come from `/data/<key>` of the loopback server.
    func remoteSite(key: String, timeout: Int = TestServer.answerSeconds, maxBytes: Int = 5000) throws -> TestSite {
        try TestSite(
            """
            -- ttsite.yml --
            title: Remote
            fetch: { timeout_seconds: \(timeout), retries: 1, max_bytes: \(maxBytes) }
            people:
              - url: \(server.url("/data/\(key)"))
            -- Content/index.md --
            We track {{people.count}} people.
            """)
    }

    /// Every way the loopback server fails (see `TestSupport/Server/test_server.py`), with the
    /// cause the message must give. Worked out from the server's behaviour: `retries: 1`
    /// makes two attempts for the failures worth retrying (5xx, time-outs, lost connections),
    /// one for the others.
    static let failures: [(mode: String, cause: String)] = [
        ("500", "HTTP 500 Internal Server Error (2 attempts)"),
        ("503", "HTTP 503 Service Unavailable (2 attempts)"),
        ("404", "HTTP 404 Not Found"),
        ("hang", "timed out after 1 s (2 attempts)"),
        ("truncated", "truncated: 120 of 400 bytes (2 attempts)"),
        ("html", "the response is HTML or XML, not JSON (it starts with \"<!DOCTYPE html><html><body><h1>Maintenan\")"),
        ("error", "the document is an error message, not data: Uh oh, something has gone wrong."),
        ("notjson", "the document is not JSON: line 1, column 2: expected a key in quotes"),
        ("big", "the body is larger than 5000 bytes (max_bytes)"),
        ("loop", "redirected more than 5 times"),
    ]

    @Test(arguments: FaultTests.failures)
    func aFailingSourceWithoutACacheIsExitThreeAndTheSiteStays(mode: String, cause: String) async throws {
        let key = TestServer.uniqueKey()
        let site = try remoteSite(key: key, timeout: TestServer.timeoutSeconds(for: mode))
        defer { site.remove() }
        try await server.setMode("people", for: key)
        let good = try await TTSiteBinary.run(["build", "--quiet", "--now", now], in: site.folder)
        #expect(good.status == 0)
        let published = try snapshot(of: site.output)
        #expect(try site.read("index.html").contains("We track 2 people."))

        try await server.setMode(mode, for: key)
        try FileManager.default.removeItem(at: site.folder.appendingPathComponent(".ttsite/cache"))
        let run = try await TTSiteBinary.run(["build", "--quiet", "--now", now], in: site.folder)
        #expect(run.status == 3)
        #expect(run.stderr.hasPrefix("ttsite: error: \(server.url("/data/\(key)")): \(cause)"))
        #expect(run.stderr.hasSuffix(", and there is no cached copy\n"))
        #expect(try snapshot(of: site.output) == published)
        #expect(leftovers(in: site.folder).isEmpty)
    }

    @Test func aServerThatRefusesConnectionsIsExitThree() async throws {
        let key = TestServer.uniqueKey()
        let site = try remoteSite(key: key)
        defer { site.remove() }
        try await server.setMode("people", for: key)
        #expect(try await TTSiteBinary.run(["build", "--quiet", "--now", now], in: site.folder).status == 0)
        let published = try snapshot(of: site.output)
        // Port 1 (tcpmux) has no listener on a test machine: the connection is refused.
        try site.write(
            "title: Remote\nfetch: { timeout_seconds: \(TestServer.answerSeconds), retries: 1 }\npeople:\n"
                + "  - url: http://127.0.0.1:1/people.json\n",
            to: "ttsite.yml")
        let run = try await TTSiteBinary.run(["build", "--quiet", "--now", now], in: site.folder)
        #expect(run.status == 3)
        #expect(
            run.stderr
                == "ttsite: error: http://127.0.0.1:1/people.json: "
                + "could not connect to the server (2 attempts), and there is no cached copy\n"
        )
        #expect(try snapshot(of: site.output) == published)
    }

    @Test(arguments: ["500", "hang", "notjson", "truncated"])
    func aFailingSourceWithACacheBuildsFromItWithAWarningAndStrictRefuses(mode: String) async throws {
        let key = TestServer.uniqueKey()
        let site = try remoteSite(key: key, timeout: TestServer.timeoutSeconds(for: mode))
        defer { site.remove() }
        try await server.setMode("people", for: key)
        #expect(try await TTSiteBinary.run(["build", "--quiet", "--now", now], in: site.folder).status == 0)
        let published = try snapshot(of: site.output)
        try await server.setMode(mode, for: key)

        // --strict: a stale cache is as bad as no cache (exit 3, as the data sources say).
        let strict = try await TTSiteBinary.run(["build", "--quiet", "--strict", "--now", now], in: site.folder)
        #expect(strict.status == 3)
        #expect(strict.stderr.hasPrefix("ttsite: error: \(server.url("/data/\(key)")): "))
        #expect(strict.stderr.hasSuffix("; not using the cached copy (--strict)\n"))
        #expect(try snapshot(of: site.output) == published)

        let run = try await TTSiteBinary.run(["build", "--quiet", "--now", now], in: site.folder)
        #expect(run.status == 0)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("ttsite: warning: \(server.url("/data/\(key)")): ") == true)
        #expect(lines.first?.contains("cached copy") == true)
        // The same people from the cache: the same pages.
        #expect(try snapshot(of: site.output) == published)
    }

    // MARK: The disk

    @Test(.enabled(if: ScratchDisk.available))
    func aFullDiskFailsTheBuildAndKeepsTheSite() async throws {
        let disk = try ScratchDisk(megabytes: 2)
        defer { disk.remove() }
        let site = try TestSite("-- ttsite.yml --\ntitle: Disk\n-- Content/index.md --\nHome\n-- Content/about.md --\nAbout")
        defer { site.remove() }
        let output = disk.folder.appendingPathComponent("public")
        #expect(try await TTSiteBinary.run(["build", "--quiet", "--output", output.path, "--now", now], in: site.folder).status == 0)
        let published = try snapshot(of: output)

        // 3 MB of download does not fit on a 2 MB disk.
        try Data(count: 3_000_000).write(to: site.folder.appendingPathComponent("Content/video.bin"))
        let run = try await TTSiteBinary.run(["build", "--quiet", "--output", output.path, "--now", now], in: site.folder)
        #expect(run.status == 1)
        #expect(run.stderr.contains("cannot copy video.bin into the output: no space left on device"))
        #expect(try snapshot(of: output) == published)
        #expect(leftovers(in: disk.folder).isEmpty)

        try FileManager.default.removeItem(at: site.folder.appendingPathComponent("Content/video.bin"))
        #expect(try await TTSiteBinary.run(["build", "--quiet", "--output", output.path, "--now", now], in: site.folder).status == 0)
    }

    @Test(.enabled(if: ScratchDisk.available))
    func aReadOnlyOutputParentFailsTheBuildAndKeepsTheSite() async throws {
        let disk = try ScratchDisk(megabytes: 4)
        defer { disk.remove() }
        let site = try TestSite("-- ttsite.yml --\ntitle: Disk\n-- Content/index.md --\nHome")
        defer { site.remove() }
        let output = disk.folder.appendingPathComponent("public")
        #expect(try await TTSiteBinary.run(["build", "--quiet", "--output", output.path, "--now", now], in: site.folder).status == 0)
        let published = try snapshot(of: output)
        try disk.makeReadOnly()
        try site.write("Home, edited", to: "Content/index.md")
        let run = try await TTSiteBinary.run(["build", "--quiet", "--output", output.path, "--now", now], in: site.folder)
        #expect(run.status == 1)
        #expect(
            run.stderr == "ttsite: error: \(disk.folder.path): cannot create the staging folder beside the output: read-only file system\n")
        #expect(try snapshot(of: output) == published)
    }

    // MARK: Signals

    /// 2,000 pages: long enough to be caught mid-render. `title` marks which build wrote a page.
    func bigSite(title: String) throws -> TestSite {
        var files = "-- ttsite.yml --\ntitle: \(title)\n-- Content/index.md --\nThe notes.\n"
        for page in 1...2000 {
            files += "-- Content/notes/note-\(page).md --\n---\ntitle: Note \(page)\n---\nNote *\(page)* of [the site](../../).\n"
        }
        return try TestSite(files)
    }

    /// The output is all the first build's or all the second's, never a mix.
    func expectWhole(_ output: URL, old: [String: Data], newTitle: String) throws {
        let now = try snapshot(of: output)
        if now == old { return }
        let pages = now.filter { $0.key.hasSuffix(".html") }
        #expect(pages.count == old.filter { $0.key.hasSuffix(".html") }.count)
        #expect(pages.values.allSatisfy { String(decoding: $0, as: UTF8.self).contains(newTitle) })
    }

    /// Builds a first edition of the big site, then starts a build of the second edition and
    /// sends it `signal` once its staging folder exists (mid-render); returns it with the first
    /// edition's files. The signal goes from the thread that saw the folder: a test awaiting that
    /// moment on the concurrency pool could resume after the build had finished.
    func secondEditionMidBuild(_ site: TestSite, interruptedBy signal: Int32) async throws -> (
        build: ChildProcess, published: [String: Data]
    ) {
        #expect(try await TTSiteBinary.run(["build", "--quiet", "--now", now], in: site.folder).status == 0)
        let published = try snapshot(of: site.output)
        try site.write("title: Second edition", to: "ttsite.yml")
        let build = try TTSiteBinary.start(["build", "--quiet", "--now", now], in: site.folder)
        let midBuild = try await offThePool {
            let seen = waitUntil { !leftovers(in: site.folder).isEmpty || !build.isRunning }
            kill(build.pid, signal)
            return seen
        }
        #expect(midBuild)
        return (build, published)
    }

    @Test func killNineMidBuildLeavesTheSiteAndTheNextBuildCleansUp() async throws {
        let site = try bigSite(title: "First edition")
        defer { site.remove() }
        let (build, published) = try await secondEditionMidBuild(site, interruptedBy: SIGKILL)
        let result = try await build.finish()
        #expect(result.signalled && result.status == SIGKILL)
        try expectWhole(site.output, old: published, newTitle: "Second edition")

        // The lock died with the process; the next build removes the dead build's staging folder.
        let next = try await TTSiteBinary.run(["build", "--quiet", "--now", now], in: site.folder)
        #expect(next.status == 0 && next.stderr.isEmpty)
        #expect(leftovers(in: site.folder).isEmpty)
        #expect(try site.read("notes/note-1/index.html").contains("Second edition"))
    }

    @Test(arguments: [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT")])
    func aSignalMidBuildRemovesTheStagingFolderAndKeepsTheSite(signal: Int32, name: String) async throws {
        let site = try bigSite(title: "First edition")
        defer { site.remove() }
        let (build, published) = try await secondEditionMidBuild(site, interruptedBy: signal)
        let result = try await build.finish()
        // The shell's convention: 128 + the signal's number.
        #expect(!result.signalled && result.status == 128 + signal)
        #expect(result.stderr == "\nttsite: stopped by \(name); the output folder holds the last complete build\n")
        #expect(leftovers(in: site.folder).isEmpty)
        try expectWhole(site.output, old: published, newTitle: "Second edition")
    }

    // MARK: Two builds at once

    @Test func aSecondBuildIsRefusedOrWaitsForTheFirst() async throws {
        let key = TestServer.uniqueKey()
        // The first build holds the lock while the server takes four seconds to answer.
        let site = try remoteSite(key: key)
        defer { site.remove() }
        try await server.setMode("slowpeople", for: key)
        let lockFile = site.folder.appendingPathComponent(".ttsite/lock")
        let first = try TTSiteBinary.start(["build", "--quiet", "--now", now], in: site.folder)
        // The second build starts from the thread that saw the lock taken: a test awaiting that
        // moment on the concurrency pool could resume after the first build had finished.
        let (locked, second) = try await offThePool {
            let locked = waitUntil { (try? String(contentsOf: lockFile, encoding: .utf8)) == "\(first.pid)\n" }
            return (locked, try TTSiteBinary.start(["build", "--quiet", "--now", now], in: site.folder))
        }
        #expect(locked)

        let refused = try await second.finish()
        #expect(refused.status == 1)
        #expect(
            refused.stderr
                == "ttsite: error: \(lockFile.path): another ttsite build of this site is running (pid \(first.pid)); "
                + "try again later, or pass --wait SECONDS to wait for it\n"
        )
        #expect(!FileManager.default.fileExists(atPath: site.output.path))

        let waiting = try TTSiteBinary.start(["build", "--quiet", "--wait", "120", "--now", now], in: site.folder)
        let firstResult = try await first.finish()
        let waitingResult = try await waiting.finish()
        #expect(firstResult.status == 0 && firstResult.stderr.isEmpty)
        #expect(waitingResult.status == 0 && waitingResult.stderr.isEmpty)
        #expect(try site.read("index.html").contains("We track 2 people."))
        #expect(leftovers(in: site.folder).isEmpty)
    }

    /// The lock in the library: a second `Site.build` of a locked site fails with `.locked`
    /// (exit 1) — after the second a lock of its own process is given, in case it is a copy a
    /// starting child holds — and succeeds once the lock is released.
    @Test func theLockIsTheSitesNotTheProcesss() throws {
        let site = try TestSite("-- ttsite.yml --\ntitle: T\n-- Content/index.md --\nHi")
        defer { site.remove() }
        var held: SiteLock? = try SiteLock(siteFolder: site.folder, outputFolder: site.output, wait: 0)
        #expect(held != nil)
        do {
            try site.build()
            Issue.record("a locked site was built")
        } catch let error as BuildError {
            #expect(error.kind == .locked && error.exitCode == 1)
            #expect(
                error.message.hasPrefix("another ttsite build of this site is running (pid \(ProcessInfo.processInfo.processIdentifier))"))
        }
        held = nil
        #expect(throws: Never.self) { try site.build() }
    }
}

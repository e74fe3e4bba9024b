import Foundation
import Testing
import TestSupport

/// `ttsite serve` as a user runs it: after `ttsite init`, it serves, and Ctrl-C stops it
/// cleanly; a port in use is a usage error that says what to do.
@Suite struct ServeCommandTests {
    static var binary: URL { TTSiteBinary.url }

    /// A running `ttsite serve` and what it printed on stderr so far.
    struct Running {
        let child: ChildProcess

        init(_ arguments: [String], in folder: URL) throws {
            child = try ChildProcess(ServeCommandTests.binary, arguments, in: folder)
        }

        var process: Process { child.process }
        var stderr: String { child.errorOutput }

        /// The process ended and everything it printed has been read.
        var finished: Bool { child.finished }

        /// The port from the "Serving … at http://127.0.0.1:PORT/" line, once printed.
        var port: UInt16? {
            stderr.firstMatch(of: /at http:\/\/127\.0\.0\.1:(\d+)\//).flatMap { UInt16($0.1) }
        }
    }

    @Test func aNewSiteIsServedAndCtrlCStopsTheServerCleanly() async throws {
        let temporary = try TemporaryFolder("serve-cli")
        defer { temporary.remove() }
        let parent = temporary.url
        let initialize = try await ChildProcess(Self.binary, ["init", "mysite"], in: parent).finish()
        #expect(initialize.status == 0, "\(initialize.stderr)")

        let serve = try Running(["serve", "--port", "0"], in: parent.appendingPathComponent("mysite"))
        defer { if serve.process.isRunning { serve.process.terminate() } }
        #expect(await eventually { serve.port != nil }, "\(serve.stderr)")
        let port = try #require(serve.port)
        let people = try await RawHTTP(port: port).request("/people/")
        #expect(people.status == 200)
        #expect(people.text.contains("Jennie Nichols"))

        kill(serve.process.processIdentifier, SIGINT)
        #expect(await eventually { serve.finished })
        #expect(serve.process.terminationReason == .exit)
        #expect(serve.process.terminationStatus == 0)
        #expect(serve.stderr.hasSuffix("Stopped.\n"))
        await #expect(throws: RawHTTP.Failure.self) { try await RawHTTP(port: port).request("/") }
        // The preview wrote only its private folder.
        #expect(!FileManager.default.fileExists(atPath: parent.appendingPathComponent("mysite/_site").path))
    }

    @Test func aPortInUseIsAUsageErrorThatSaysWhatToDo() async throws {
        let preview = try await PreviewFixture.start()
        defer { Task { await preview.stop() } }
        let second = try Running(["serve", "--port", String(preview.port)], in: preview.folder)
        #expect(await eventually { second.finished })
        #expect(second.process.terminationStatus == 2)
        #expect(second.stderr.contains("ttsite: error: cannot listen on 127.0.0.1:\(preview.port): address already in use; pass --port with another number, or --port 0 for any free port\n"))
    }

    @Test func aFolderWithoutConfigIsRefusedBeforeServing() async throws {
        let temporary = try TemporaryFolder("serve-empty")
        defer { temporary.remove() }
        let empty = temporary.url
        let run = try Running(["serve", "--port", "0"], in: empty)
        #expect(await eventually { run.finished })
        #expect(run.process.terminationStatus == 2)
        #expect(run.stderr.contains("ttsite.yml: no site config here: create one with `ttsite init`"))
    }
}

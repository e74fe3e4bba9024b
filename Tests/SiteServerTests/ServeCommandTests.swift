import Foundation
import Testing
import TestSupport

/// `ttsite serve` as a user runs it: after `ttsite init`, it serves, and Ctrl-C stops it
/// cleanly; a port in use is a usage error that says what to do.
@Suite struct ServeCommandTests {
    /// The port from the "Serving … at http://127.0.0.1:PORT/" line of a running `ttsite
    /// serve`, once printed.
    func listeningPort(_ serve: ChildProcess) -> UInt16? {
        serve.errorOutput.firstMatch(of: /at http:\/\/127\.0\.0\.1:(\d+)\//).flatMap { UInt16($0.1) }
    }

    @Test func aNewSiteIsServedAndCtrlCStopsTheServerCleanly() async throws {
        let temporary = try TemporaryFolder("serve-cli")
        defer { temporary.remove() }
        let parent = temporary.url
        let initialize = try await TTSiteBinary.run(["init", "mysite"], in: parent)
        #expect(initialize.status == 0, "\(initialize.stderr)")

        let serve = try TTSiteBinary.start(["serve", "--port", "0"], in: parent.appendingPathComponent("mysite"))
        defer { serve.terminate() }
        #expect(await eventually { listeningPort(serve) != nil }, "\(serve.errorOutput)")
        let port = try #require(listeningPort(serve))
        let people = try await RawHTTP(port: port).request("/people/")
        #expect(people.status == 200)
        #expect(people.text.contains("Jennie Nichols"))

        kill(serve.pid, SIGINT)
        #expect(await eventually { serve.finished })
        #expect(serve.ending?.signalled == false)
        #expect(serve.ending?.status == 0)
        #expect(serve.errorOutput.hasSuffix("Stopped.\n"))
        await #expect(throws: RawHTTP.Failure.self) { try await RawHTTP(port: port).request("/") }
        // The preview wrote only its private folder.
        #expect(!FileManager.default.fileExists(atPath: parent.appendingPathComponent("mysite/_site").path))
    }

    @Test func aPortInUseIsAUsageErrorThatSaysWhatToDo() async throws {
        let preview = try await PreviewFixture.start()
        defer { Task { await preview.stop() } }
        let second = try TTSiteBinary.start(["serve", "--port", String(preview.port)], in: preview.folder)
        #expect(await eventually { second.finished })
        #expect(second.ending?.status == 2)
        #expect(second.errorOutput.contains("ttsite: error: cannot listen on 127.0.0.1:\(preview.port): address already in use; pass --port with another number, or --port 0 for any free port\n"))
    }

    @Test func aFolderWithoutConfigIsRefusedBeforeServing() async throws {
        let temporary = try TemporaryFolder("serve-empty")
        defer { temporary.remove() }
        let empty = temporary.url
        let run = try TTSiteBinary.start(["serve", "--port", "0"], in: empty)
        #expect(await eventually { run.finished })
        #expect(run.ending?.status == 2)
        #expect(run.errorOutput.contains("ttsite.yml: no site config here: create one with `ttsite init`"))
    }
}

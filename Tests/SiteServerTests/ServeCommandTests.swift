import Foundation
import TestSupport
import Testing

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

    /// A client sending a header of many megabytes kept the preview's threads busy, and
    /// SIGTERM left it running while the client went on. Such clients are now cut off at
    /// 64 KB; asked to stop while clients are connected mid-request and a page listens for
    /// events, the preview closes them and ends (and had it not closed within a few
    /// seconds, the process would end anyway).
    @Test func sigtermStopsAPreviewWithClientsConnected() async throws {
        let temporary = try TemporaryFolder("serve-busy")
        defer { temporary.remove() }
        let initialize = try await TTSiteBinary.run(["init", "mysite"], in: temporary.url)
        #expect(initialize.status == 0, "\(initialize.stderr)")
        let serve = try TTSiteBinary.start(["serve", "--port", "0"], in: temporary.url.appendingPathComponent("mysite"))
        defer { serve.terminate(SIGKILL) }
        #expect(await eventually { listeningPort(serve) != nil }, "\(serve.errorOutput)")
        let port = try #require(listeningPort(serve))
        let clients = (0..<2 * ProcessInfo.processInfo.activeProcessorCount + 2).map { _ in
            EndlessHeader(port: port, until: { serve.finished })
        }
        let idle = try (0..<4).map { _ in try RawHTTP.connect(port: port) }
        defer { for socket in idle { close(socket) } }
        let page = try await EventStreamClient.open(port: port)
        #expect(try await page.next(named: "hello") != nil)
        #expect(await eventually { clients.allSatisfy { $0.sent > 0 } }, "the clients could not connect")
        kill(serve.pid, SIGTERM)
        #expect(await eventually { serve.finished }, "\(serve.errorOutput)")
        #expect(serve.ending?.signalled == false)
        #expect(serve.ending?.status == 0)
        #expect(serve.errorOutput.contains("Stopped"), "\(serve.errorOutput)")
        #expect(try await page.next() == nil)
    }

    @Test func aPortInUseIsAUsageErrorThatSaysWhatToDo() async throws {
        let preview = try await PreviewFixture.start()
        defer { Task { await preview.stop() } }
        let second = try TTSiteBinary.start(["serve", "--port", String(preview.port)], in: preview.folder)
        #expect(await eventually { second.finished })
        #expect(second.ending?.status == 2)
        #expect(
            second.errorOutput.contains(
                "ttsite: error: cannot listen on 127.0.0.1:\(preview.port): address already in use; "
                    + "pass --port with another number, or --port 0 for any free port\n"
            ))
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

/// A client that sends one request whose header never ends, on a thread of its own, until
/// `until` says so or the server stops reading (10 minutes at most).
final class EndlessHeader: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes = 0
    private var done = false

    var sent: Int { lock.withLock { bytes } }
    var ended: Bool { lock.withLock { done } }

    init(port: UInt16, until: @escaping @Sendable () -> Bool) {
        Thread.detachNewThread { [self] in
            defer { lock.withLock { done = true } }
            let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard socket >= 0 else { return }
            defer { close(socket) }
            var timeout = timeval(tv_sec: 1, tv_usec: 0)
            setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard connected == 0 else { return }
            let start = Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Endless: ".utf8)
            let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 16)
            let deadline = Date().addingTimeInterval(600)
            var first = true
            while !until(), Date() < deadline {
                let part = first ? start : chunk
                let written = part.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if written > 0 {
                    first = false
                    lock.withLock { bytes += written }
                } else if errno != EAGAIN, errno != EWOULDBLOCK, errno != EINTR {
                    return
                }
            }
        }
    }
}

import FlyingFox
import FlyingSocks
import Foundation

/// The preview's HTTP/1.1 server. Any web page the author has open can send it requests (an
/// `<img>` pointing at 127.0.0.1:1717), so nothing a client sends may pin it: each
/// connection reads one head, bounded in bytes and in time, gets one answer and is closed.
///
///     accept → read the head (≤ 8 KB line, ≤ 64 KB in all, ≤ 10 s) → handler → answer → close
///
/// A client over a limit gets 414, 431 or 408 and is closed; an event stream ends when its
/// client leaves; a client that stops reading is dropped after `writeSeconds`; past
/// `connections` at once, new ones are closed unanswered. FlyingFox's own server reads heads
/// without bounds (a header of 50 MB kept a core busy for 40 s), so its sockets and request and
/// response types are used here, but not its connection loop.
final class PreviewListener: Sendable {
    struct Limits: Sendable {
        var head = RequestHead.Limits()
        /// How long a client has, from connecting, to send its request line and headers.
        var headSeconds: TimeInterval = 10
        /// How long one write of an answer may wait for a client that does not read.
        var writeSeconds: TimeInterval = 30
        /// Connections served at once.
        var connections = 256
        /// How long, and for how many bytes, a connection is read after its answer (see
        /// `PreviewConnection.linger`).
        var lingerSeconds: TimeInterval = 2
        var lingerBytes = 1 << 20
    }

    /// The port listened on: the one asked for, or the one the system chose for port 0.
    let port: UInt16
    private let task: Task<Void, Never>

    private init(port: UInt16, task: Task<Void, Never>) {
        self.port = port
        self.task = task
    }

    /// Listens on `address` and serves each request with `handler` until stopped.
    static func start(on address: ListenAddress, limits: Limits = Limits(), handler: some HTTPHandler) async throws -> PreviewListener {
        let socket = try address.listen()
        let pool = HTTPServer.defaultPool()
        let listening: AsyncSocket
        let port: UInt16
        do {
            port = try address.boundPort(of: socket)
            try await pool.prepare()
            listening = try AsyncSocket(socket: socket, pool: pool)
        } catch {
            try? socket.close()
            throw error
        }
        let task = Task {
            await withDiscardingTaskGroup { group in
                group.addTask { try? await pool.run() }
                let admission = Admission(limit: limits.connections)
                while !Task.isCancelled {
                    let client: AsyncSocket
                    do {
                        client = try await listening.accept()
                    } catch {
                        // Out of file descriptors, or a client that left before it was
                        // accepted: the preview goes on listening, a moment later.
                        try? await Task.sleep(for: .milliseconds(50))
                        continue
                    }
                    guard admission.enter() else {
                        try? client.close()
                        continue
                    }
                    group.addTask {
                        defer { admission.leave() }
                        await PreviewConnection(socket: client, limits: limits).serve(with: handler)
                    }
                }
                group.cancelAll()
            }
            try? socket.close()
        }
        return PreviewListener(port: port, task: task)
    }

    /// Stops listening and ends every connection, event streams included.
    func stop() async {
        task.cancel()
        await task.value
    }
}

/// Counts the connections being served, so that a flood of them is refused, not queued.
private final class Admission: @unchecked Sendable {
    private let lock = NSLock()
    private var open = 0
    private let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    func enter() -> Bool {
        lock.withLock {
            guard open < limit else { return false }
            open += 1
            return true
        }
    }

    func leave() {
        lock.withLock { open -= 1 }
    }
}

import Foundation
import TestSupport

/// The `ttsite` binary started in the background, its output drained as it comes (a pipe
/// nobody reads would block it), so a test can signal it, or start a second one, while it runs.
final class Launched: Sendable {
    let child: ChildProcess

    init(_ arguments: [String], in folder: URL) throws {
        child = try ChildProcess(CommandTests.binary, arguments, in: folder)
    }

    var process: Process { child.process }
    var pid: Int32 { process.processIdentifier }

    /// Waits for the process to end, without holding a thread of the concurrency pool: its
    /// exit status, or the signal that ended it.
    func finish() async throws -> (status: Int32, signalled: Bool, stderr: String) {
        let (status, _, stderr) = try await child.finish()
        return (status, process.terminationReason == .uncaughtSignal, stderr)
    }
}

/// Polls `condition` every 5 ms until it holds, for at most `limit` seconds. The limit only
/// keeps a broken test from hanging; no test asserts how long anything took.
///
/// It blocks: call it in `offThePool`, together with what must happen the moment the condition
/// holds (a signal, a second build). A test that awaited it on the concurrency pool could resume
/// seconds later on a busy machine, when the moment has passed.
@discardableResult
func waitUntil(limit: Double = 120, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(limit)
    while !condition() {
        if Date() > deadline { return false }
        usleep(5_000)
    }
    return true
}

/// Names in `folder` that a build leaves only when something went wrong.
func leftovers(in folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        .filter { $0.contains(".staging-") || $0.contains(".old-") }
}

import Foundation

/// What the preview pages need to know about the builds: the id of the last good one (a
/// page built before it reloads) and the failure that stands, if the last build failed.
final class PreviewState: @unchecked Sendable {
    private let lock = NSLock()
    private var buildNumber = 0
    private var standingFailure: String?
    /// Tells this server's builds from an earlier run's: a page left open across a restart
    /// reloads when it reconnects.
    private let run = String(UInt64(Date().timeIntervalSince1970 * 1000), radix: 36)

    var build: String { lock.withLock { "\(run)-\(buildNumber)" } }
    var failure: String? { lock.withLock { standingFailure } }

    /// Records a good build and returns its id.
    func succeeded() -> String {
        lock.withLock {
            buildNumber += 1
            standingFailure = nil
            return "\(run)-\(buildNumber)"
        }
    }

    func failed(_ message: String) {
        lock.withLock { standingFailure = message }
    }
}

import Foundation

/// The one place the process hears SIGINT (Ctrl-C), SIGTERM and SIGHUP. Two ways to stop:
///
/// - `install(message:)`, for `build` and `check`: the staging folder is removed, the
///   published site is left as it was, and the process exits 130 or 143 as a shell expects.
///   A signal that arrives while the output is being swapped waits until the swap is done,
///   so the site is either all old or all new.
/// - `install(onSignal:)`, for `serve`: each signal is handed to the caller, which stops its
///   own work and returns; the process ends when `main` does.
///
/// Signals are received by one thread of their own with `sigwait`: a handler would run on
/// whichever thread the kernel picks, in the middle of whatever it was doing.
public final class Interruption: @unchecked Sendable {
    public static let shared = Interruption()

    private let lock = NSLock()
    private var stagingFolders: Set<String> = []
    private var criticalDepth = 0
    private var pendingSignal: Int32?
    private var installed = false
    private var stopping = false
    private var onInterrupt: (@Sendable (Int32) -> Void)?
    private var handsOver = false

    /// Starts listening for SIGINT, SIGTERM and SIGHUP; a signal removes the staging folders
    /// and ends the process. Call it first thing in `main`, before any other thread starts,
    /// so that every thread inherits the blocked signals. `message` is called with the
    /// signal before the process exits.
    public func install(message: @escaping @Sendable (Int32) -> Void) {
        install(handler: message, handsOver: false)
    }

    /// Starts listening for SIGINT, SIGTERM and SIGHUP, and calls `onSignal` with each one
    /// instead of ending the process. Call it as early as `install(message:)`.
    public func install(onSignal: @escaping @Sendable (Int32) -> Void) {
        install(handler: onSignal, handsOver: true)
    }

    private func install(handler: @escaping @Sendable (Int32) -> Void, handsOver: Bool) {
        let first = lock.withLock {
            guard !installed else { return false }
            installed = true
            onInterrupt = handler
            self.handsOver = handsOver
            return true
        }
        guard first else { return }
        var signals = Self.signalSet
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        let thread = Thread { [self] in
            var signals = Self.signalSet
            while true {
                var received: Int32 = 0
                guard sigwait(&signals, &received) == 0 else { continue }
                interrupted(by: received)
            }
        }
        thread.name = "ttsite signals"
        thread.start()
    }

    private static var signalSet: sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&set, signal) }
        return set
    }

    /// Called by the command before it reports an error and exits: a build that fails
    /// because a signal is removing its staging folder leaves the last word, and the exit
    /// code, to the signal. The calling thread then waits for the process to end.
    public func waitIfStopping() {
        guard lock.withLock({ stopping }) else { return }
        while true { pause() }
    }

    func register(staging path: String) {
        lock.withLock { _ = stagingFolders.insert(path) }
    }

    func unregister(staging path: String) {
        lock.withLock { _ = stagingFolders.remove(path) }
    }

    /// Runs `body` with interruptions held back until it returns.
    func critical<T>(_ body: () throws -> T) rethrows -> T {
        lock.withLock { criticalDepth += 1 }
        defer {
            let pending: Int32? = lock.withLock {
                criticalDepth -= 1
                return criticalDepth == 0 ? pendingSignal : nil
            }
            if let pending { stop(pending) }
        }
        return try body()
    }

    private func interrupted(by signal: Int32) {
        if let handler = lock.withLock({ handsOver ? onInterrupt : nil }) {
            handler(signal)
            return
        }
        let inCritical = lock.withLock {
            if criticalDepth > 0 { pendingSignal = signal }
            return criticalDepth > 0
        }
        if !inCritical { stop(signal) }
    }

    /// Ends the process as a signal would (the staging folders removed, the published site
    /// left as it was), with `text` on stderr and the exit code `code`: for work that cannot
    /// be stopped any other way, such as a query stuck in one call of SQLite's.
    public func abort(_ text: String, code: Int32) -> Never {
        removeStagingFolders()
        FileHandle.standardError.write(Data(text.utf8))
        _exit(code)
    }

    /// Removes every staging folder and ends the process.
    private func stop(_ signal: Int32) -> Never {
        let message = removeStagingFolders()
        message?(signal)
        // _exit: no atexit handlers or static destructors while render threads still run.
        _exit(128 + signal)
    }

    /// Removes every staging folder, and returns what is to be said of a signal. A staging
    /// folder is first renamed (to the name of a retired output, which the next build also
    /// cleans up): pages still being written then fail to find it instead of filling it again
    /// while it is removed.
    @discardableResult
    private func removeStagingFolders() -> (@Sendable (Int32) -> Void)? {
        let (folders, message) = lock.withLock {
            stopping = true
            return (stagingFolders, onInterrupt)
        }
        for folder in folders {
            let url = URL(fileURLWithPath: folder)
            // Not per page: once, on a signal.
            let name = url.lastPathComponent.replacingOccurrences(of: ".staging-", with: ".old-")
            let retired = url.deletingLastPathComponent().appendingPathComponent(name).path
            let doomed = rename(folder, retired) == 0 ? retired : folder
            // A write that had found its folder just before the rename may still land while
            // the tree is removed; no new one can. A few more passes take care of those.
            for _ in 0..<50 where FileManager.default.fileExists(atPath: doomed) {
                try? FileManager.default.removeItem(atPath: doomed)
                usleep(10_000)
            }
        }
        return message
    }
}

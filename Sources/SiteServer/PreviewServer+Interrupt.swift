import Foundation
import SiteBuilder

extension PreviewServer {
    /// Runs a preview until the process gets Ctrl-C (SIGINT), SIGTERM or SIGHUP, then stops
    /// it cleanly: open pages' event streams are closed and the port is freed. Blocks the
    /// calling thread; for a command line's `run()`, called before any other thread starts
    /// (signals are heard through `Interruption`, which blocks them in every thread).
    public static func runUntilInterrupted(_ options: ServeOptions, log: @escaping @Sendable (String) -> Void = PreviewServer.standardError)
        throws
    {
        let (stopRequests, requestStop) = AsyncStream.makeStream(of: Int32.self, bufferingPolicy: .bufferingNewest(1))
        // Signalled when a stop is asked, or the preview ends on its own.
        let woken = DispatchSemaphore(value: 0)
        Interruption.shared.install(onSignal: {
            requestStop.yield($0)
            woken.signal()
        })

        let outcome = ErrorBox()
        let finished = DispatchSemaphore(value: 0)
        Task {
            do {
                let preview = try await start(options, log: log)
                log("Serving \(options.build.siteFolder.lastPathComponent) at \(preview.url.absoluteString) (Ctrl-C to stop)")
                log("Watching Content/, Templates/, the config and local data files for changes.")
                if !ListenAddress.isLoopback(options.host) {
                    log("ttsite: warning: --host \(options.host) makes the preview reachable from other machines")
                }
                for await _ in stopRequests { break }
                await preview.stop()
                log("Stopped.")
            } catch {
                outcome.error = error
            }
            finished.signal()
            woken.signal()
        }
        // Once a stop is asked, the preview has `stopGrace` to close: one whose threads are all
        // busy (a client sending a header of many megabytes) never got to stop itself, and
        // SIGTERM left it running. Then the process ends anyway, which frees the port.
        woken.wait()
        if finished.wait(timeout: .now() + stopGrace) == .timedOut {
            log("Stopped (the preview did not close within \(Int(stopGrace)) s, so it was ended).")
        }
        if let error = outcome.error { throw error }
    }

    /// How long a preview asked to stop may take to close its connections.
    static let stopGrace: TimeInterval = 5
}

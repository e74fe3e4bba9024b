import Foundation

extension PreviewServer {
    /// Runs a preview until the process gets Ctrl-C (SIGINT) or SIGTERM, then stops it
    /// cleanly: open pages' event streams are closed and the port is freed. Blocks the
    /// calling thread; for a command line's `run()`.
    public static func runUntilInterrupted(_ options: ServeOptions, log: @escaping @Sendable (String) -> Void = PreviewServer.standardError) throws {
        let (stopRequests, requestStop) = AsyncStream.makeStream(of: Int32.self, bufferingPolicy: .bufferingNewest(1))
        var signalSources: [any DispatchSourceSignal] = []
        for number in [SIGINT, SIGTERM] {
            // The default action would end the process at once; the source hears it instead.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { requestStop.yield(number) }
            source.resume()
            signalSources.append(source)
        }
        defer {
            for source in signalSources { source.cancel() }
            signal(SIGINT, SIG_DFL)
            signal(SIGTERM, SIG_DFL)
        }

        let outcome = Outcome()
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
        }
        finished.wait()
        if let error = outcome.error { throw error }
    }

    private final class Outcome: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: (any Error)?
        var error: (any Error)? {
            get { lock.withLock { stored } }
            set { lock.withLock { stored = newValue } }
        }
    }
}

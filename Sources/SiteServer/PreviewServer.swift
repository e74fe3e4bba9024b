import Foundation
import SiteBuilder

/// `ttsite serve`: builds the site into a private folder, serves it over HTTP, rebuilds when
/// its files change and tells open pages to reload.
///
///     build → listen → (wait for a change → rebuild → send `build` or `failure`) …
///
/// A failed rebuild leaves the last good output in place (the build replaces its folder only
/// when it succeeds), so the preview keeps serving it, with the error shown over each page.
public final class PreviewServer: Sendable {
    public let options: ServeOptions
    /// Where the preview is served, e.g. `http://127.0.0.1:1717/`.
    public let url: URL
    private let listener: PreviewListener
    private let watchTask: Task<Void, Never>
    /// The event streams of open pages.
    let channel: ReloadChannel
    private let state: PreviewState

    /// Builds the site once, starts listening on the options' host and port, and starts
    /// watching. Fails when the site has no config or the address cannot be listened on; a
    /// site that does not build is served anyway, showing its error, so it can be fixed live.
    public static func start(_ options: ServeOptions, log: @escaping @Sendable (String) -> Void = PreviewServer.standardError) async throws
        -> PreviewServer
    {
        let configFile = options.build.configFile ?? options.build.siteFolder.appendingPathComponent("ttsite.yml")
        guard FileManager.default.fileExists(atPath: configFile.path) else {
            throw BuildError(
                .configuration, "no site config here: create one with `ttsite init`, or pass --site or --config", in: configFile.path)
        }
        let address = try ListenAddress(host: options.host, port: options.port)
        let state = PreviewState()
        let channel = ReloadChannel()
        let watcher = SiteWatcher(siteFolder: options.build.siteFolder, configFile: configFile)
        let builder = PreviewBuilder(options: options, state: state, channel: channel, log: log)

        let before = watcher.snapshot()
        await builder.rebuild(changed: [])

        let handler = OutputFileHandler(
            folder: options.outputFolder, state: state, channel: channel, hosts: HostCheck(boundTo: options.host))
        let listener = try await PreviewListener.start(on: address, handler: handler)
        let url = URL(string: "http://\(address.urlHost):\(listener.port)/")!

        let watchTask = Task {
            var snapshot = before
            while !Task.isCancelled {
                guard
                    let (next, changed) = try? await watcher.nextChange(
                        since: snapshot, poll: options.pollInterval, quietPeriod: options.quietPeriod)
                else { return }
                snapshot = next
                await builder.rebuild(changed: changed)
            }
        }
        return PreviewServer(options: options, url: url, listener: listener, watchTask: watchTask, channel: channel, state: state)
    }

    private init(
        options: ServeOptions, url: URL, listener: PreviewListener, watchTask: Task<Void, Never>, channel: ReloadChannel,
        state: PreviewState
    ) {
        self.options = options
        self.url = url
        self.listener = listener
        self.watchTask = watchTask
        self.channel = channel
        self.state = state
    }

    /// Stops watching, closes the event streams of open pages and stops listening. A
    /// rebuild that is running finishes on its own thread; its result is not published.
    public func stop() async {
        watchTask.cancel()
        await channel.close()
        await listener.stop()
    }

    /// The failure of the last build, if it failed (the preview shows the one before it).
    public var failure: String? { state.failure }

    /// The id of the last good build, as the pages' script knows it.
    var currentBuild: String { state.build }

    /// Writes a line to standard error: the preview's log when run from the command line.
    public static let standardError: @Sendable (String) -> Void = { line in
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

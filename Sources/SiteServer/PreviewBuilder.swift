import Foundation
import SiteBuilder

/// Runs the builds of a preview, one at a time, into the preview's private folder, and
/// tells the terminal and the open pages how each went. The site stays in memory between
/// them (`LiveSite`): an edit of a page's text or of a template renders what it changes.
actor PreviewBuilder {
    let options: ServeOptions
    let state: PreviewState
    let channel: ReloadChannel
    let log: @Sendable (String) -> Void
    private let site = LiveSite()
    private var builds = 0

    init(options: ServeOptions, state: PreviewState, channel: ReloadChannel, log: @escaping @Sendable (String) -> Void) {
        self.options = options
        self.state = state
        self.channel = channel
        self.log = log
    }

    /// Builds the site; `changed` names the files that caused it, by absolute path (empty
    /// for the first build).
    func rebuild(changed: [String]) async {
        var build = options.build
        build.output = options.outputFolder
        build.now = options.now ?? Date()
        // Remote sources are fetched by the first build only; rebuilds after an edit read the
        // cache, so typing in a page does not call an API on every save.
        if builds > 0 { build.offline = true }
        // A nightly `ttsite build` of the same site holds the site lock while it runs; the
        // preview waits for it rather than showing an error.
        build.lockWait = 600
        build.isPreview = true
        // A preview publishes nothing: editing a data file down to a few records is work in
        // progress, not a broken export.
        build.allowShrink = true
        builds += 1
        if !changed.isEmpty {
            let shown =
                changed.prefix(3).map { displayPath($0, in: options.build.siteFolder) }.joined(separator: ", ")
                + (changed.count > 3 ? " and \(changed.count - 3) more" : "")
            log("Changed: \(shown)")
        }
        let started = ContinuousClock.now
        switch await Self.runOffTheConcurrencyPool({ [site, build] in try site.update(build, changed: changed) }) {
        case .success(let summary):
            let id = state.succeeded()
            for warning in summary.warnings { log("ttsite: warning: \(warning)") }
            let elapsed = (ContinuousClock.now - started).components
            let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
            log(summary.line + String(format: " in %.2f s", seconds))
            await channel.send(ServerEvent(name: "build", data: id))
        case .failure(let error):
            let message = "\(error)"
            state.failed(message)
            log("ttsite: error: \(message)")
            log("Still serving the last good build; fix the error and save to rebuild.")
            await channel.send(ServerEvent(name: "failure", data: message))
        }
    }

    /// A build blocks while it reads and writes files; it runs on a thread of its own so
    /// that the server's tasks keep answering requests meanwhile.
    private static func runOffTheConcurrencyPool(_ work: @escaping @Sendable () throws -> BuildSummary) async -> Result<
        BuildSummary, any Error
    > {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(returning: Result { try work() })
            }
        }
    }
}

/// `path` relative to the site folder when inside it, for log lines.
private func displayPath(_ path: String, in folder: URL) -> String {
    let base = folder.standardizedFileURL.path
    return path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : path
}

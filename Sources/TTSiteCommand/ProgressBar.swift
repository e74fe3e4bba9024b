import Foundation
import SiteBuilder

/// A one-line progress bar on a terminal's stderr: the stage and, while pages render, a bar
/// and a count. It appears only after half a second, so quick builds print nothing but their
/// summary, and it redraws at most ten times a second. (`TTSITE_PROGRESS_AFTER` sets the half
/// second, for tests that need a bar on a quick build.)
final class ProgressBar: @unchecked Sendable {
    private let lock = NSLock()
    private let started = Date()
    private let delay = ProcessInfo.processInfo.environment["TTSITE_PROGRESS_AFTER"].flatMap(Double.init) ?? 0.5
    private var lastDraw = Date.distantPast
    private var lastStage: BuildProgress.Stage?
    private var drawn = false
    private let width = 30

    func show(_ progress: BuildProgress) {
        lock.withLock {
            let now = Date()
            guard now.timeIntervalSince(started) >= delay else { return }
            guard progress.stage != lastStage || now.timeIntervalSince(lastDraw) > 0.1 || progress.done == progress.total else { return }
            lastStage = progress.stage
            lastDraw = now
            var line = "\u{1B}[2K\r\(progress.stage.rawValue)"
            if progress.total > 0 {
                let filled = width * progress.done / progress.total
                line +=
                    " [" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
                    + "] \(progress.done)/\(progress.total)"
            }
            FileHandle.standardError.write(Data(line.utf8))
            drawn = true
        }
    }

    /// Clears the bar so the summary line starts on a clean line.
    func finish() {
        lock.withLock {
            if drawn { FileHandle.standardError.write(Data("\u{1B}[2K\r".utf8)) }
            drawn = false
            lastStage = nil
        }
    }
}

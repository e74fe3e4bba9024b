import DataSources
import Foundation
import SiteBuilder

/// Tells when the files a build reads have changed: `Content/` (with `Content/data/`),
/// `Templates/`, the config and the local data files it names, wherever they are.
///
/// It compares snapshots of modification times and sizes, taken by polling: portable, needs
/// no system notification API, and cheap at the sizes of hand-edited sites. Remote sources
/// and the cache are not watched.
struct SiteWatcher: Sendable {
    let siteFolder: URL
    let configFile: URL

    /// The state of every watched file: path → (modification time, size).
    struct Snapshot: Equatable, Sendable {
        var files: [String: FileStamp] = [:]

        /// Paths that were added, removed or changed since `earlier`, sorted.
        func changes(since earlier: Snapshot) -> [String] {
            let paths = Set(files.keys).union(earlier.files.keys)
            return paths.filter { files[$0] != earlier.files[$0] }.sorted()
        }
    }

    struct FileStamp: Equatable, Sendable {
        var modified: Date
        var size: Int
    }

    /// The folders and files watched; the config's local data sources are read from the
    /// config each time, so a new `file:` source is watched as soon as it is added.
    var watchedPaths: [URL] {
        var paths = [
            siteFolder.appendingPathComponent("Content"),
            siteFolder.appendingPathComponent("Templates"),
            configFile,
        ]
        if let config = try? SiteConfig.load(from: configFile) {
            for case let .file(path) in config.people + config.scenarios {
                paths.append(path.hasPrefix("/") ? URL(fileURLWithPath: path) : siteFolder.appendingPathComponent(path))
            }
        }
        return paths
    }

    func snapshot() -> Snapshot {
        var snapshot = Snapshot()
        for url in watchedPaths { add(url, to: &snapshot) }
        return snapshot
    }

    private func add(_ url: URL, to snapshot: inout Snapshot) {
        let keys: Set<URLResourceKey> = [.contentModificationDateKey, .fileSizeKey, .isDirectoryKey]
        guard let values = try? url.resourceValues(forKeys: keys) else { return }
        if values.isDirectory == true {
            // Hidden files are skipped as the build skips them: editors keep swap files there.
            guard let walker = FileManager.default.enumerator(at: url, includingPropertiesForKeys: Array(keys), options: [.skipsHiddenFiles]) else { return }
            for case let file as URL in walker {
                guard let fileValues = try? file.resourceValues(forKeys: keys), fileValues.isDirectory != true else { continue }
                snapshot.files[file.path] = FileStamp(modified: fileValues.contentModificationDate ?? .distantPast, size: fileValues.fileSize ?? 0)
            }
        } else {
            snapshot.files[url.path] = FileStamp(modified: values.contentModificationDate ?? .distantPast, size: values.fileSize ?? 0)
        }
    }

    /// Waits until the watched files differ from `since`, then until they have stayed the
    /// same for `quietPeriod`, and returns the new snapshot with the paths that changed.
    func nextChange(since: Snapshot, poll: Duration, quietPeriod: Duration) async throws -> (Snapshot, [String]) {
        var current = since
        while current == since {
            try await Task.sleep(for: poll)
            current = snapshot()
        }
        while true {
            try await Task.sleep(for: quietPeriod)
            let settled = snapshot()
            if settled == current { break }
            current = settled
        }
        return (current, current.changes(since: since))
    }
}

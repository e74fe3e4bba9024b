import DataSources
import Foundation
import SiteBuilder

/// Tells when the files a build reads have changed: `Content/` (with `Content/data/`),
/// `Templates/`, `queries/`, the config and the local data files it names (`people`,
/// `scenarios`, `data:`, a data loader's file and inputs), wherever they are.
///
/// It compares snapshots of modification times and sizes, taken by polling: portable, needs
/// no system notification API, and cheap at the sizes of hand-edited sites. Remote sources
/// and the cache are not watched.
struct SiteWatcher: Sendable {
    let siteFolder: URL
    let configFile: URL

    /// The state of every watched file: path → stamp.
    struct Snapshot: Equatable, Sendable {
        var files: [String: FileStamp] = [:]

        /// Paths that were added, removed or changed since `earlier`, sorted.
        func changes(since earlier: Snapshot) -> [String] {
            let paths = Set(files.keys).union(earlier.files.keys)
            return paths.filter { files[$0] != earlier.files[$0] }.sorted()
        }
    }

    /// What `stat` says of a file: a save changes its size or modification time, and an
    /// editor that saves by renaming a new file over it changes its inode.
    struct FileStamp: Equatable, Sendable {
        var size: Int
        var seconds: Int
        var nanoseconds: Int
        var inode: UInt64

        init(_ info: stat) {
            size = Int(info.st_size)
            #if canImport(Darwin)
                (seconds, nanoseconds) = (Int(info.st_mtimespec.tv_sec), Int(info.st_mtimespec.tv_nsec))
            #else
                (seconds, nanoseconds) = (Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec))
            #endif
            inode = UInt64(info.st_ino)
        }
    }

    /// The folders and files watched; the config's local data sources are read from the
    /// config each time, so a new `file:` source is watched as soon as it is added.
    var watchedPaths: [URL] {
        var paths = [
            siteFolder.appendingPathComponent("Content"),
            siteFolder.appendingPathComponent("Templates"),
            siteFolder.appendingPathComponent("queries"),
            configFile,
        ]
        if let config = try? SiteConfig.load(from: configFile, readingPacks: false) {
            for case .file(let path) in config.people + config.scenarios {
                paths.append(path.hasPrefix("/") ? URL(fileURLWithPath: path) : siteFolder.appendingPathComponent(path))
            }
            paths += config.tableFiles(siteFolder: siteFolder)
        }
        return paths
    }

    func snapshot() -> Snapshot {
        var snapshot = Snapshot()
        for url in watchedPaths { add(url, to: &snapshot) }
        return snapshot
    }

    /// One `stat` per file, through the path walker: the URL resource-value API cost a
    /// preview of a 1,000-file site half a core while it waited.
    private func add(_ url: URL, to snapshot: inout Snapshot) {
        let base = url.path
        var info = stat()
        guard stat(base, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            snapshot.files[base] = FileStamp(info)
            return
        }
        guard let walker = FileManager.default.enumerator(atPath: base) else { return }
        while let relative = walker.nextObject() as? String {
            // Hidden files are skipped as the build skips them: editors keep swap files there.
            if relative.hasPrefix(".") || relative.contains("/.") { continue }
            let path = base + "/" + relative
            guard stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFDIR else { continue }
            snapshot.files[path] = FileStamp(info)
        }
    }

    /// Waits until the watched files differ from `since`, then until they have stayed the
    /// same for `quietPeriod`, and returns the new snapshot with the paths that changed.
    /// On a site so large that a snapshot takes more than a fifth of `poll`, it waits four
    /// times as long as the last snapshot took, so that watching never takes more than a fifth
    /// of a core.
    func nextChange(since: Snapshot, poll: Duration, quietPeriod: Duration) async throws -> (Snapshot, [String]) {
        var current = since
        var wait = poll
        while current == since {
            try await Task.sleep(for: wait)
            let started = ContinuousClock.now
            current = snapshot()
            wait = max(poll, (ContinuousClock.now - started) * 4)
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

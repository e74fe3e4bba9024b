import Foundation

/// Writes a build into a staging folder beside the output folder and swaps it in only when
/// the whole build succeeded, so a failed or interrupted build never touches the published
/// site.
///
/// The output folder carries a marker file; ttsite replaces only a folder that has it (or
/// an empty one), never a folder it did not create.
final class OutputFolder: @unchecked Sendable {
    static let markerName = ".ttsite-output"
    static let markerText = "This folder is written by ttsite. Every build replaces it whole; do not edit it by hand.\n"

    let destination: URL
    let staging: URL
    private var finished = false
    /// Folders already made in the staging folder, so that writing 10,000 pages does not ask
    /// the file system 10,000 times. Pages are written from several threads.
    private var createdFolders: Set<String> = []
    private let lock = NSLock()

    /// Checks that `destination` may be replaced and creates an empty staging folder.
    init(destination: URL, siteFolder: URL) throws {
        self.destination = destination.standardizedFileURL
        let parent = self.destination.deletingLastPathComponent()
        let name = self.destination.lastPathComponent
        staging = parent.appendingPathComponent(".\(name).staging-\(ProcessInfo.processInfo.processIdentifier)")
        try Self.checkPlacement(self.destination, siteFolder: siteFolder)
        try Self.removeStaleStagingFolders(in: parent, for: name)
        do {
            try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
            try? FileManager.default.removeItem(at: staging)
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: false)
        } catch {
            throw BuildError(.output, "cannot create the staging folder beside the output: \(fileErrorText(error))", in: parent.path)
        }
    }

    deinit {
        if !finished { discard() }
    }

    /// Writes `bytes` to `path` (relative, `/`-separated, no `..`) inside the staging folder.
    func write(_ bytes: some Collection<UInt8>, to path: String) throws {
        precondition(!path.hasPrefix("/") && !path.split(separator: "/").contains(".."), "output path escapes the output folder: \(path)")
        let url = staging.appendingPathComponent(path)
        do {
            try makeFolder(for: path)
            try Data(bytes).write(to: url)
        } catch {
            throw BuildError(.output, "cannot write \(path): \(fileErrorText(error))", in: staging.path)
        }
    }

    private func makeFolder(for path: String) throws {
        guard let slash = path.lastIndex(of: "/") else { return }
        let folder = String(path[..<slash])
        if lock.withLock({ createdFolders.contains(folder) }) { return }
        let url = staging.appendingPathComponent(folder)
        // One mkdir when the parent exists (the common case: `page/index.html`); Foundation's
        // recursive create looks at every level first.
        if mkdir(url.path, 0o755) != 0 && errno != EEXIST {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }
        lock.withLock { _ = createdFolders.insert(folder) }
    }

    func write(_ text: String, to path: String) throws {
        try write(Array(text.utf8), to: path)
    }

    /// Copies a file into the staging folder.
    func copy(_ source: URL, to path: String) throws {
        let url = staging.appendingPathComponent(path)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: source, to: url)
        } catch {
            throw BuildError(.output, "cannot copy \(path): \(fileErrorText(error))", in: source.path)
        }
    }

    /// Swaps the staging folder in place of the output folder.
    func publish() throws {
        try write(Self.markerText, to: Self.markerName)
        let fileManager = FileManager.default
        let retired = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).old-\(ProcessInfo.processInfo.processIdentifier)")
        do {
            if fileManager.fileExists(atPath: destination.path) {
                try? fileManager.removeItem(at: retired)
                try fileManager.moveItem(at: destination, to: retired)
            }
            try fileManager.moveItem(at: staging, to: destination)
        } catch {
            if !fileManager.fileExists(atPath: destination.path), fileManager.fileExists(atPath: retired.path) {
                try? fileManager.moveItem(at: retired, to: destination)
            }
            throw BuildError(.output, "cannot replace the output folder: \(fileErrorText(error))", in: destination.path)
        }
        finished = true
        try? fileManager.removeItem(at: retired)
    }

    /// Throws the staging folder away; the output folder is left as it was.
    func discard() {
        finished = true
        try? FileManager.default.removeItem(at: staging)
    }

    /// The output must not be the site folder or hold it, and must be ours to replace.
    static func checkPlacement(_ destination: URL, siteFolder: URL) throws {
        let output = destination.resolvingSymlinksInPath().path
        let site = siteFolder.standardizedFileURL.resolvingSymlinksInPath().path
        if output == site || site.hasPrefix(output == "/" ? "/" : output + "/") {
            throw BuildError(.configuration, "the output folder is the site folder or contains it; choose a folder such as `_site`", in: destination.path)
        }
        if output.hasPrefix(site + "/Content") || output.hasPrefix(site + "/Templates") {
            throw BuildError(.configuration, "the output folder must not be inside Content/ or Templates/", in: destination.path)
        }
        let fileManager = FileManager.default
        var isFolder: ObjCBool = false
        guard fileManager.fileExists(atPath: destination.path, isDirectory: &isFolder) else { return }
        guard isFolder.boolValue else {
            throw BuildError(.configuration, "the output path is a file, not a folder", in: destination.path)
        }
        let marker = destination.appendingPathComponent(markerName).path
        let contents = (try? fileManager.contentsOfDirectory(atPath: destination.path)) ?? []
        if !contents.isEmpty && !fileManager.fileExists(atPath: marker) {
            throw BuildError(.configuration, "the output folder exists and was not written by ttsite (it has no \(markerName) file); ttsite replaces only folders it created: empty it or choose another", in: destination.path)
        }
    }

    /// Staging folders left by builds that were killed: their process is gone.
    private static func removeStaleStagingFolders(in parent: URL, for name: String) throws {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return }
        for entry in entries {
            for prefix in [".\(name).staging-", ".\(name).old-"] where entry.hasPrefix(prefix) {
                guard let pid = Int32(entry.dropFirst(prefix.count)), pid != ProcessInfo.processInfo.processIdentifier else { continue }
                if kill(pid, 0) != 0 && errno == ESRCH {
                    try? FileManager.default.removeItem(at: parent.appendingPathComponent(entry))
                }
            }
        }
    }
}

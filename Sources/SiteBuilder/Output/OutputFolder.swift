import CFileSystem
import Foundation

/// Writes a build into a staging folder beside the output folder and swaps it in only when
/// the whole build succeeded, so a failed or interrupted build never touches the published
/// site.
///
/// A file whose bytes are the same as the published one is not written again: the
/// published file is hard-linked into the staging folder, so it keeps its inode and its
/// modification time and `rsync` uploads only what changed. Files the build no longer
/// produces are simply not in the staging folder, and go with the swap.
///
/// The output folder carries a marker file; ttsite replaces only a folder that has it (or
/// an empty one), never a folder it did not create.
final class OutputFolder: OutputWriter, @unchecked Sendable {
    static let markerName = ".ttsite-output"
    static let markerText = "This folder is written by ttsite. Every build replaces it whole; do not edit it by hand.\n"

    let destination: URL
    let staging: URL
    private let destinationPath: String
    private let stagingPath: String
    /// Whether a published output was there when the build began. Without one (a first build,
    /// or one after the output folder was removed) no file is asked for its published copy:
    /// that `open` or `stat` would fail for every file.
    private let hasPublished: Bool
    private var finished = false
    /// Folders found already made in the staging folder, so that the files of a shared folder
    /// (30,000 pictures) do not ask the file system each time. A page's own folder is made
    /// once and never asked again, so it is not kept (200,000 of them were 14 MB).
    private var sharedFolders: Set<String> = []
    private var counts = (written: 0, kept: 0)
    /// Every file of the build, by output path, with its stamp when the write learned it:
    /// for the build record, which then need not ask for each file again.
    private var files: [(path: String, stamp: FileStamp?)] = []
    private let lock = NSLock()

    /// Checks that `destination` may be replaced and creates an empty staging folder.
    init(destination: URL, siteFolder: URL) throws {
        self.destination = destination.standardizedFileURL
        let parent = self.destination.deletingLastPathComponent()
        let name = self.destination.lastPathComponent
        staging = parent.appendingPathComponent(".\(name).staging-\(ProcessInfo.processInfo.processIdentifier)")
        destinationPath = self.destination.path
        stagingPath = staging.path
        hasPublished = FileManager.default.fileExists(atPath: destinationPath)
        try Self.checkPlacement(self.destination, siteFolder: siteFolder)
        Self.removeStaleStagingFolders(in: parent, for: name)
        // Created and registered as one step: a signal between the two would end the process
        // without knowing the folder, and leave it behind (seen on a busy machine).
        try Interruption.shared.critical { [staging, stagingPath] in
            do {
                try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
                try? FileManager.default.removeItem(at: staging)
                try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: false)
            } catch {
                throw BuildError(.output, "cannot create the staging folder beside the output: \(fileErrorText(error))", in: parent.path)
            }
            Interruption.shared.register(staging: stagingPath)
        }
    }

    deinit {
        if !finished { discard() }
    }

    /// How many files this build wrote, and how many it kept from the published output.
    var written: Int { lock.withLock { counts.written } }
    var kept: Int { lock.withLock { counts.kept } }
    /// The output path of every file this build wrote or kept, and its stamp when known,
    /// handed over once the folder is published (the list of 200,000 files is 15 MB: not
    /// copied).
    func takeStamps() -> [(path: String, stamp: FileStamp?)] {
        lock.withLock {
            defer { files = [] }
            return files
        }
    }

    func write(_ bytes: UnsafeRawBufferPointer, to path: String) throws {
        checkOutputPath(path)
        let target = stagingPath + "/" + path
        do {
            try makeFolder(for: path)
            let published = destinationPath + "/" + path
            if hasPublished, let stamp = FileBytes.stamp(ifHolding: bytes, atPath: published), hardLink(published, target) == 0 {
                counted(path, kept: true, stamp: stamp)
                return
            }
            counted(path, kept: false, stamp: try FileBytes.write(bytes, to: target))
        } catch {
            throw BuildError(.output, "cannot write \(path): \(fileErrorText(error))", in: destinationPath)
        }
    }

    /// Whether this build has written (or kept) the file at `path`.
    func holds(_ path: String) -> Bool {
        access(stagingPath + "/" + path, F_OK) == 0
    }

    /// Copies a file of the site into the staging folder with its modification time (as
    /// `edit` makes its bytes), or links the published copy when it has the same bytes.
    func copy(_ source: URL, to path: String, editing edit: (([UInt8]) throws -> [UInt8])?) throws {
        checkOutputPath(path)
        let target = stagingPath + "/" + path
        let published = destinationPath + "/" + path
        let read: [UInt8]
        do {
            read = try FileBytes.read(source.path)
        } catch {
            throw BuildError(.output, "cannot copy \(path) into the output: \(fileErrorText(error))", in: source.path)
        }
        let bytes = try edit?(read) ?? read
        do {
            try makeFolder(for: path)
            let sourceStamp = FileBytes.stamp(source.path)
            if hasPublished, let stamp = bytes.withUnsafeBytes({ FileBytes.stamp(ifHolding: $0, atPath: published) }),
                hardLink(published, target) == 0
            {
                counted(path, kept: true, stamp: stamp)
                return
            }
            try bytes.withUnsafeBytes { try FileBytes.write($0, to: target) }
            if let sourceStamp { FileBytes.setModified(target, to: sourceStamp.modified) }
            counted(path, kept: false, stamp: nil)
        } catch {
            throw BuildError(.output, "cannot copy \(path) into the output: \(fileErrorText(error))", in: source.path)
        }
    }

    /// A content-named file: the published file of the same name when it has the same size
    /// (the same name means the same bytes), else a hard link to `source`, else a copy (the
    /// cache and the output on different file systems).
    func link(_ source: String, bytes: Int, to path: String) throws {
        checkOutputPath(path)
        let target = stagingPath + "/" + path
        do {
            try makeFolder(for: path)
            let published = destinationPath + "/" + path
            if hasPublished, let stamp = FileBytes.stamp(published), stamp.size == bytes, hardLink(published, target) == 0 {
                counted(path, kept: true, stamp: stamp)
                return
            }
            if hardLink(source, target) == 0 {
                counted(path, kept: false, stamp: nil)
                return
            }
        } catch {
            throw BuildError(.output, "cannot write \(path): \(fileErrorText(error))", in: destinationPath)
        }
        try copy(URL(fileURLWithPath: source), to: path)
    }

    func keep(_ path: String, publishedAs stamp: FileStamp) throws -> Bool {
        checkOutputPath(path)
        // The output folder was removed since the last build (its record is still there).
        guard hasPublished else { return false }
        let published = destinationPath + "/" + path
        guard FileBytes.stamp(published)?.publishedStamp == stamp else { return false }
        do {
            try makeFolder(for: path)
        } catch {
            throw BuildError(.output, "cannot write \(path): \(fileErrorText(error))", in: destinationPath)
        }
        guard hardLink(published, stagingPath + "/" + path) == 0 else { return false }
        counted(path, kept: true, stamp: stamp)
        return true
    }

    var writtenPaths: Set<String> { lock.withLock { Set(files.map(\.path)) } }

    private func counted(_ path: String, kept: Bool, stamp: FileStamp?) {
        lock.withLock {
            if kept { counts.kept += 1 } else { counts.written += 1 }
            files.append((path, stamp))
        }
    }

    private func makeFolder(for path: String) throws {
        guard let slash = path.lastIndex(of: "/") else { return }
        try makeFolder(String(path[..<slash]))
    }

    /// Makes `folder` (relative) and its parents inside the staging folder, with one `mkdir`
    /// in the common case (`page/index.html` whose parent exists). The staging folder itself
    /// is never made again: once an interrupted build has removed it, writes fail.
    private func makeFolder(_ folder: String) throws {
        if lock.withLock({ sharedFolders.contains(folder) }) { return }
        if mkdir(stagingPath + "/" + folder, 0o755) != 0 {
            switch errno {
            case EEXIST: lock.withLock { _ = sharedFolders.insert(folder) }
            case ENOENT:
                guard let slash = folder.lastIndex(of: "/") else { throw POSIXError(ENOENT) }
                try makeFolder(String(folder[..<slash]))
                if mkdir(stagingPath + "/" + folder, 0o755) != 0 && errno != EEXIST { throw POSIXError(errno) }
            default: throw POSIXError(errno)
            }
        }
    }

    /// Swaps the staging folder in place of the output folder. Where the system can, the
    /// two folders are exchanged in one atomic step, so there is no moment — not even
    /// under `kill -9` — without a published site; elsewhere two renames follow each
    /// other. SIGINT and SIGTERM wait until the swap is done.
    func publish() throws {
        try write(Self.markerText, to: Self.markerName)
        try Interruption.shared.critical {
            let fileManager = FileManager.default
            if fileManager.fileExists(atPath: destinationPath) {
                if ttsite_exchange_paths(stagingPath, destinationPath) == 0 {
                    // The staging path now holds the previous site.
                    finished = true
                    FileTree.remove(stagingPath)
                    return
                }
                guard errno == ENOSYS || errno == EINVAL || errno == ENOTSUP else {
                    throw BuildError(
                        .output, "cannot replace the output folder: \(String(cString: strerror(errno)).lowercased())", in: destinationPath)
                }
                try renameInTwoSteps()
            } else if rename(stagingPath, destinationPath) != 0 {
                throw BuildError(
                    .output, "cannot create the output folder: \(String(cString: strerror(errno)).lowercased())", in: destinationPath)
            }
            finished = true
        }
        Interruption.shared.unregister(staging: stagingPath)
    }

    /// For file systems that cannot exchange two folders: the old one is moved aside, the new
    /// one into its place, and the old one back if that fails.
    private func renameInTwoSteps() throws {
        let retired = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).old-\(ProcessInfo.processInfo.processIdentifier)").path
        let fileManager = FileManager.default
        try? fileManager.removeItem(atPath: retired)
        guard rename(destinationPath, retired) == 0 else {
            throw BuildError(
                .output, "cannot replace the output folder: \(String(cString: strerror(errno)).lowercased())", in: destinationPath)
        }
        guard rename(stagingPath, destinationPath) == 0 else {
            let text = String(cString: strerror(errno)).lowercased()
            _ = rename(retired, destinationPath)
            throw BuildError(.output, "cannot replace the output folder: \(text)", in: destinationPath)
        }
        FileTree.remove(retired)
    }

    /// Throws the staging folder away; the output folder is left as it was.
    func discard() {
        finished = true
        try? FileManager.default.removeItem(atPath: stagingPath)
        Interruption.shared.unregister(staging: stagingPath)
    }

    /// The output must not be the site folder or hold it, and must be ours to replace.
    static func checkPlacement(_ destination: URL, siteFolder: URL) throws {
        let output = destination.resolvingSymlinksInPath().path
        let site = siteFolder.standardizedFileURL.resolvingSymlinksInPath().path
        if output == site || site.hasPrefix(output == "/" ? "/" : output + "/") {
            throw BuildError(
                .configuration, "the output folder is the site folder or contains it; choose a folder such as `_site`", in: destination.path
            )
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
            throw BuildError(
                .configuration,
                "the output folder exists and was not written by ttsite (it has no \(markerName) file); "
                    + "ttsite replaces only folders it created: empty it or choose another",
                in: destination.path)
        }
    }

    /// Staging folders left by builds that were killed: their process is gone.
    private static func removeStaleStagingFolders(in parent: URL, for name: String) {
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

/// `link(2)`, named apart from `OutputFolder.link`.
private func hardLink(_ existing: String, _ new: String) -> Int32 {
    link(existing, new)
}

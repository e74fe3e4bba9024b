import DataSources
import Foundation

/// The digest of everything a build reads, before it decodes a record or renders a page:
/// when it equals the last published build's and that output is as it was published, the
/// build has nothing to do.
///
/// It covers the ttsite binary itself, the options that shape the output, the instant of
/// `--now` (timelines say "N years ago" and feeds carry the build's time), the config, every
/// file of `Templates/`, `Content/` and `queries/` (by the file system's stamp: size, modification and
/// change time, inode) and every source document as read, with where it came from and the
/// warnings reading it gave.
enum BuildInputs {
    static func digest(options: BuildOptions, outputFolder: URL, sources: SourceReadings) -> BuildDigest {
        BuildDigest { hasher in
            hasher.add("ttsite build inputs 1")
            hasher.add(SiteBuilderVersion.current)
            addExecutable(to: &hasher)
            hasher.add(options.siteFolder.standardizedFileURL.path)
            hasher.add(options.configURL.standardizedFileURL.path)
            hasher.add(outputFolder.standardizedFileURL.path)
            hasher.add(options.baseURL ?? "")
            hasher.add(options.includeDrafts)
            hasher.add(options.strict)
            hasher.add(options.offline)
            hasher.add(options.allowShrink)
            hasher.add(Int(bitPattern: UInt(options.now.timeIntervalSince1970.bitPattern)))
            hasher.add(FileManager.default.contents(atPath: options.configURL.path) ?? Data("no config".utf8))
            addTree(options.siteFolder.appendingPathComponent("Templates"), to: &hasher)
            addTree(options.siteFolder.appendingPathComponent("Content"), to: &hasher)
            addTree(options.siteFolder.appendingPathComponent(QueryDefinition.sharedFolder), to: &hasher)
            sources.add(to: &hasher)
        }
    }

    /// The running program, by its path and stamp: a new build of ttsite is a new input,
    /// whatever its version says.
    private static func addExecutable(to hasher: inout BuildHasher) {
        let path =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? Bundle.main.executablePath ?? CommandLine.arguments[0]
        hasher.add(path)
        add(FileBytes.stamp(path), to: &hasher)
    }

    /// Every file under `folder`, hidden ones included, by relative path and stamp (of the
    /// file a link leads to), in order.
    private static func addTree(_ folder: URL, to hasher: inout BuildHasher) {
        let base = folder.standardizedFileURL.path
        let entries = FileTree.entries(under: base)
        hasher.add(entries.count)
        for (path, kind) in entries {
            hasher.add(path)
            // One `lstat` for what is not a link, whose stamp is its own.
            var info = stat()
            guard (kind == .link ? stat(base + "/" + path, &info) : lstat(base + "/" + path, &info)) == 0 else {
                hasher.add(-1)
                continue
            }
            hasher.add(Int(info.st_mode))
            if info.st_mode & S_IFMT == S_IFDIR {
                // The walk does not follow a link to a folder, and the build may: what is in
                // there is unknown, so this digest matches no other.
                if kind == .link { hasher.add(UUID().uuidString) }
            } else {
                add(FileStamp(info), to: &hasher)
            }
        }
    }

    private static func add(_ stamp: FileStamp?, to hasher: inout BuildHasher) {
        guard let stamp else { return hasher.add(-1) }
        for number in [
            stamp.size, Int(stamp.modified.tv_sec), Int(stamp.modified.tv_nsec), Int(bitPattern: UInt(stamp.inode)),
            Int(stamp.changed.tv_sec), Int(stamp.changed.tv_nsec),
        ] {
            hasher.add(number)
        }
    }
}

import Foundation

/// Every entry under a folder — files with their bytes, folders, and symlinks with their
/// targets — read without following links, so that a symlink loop or a link to `/etc` in the
/// tree is recorded as a link and not walked into.
///
/// Two snapshots taken before and after a build show exactly what the build created,
/// changed or removed, including empty folders (a staging folder left behind).
struct FolderSnapshot: Equatable {
    enum Entry: Equatable {
        case file(Data)
        case folder
        case link(String)
    }

    var entries: [String: Entry] = [:]

    init(of folder: URL) throws {
        try walk(folder.path, relative: "")
    }

    private mutating func walk(_ path: String, relative: String) throws {
        let manager = FileManager.default
        for name in try manager.contentsOfDirectory(atPath: path).sorted() {
            let full = path + "/" + name
            let key = relative + name
            let type = try manager.attributesOfItem(atPath: full)[.type] as? FileAttributeType
            switch type {
            case .typeSymbolicLink?:
                entries[key] = .link(try manager.destinationOfSymbolicLink(atPath: full))
            case .typeDirectory?:
                entries[key] = .folder
                try walk(full, relative: key + "/")
            default:
                entries[key] = .file(try Data(contentsOf: URL(fileURLWithPath: full)))
            }
        }
    }

    /// The paths whose entry differs between `self` (before) and `after`, sorted.
    func changedPaths(_ after: FolderSnapshot) -> [String] {
        Set(entries.keys).union(after.entries.keys)
            .filter { entries[$0] != after.entries[$0] }
            .sorted()
    }
}

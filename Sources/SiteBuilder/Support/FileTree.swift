import Foundation

/// The entries of folders as the C library reads them (`opendir`/`readdir`), each with its
/// kind from the entry itself (`d_type`) rather than a `stat`: the walks a build makes over
/// `Content/`, `Templates/` and the published output. Foundation's enumerator and
/// `contentsOfDirectory` followed by a `stat` of each entry made these walks a tenth of a
/// 10,000-page build.
enum FileTree {
    enum Kind: Equatable {
        case file, folder, link, other
    }

    /// The names in `folder` but `.` and `..`, hidden ones included, sorted.
    static func children(of folder: String) throws -> [(name: String, kind: Kind)] {
        guard let stream = opendir(folder) else {
            throw NSError(domain: NSPOSIXErrorDomain, code: Int(errno), userInfo: [NSFilePathErrorKey: folder])
        }
        defer { closedir(stream) }
        var children: [(name: String, kind: Kind)] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name == "." || name == ".." { continue }
            children.append((name, kind(entry.pointee.d_type, at: folder + "/" + name)))
        }
        return children.sorted { $0.name < $1.name }
    }

    /// Every entry under `folder`, by path relative to it, depth first in name order;
    /// symbolic links are listed, not followed. A folder that cannot be read is left out
    /// with what it holds.
    static func entries(under folder: String) -> [(path: String, kind: Kind)] {
        var found: [(path: String, kind: Kind)] = []
        func walk(_ absolute: String, _ relative: String) {
            guard let children = try? children(of: absolute) else { return }
            for child in children {
                let path = relative + child.name
                found.append((path, child.kind))
                if child.kind == .folder { walk(absolute + "/" + child.name, path + "/") }
            }
        }
        walk(folder, "")
        return found
    }

    /// Removes `folder` and all it holds, its entries shared among the cores (the previous
    /// site, after a build swapped the new one in: Foundation's `removeItem` took as long as
    /// writing it). What cannot be removed stays; nothing is thrown.
    static func remove(_ folder: String) {
        let children = (try? children(of: folder)) ?? []
        _ = children.map { folder + "/" + $0.name }.parallelMap { path in removeEntry(path) }
        rmdir(folder)
    }

    private static func removeEntry(_ path: String) {
        if unlink(path) == 0 { return }
        guard errno == EISDIR || errno == EPERM else { return }
        for child in (try? children(of: path)) ?? [] {
            let inner = path + "/" + child.name
            if child.kind == .folder { removeEntry(inner) } else { unlink(inner) }
        }
        rmdir(path)
    }

    /// The kind `readdir` gave, or `lstat`'s where the file system gives none.
    private static func kind(_ type: UInt8, at path: String) -> Kind {
        switch type {
        case 8: return .file  // DT_REG
        case 4: return .folder  // DT_DIR
        case 10: return .link  // DT_LNK
        case 0:  // DT_UNKNOWN
            var status = stat()
            guard lstat(path, &status) == 0 else { return .other }
            switch status.st_mode & S_IFMT {
            case S_IFREG: return .file
            case S_IFDIR: return .folder
            case S_IFLNK: return .link
            default: return .other
            }
        default: return .other
        }
    }
}

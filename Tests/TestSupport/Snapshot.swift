import Foundation

/// Every regular file under `folder`, by relative path, with its bytes: two snapshots of an
/// output folder are equal when it holds the same files with the same bytes.
public func snapshot(of folder: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return files }
    let base = folder.resolvingSymlinksInPath().path
    for case let url as URL in enumerator {
        guard (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else { continue }
        let path = String(url.resolvingSymlinksInPath().path.dropFirst(base.count + 1))
        files[path] = try Data(contentsOf: url)
    }
    return files
}

import Foundation

/// A throw-away site folder for one test, removed when the test ends.
final class TemporarySite {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("ttsite-datasources-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Writes `text` to `path` (relative to the site folder), creating folders on the way.
    @discardableResult
    func write(_ text: String, to path: String) throws -> URL {
        let file = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file
    }

    func makeFolder(_ path: String) throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(path), withIntermediateDirectories: true)
    }
}

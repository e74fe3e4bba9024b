import Foundation

/// A fresh folder under the system's temporary folder, for one test. Paths are relative to it.
///
/// `remove()` deletes it: call it in a `defer`. Not in a `deinit`: Swift may release a value
/// right after its last use, while a URL into the folder is still being read.
public struct TemporaryFolder: Sendable {
    public let url: URL

    /// `ttsite-<label>-<UUID>`: the label names the suite that left a folder behind.
    public init(_ label: String = "test") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("ttsite-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The URL of `path` in the folder ("" for the folder itself).
    public func url(_ path: String) -> URL {
        path.isEmpty ? url : url.appendingPathComponent(path)
    }

    /// Writes `text` to `path`, making the folders on the way.
    @discardableResult
    public func write(_ text: String, to path: String) throws -> URL {
        try write(Data(text.utf8), to: path)
    }

    @discardableResult
    public func write(_ bytes: Data, to path: String) throws -> URL {
        let file = url(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try bytes.write(to: file)
        return file
    }

    /// Writes every file of an inline text (see `Txtar`) into `folder`, which is made even
    /// when the text holds no file.
    public func write(files text: String, into folder: String = "") throws {
        try makeFolder(folder)
        let prefix = folder.isEmpty ? "" : folder + "/"
        for (path, text) in Txtar.files(text) {
            try write(text, to: prefix + path)
        }
    }

    @discardableResult
    public func makeFolder(_ path: String) throws -> URL {
        try FileManager.default.createDirectory(at: url(path), withIntermediateDirectories: true)
        return url(path)
    }

    public func read(_ path: String) throws -> String {
        try String(contentsOf: url(path), encoding: .utf8)
    }

    public func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: url(path).path)
    }

    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

import Foundation
import Pictures
import ReportData

/// The processed pictures of earlier builds, under `.ttsite/cache/pictures/`: each output
/// file by its content hash, and `index.json`, which says which files a source picture (by
/// the hash of its bytes) and a use made. An unchanged picture is never decoded again.
///
/// Each build keeps only what it used: the index is rewritten with this build's entries and
/// files no entry names are removed, so the cache does not grow with every picture that
/// ever passed through.
final class PictureCache: @unchecked Sendable {
    let folder: URL
    private let indexFile: URL
    private let lock = NSLock()
    private var previous: [String: ProcessedPicture]
    private var used: [String: ProcessedPicture] = [:]

    init(siteFolder: URL) {
        folder = siteFolder.appendingPathComponent(".ttsite/cache/pictures", isDirectory: true)
        indexFile = folder.appendingPathComponent("index.json")
        previous = (try? Data(contentsOf: indexFile))
            .flatMap { try? JSONDecoder().decode(Index.self, from: $0) }
            .map(\.pictures) ?? [:]
    }

    private struct Index: Codable {
        var pictures: [String: ProcessedPicture]
    }

    /// The key of one source picture's bytes in one use.
    static func key(of bytes: Data, use: PictureUse) -> String {
        "\(StableHash.hex(of: bytes))-\(use.key)"
    }

    /// The cache file of an output file.
    func file(for output: ProcessedPicture.File) -> URL {
        folder.appendingPathComponent(String(output.path.split(separator: "/").last!))
    }

    /// What an earlier build made of this key, when all its files are still there.
    func picture(for key: String) -> ProcessedPicture? {
        guard let picture = lock.withLock({ used[key] ?? previous[key] }) else { return nil }
        let complete = picture.files.allSatisfy { file in
            FileBytes.stamp(self.file(for: file).path)?.size == file.bytes
        }
        guard complete else { return nil }
        lock.withLock { used[key] = picture }
        return picture
    }

    /// Keeps the files `render` made under `key`.
    func store(_ outputs: [(recipe: ImageRecipe, image: ImageProcessor.Encoded)], for key: String) throws -> ProcessedPicture {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var files: [ProcessedPicture.File] = []
        for output in outputs {
            let name = "\(StableHash.hex(of: output.image.bytes)).\(output.recipe.output.fileExtension)"
            let file = ProcessedPicture.File(path: "assets/img/\(name)", width: output.image.width, height: output.image.height,
                                             format: output.recipe.output, bytes: output.image.bytes.count)
            let url = self.file(for: file)
            if FileBytes.stamp(url.path)?.size != file.bytes {
                try output.image.bytes.withUnsafeBytes { try FileBytes.write($0, to: url.path) }
            }
            files.append(file)
        }
        let picture = ProcessedPicture(files: files)
        lock.withLock { used[key] = picture }
        return picture
    }

    /// Writes the index of what this build used and removes every other file.
    func save() throws {
        let pictures = lock.withLock { used }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(Index(pictures: pictures))
        try data.withUnsafeBytes { try FileBytes.write($0, to: indexFile.path) }
        let kept = Set(pictures.values.flatMap { $0.files.map { self.file(for: $0).lastPathComponent } } + [indexFile.lastPathComponent])
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where !kept.contains(name) {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }
}

import Foundation
import Pictures
import ReportData

/// The processed pictures of earlier builds, under `.ttsite/cache/pictures/`: each output
/// file by its content hash, and `index.json`, which says which files a source picture (by
/// the hash of its bytes) made for a use, and for each picture URL the hash its bytes had
/// and when its server last gave or confirmed them. An unchanged picture is never decoded
/// again, and a fresh one is not even read from the source cache.
///
/// Each build keeps only what it used: the index is rewritten with this build's entries and
/// files no entry names are removed, so the cache does not grow with every picture that
/// ever passed through. A build that used exactly what the last one did writes nothing.
final class PictureCache: @unchecked Sendable {
    let folder: URL
    private let folderPath: String
    private let indexFile: URL
    private let lock = NSLock()
    private let previous: Index
    private var used = Index()
    /// The files in the folder when the build began, and those it wrote since.
    private var present: Set<String>

    struct Index: Codable, Equatable {
        /// The files made of a source picture's bytes for a use, by `key(of:use:)`.
        var pictures: [String: ProcessedPicture] = [:]
        /// What was last read from each picture URL.
        var sources: [String: Source] = [:]
    }

    /// The bytes last read from a picture URL: their hash, and when the server last gave or
    /// confirmed them (seconds since 1970).
    struct Source: Codable, Equatable {
        var hash: String
        var checked: Double
    }

    init(siteFolder: URL) {
        folder = siteFolder.appendingPathComponent(".ttsite/cache/pictures", isDirectory: true)
        folderPath = folder.path
        indexFile = folder.appendingPathComponent("index.json")
        previous = (try? Data(contentsOf: indexFile)).flatMap { try? JSONDecoder().decode(Index.self, from: $0) } ?? Index()
        present = Set((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
    }

    /// The hash that keys a source picture's bytes.
    static func hash(of bytes: Data) -> String {
        StableHash.hex(of: bytes)
    }

    /// The key of a source picture's bytes (by their hash) in one use.
    static func key(hash: String, use: PictureUse) -> String {
        "\(hash)-\(use.key)"
    }

    /// The path of the cache file behind an output file.
    func path(of file: ProcessedPicture.File) -> String {
        folderPath + "/" + Self.name(of: file)
    }

    private static func name(of file: ProcessedPicture.File) -> String {
        String(file.path[file.path.index(after: file.path.lastIndex(of: "/")!)...])
    }

    /// What was last read from `url`, by this build or the one before.
    func source(_ url: URL) -> Source? {
        lock.withLock { used.sources[url.absoluteString] ?? previous.sources[url.absoluteString] }
    }

    /// Notes what was read from `url` for the next build.
    func record(_ source: Source, for url: URL) {
        lock.withLock { used.sources[url.absoluteString] = source }
    }

    /// What an earlier build made of this key, when all its files are still there.
    func picture(for key: String) -> ProcessedPicture? {
        lock.withLock {
            guard let picture = used.pictures[key] ?? previous.pictures[key],
                  picture.files.allSatisfy({ present.contains(Self.name(of: $0)) }) else { return nil }
            used.pictures[key] = picture
            return picture
        }
    }

    /// Keeps the files `render` made under `key`. Each is written under a temporary name and
    /// renamed, so a file under its own name is always whole.
    func store(_ outputs: [(recipe: ImageRecipe, image: ImageProcessor.Encoded)], for key: String) throws -> ProcessedPicture {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var files: [ProcessedPicture.File] = []
        for output in outputs {
            let name = "\(StableHash.hex(of: output.image.bytes)).\(output.recipe.output.fileExtension)"
            let file = ProcessedPicture.File(path: "assets/img/\(name)", width: output.image.width, height: output.image.height,
                                             format: output.recipe.output, bytes: output.image.bytes.count)
            if !lock.withLock({ present.contains(name) }) {
                let temporary = "\(folderPath)/.\(name).\(UUID().uuidString).tmp"
                try output.image.bytes.withUnsafeBytes { try FileBytes.write($0, to: temporary) }
                guard rename(temporary, path(of: file)) == 0 else {
                    let code = errno
                    unlink(temporary)
                    throw POSIXError(code)
                }
                lock.withLock { _ = present.insert(name) }
            }
            files.append(file)
        }
        let picture = ProcessedPicture(files: files)
        lock.withLock { used.pictures[key] = picture }
        return picture
    }

    /// Writes the index of what this build used and removes every other file; nothing when
    /// the build used exactly what the last one did.
    func save() throws {
        let (index, present) = lock.withLock { (used, self.present) }
        guard index != previous else { return }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let temporary = folder.appendingPathComponent(".index.json.\(UUID().uuidString).tmp")
        try encoder.encode(index).write(to: temporary)
        guard rename(temporary.path, indexFile.path) == 0 else {
            let code = errno
            try? FileManager.default.removeItem(at: temporary)
            throw POSIXError(code)
        }
        let kept = Set(index.pictures.values.flatMap { $0.files.map(Self.name(of:)) } + [indexFile.lastPathComponent])
        for name in present where !kept.contains(name) {
            unlink(folderPath + "/" + name)
        }
    }
}

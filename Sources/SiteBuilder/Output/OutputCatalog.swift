import Foundation

/// The output of a build held in memory, for `ttsite check`: the path of every file, and
/// the bytes of the HTML pages, whose links are checked; or, for a preview's update
/// (`keepingEveryFile`), the bytes of every file written. Nothing is written to disk.
final class OutputCatalog: OutputWriter, @unchecked Sendable {
    private let lock = NSLock()
    private let keepsEveryFile: Bool
    private var pages: [String: [UInt8]] = [:]
    private var paths: Set<String> = []

    init(keepingEveryFile: Bool = false) {
        keepsEveryFile = keepingEveryFile
    }

    func write(_ bytes: UnsafeRawBufferPointer, to path: String) throws {
        checkOutputPath(path)
        let keep = keepsEveryFile || path.hasSuffix(".html") ? Array(bytes) : nil
        lock.withLock {
            paths.insert(path)
            if let keep { pages[path] = keep }
        }
    }

    func copy(_ source: URL, to path: String, editing edit: (([UInt8]) throws -> [UInt8])?) throws {
        checkOutputPath(path)
        guard FileManager.default.isReadableFile(atPath: source.path) else {
            throw BuildError(.output, "cannot read the file to publish", in: source.path)
        }
        // An edit may refuse the file (a picture whose metadata cannot be removed): it is
        // read, so that the catalog holds what a build would publish.
        if let edit {
            let bytes: [UInt8]
            do {
                bytes = try FileBytes.read(source.path)
            } catch {
                throw BuildError(.output, "cannot read the file to publish: \(fileErrorText(error))", in: source.path)
            }
            _ = try edit(bytes)
        }
        lock.withLock { _ = paths.insert(path) }
    }

    func link(_ source: String, bytes: Int, to path: String) throws {
        try copy(URL(fileURLWithPath: source), to: path, editing: nil)
    }

    /// Every file path; and the files whose bytes are kept (the HTML pages, or every file
    /// written), in path order.
    var files: Set<String> { lock.withLock { paths } }
    var writtenPaths: Set<String> { files }
    var keptFiles: [OutputFile] {
        lock.withLock { pages.sorted { $0.key < $1.key }.map { OutputFile(path: $0.key, bytes: $0.value) } }
    }
}

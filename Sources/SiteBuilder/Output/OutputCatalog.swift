import Foundation

/// The output of a build held in memory, for `ttsite check`: the path of every file, and
/// the bytes of the HTML pages, whose links are checked. Nothing is written to disk.
final class OutputCatalog: OutputWriter, @unchecked Sendable {
    private let lock = NSLock()
    private var pages: [String: [UInt8]] = [:]
    private var paths: Set<String> = []

    func write(_ bytes: UnsafeRawBufferPointer, to path: String) throws {
        checkOutputPath(path)
        let keep = path.hasSuffix(".html") ? Array(bytes) : nil
        lock.withLock {
            paths.insert(path)
            if let keep { pages[path] = keep }
        }
    }

    func copy(_ source: URL, to path: String) throws {
        checkOutputPath(path)
        guard FileManager.default.isReadableFile(atPath: source.path) else {
            throw BuildError(.output, "cannot read the file to publish", in: source.path)
        }
        lock.withLock { _ = paths.insert(path) }
    }

    func link(_ source: String, bytes: Int, to path: String) throws {
        try copy(URL(fileURLWithPath: source), to: path)
    }

    /// Every file path, and the HTML pages in path order.
    var files: Set<String> { lock.withLock { paths } }
    var htmlPages: [(path: String, bytes: [UInt8])] {
        lock.withLock { pages.sorted { $0.key < $1.key }.map { ($0.key, $0.value) } }
    }
}

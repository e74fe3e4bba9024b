import Foundation
import TextFormatting

/// Where a build puts its files: the staging folder of a real build (`OutputFolder`), or
/// memory for `ttsite check` (`OutputCatalog`). Paths are relative, `/`-separated, without
/// `..`. Pages are written from several threads at once.
protocol OutputWriter: AnyObject, Sendable {
    func write(_ bytes: UnsafeRawBufferPointer, to path: String) throws
    /// A file of the site folder published as `edit` makes its bytes (a picture without its
    /// metadata), or as it is without one, with the source's modification time. An error
    /// `edit` throws is thrown as it is, and nothing is written.
    func copy(_ source: URL, to path: String, editing edit: (([UInt8]) throws -> [UInt8])?) throws
    /// A file that is never changed once written and is named after its content (a processed
    /// picture of the cache, `<hash>.webp`), of `bytes` bytes: published by a hard link where
    /// the file system allows, else copied.
    func link(_ source: String, bytes: Int, to path: String) throws
    /// Publishes the file already published at `path` again, unread, when it still has
    /// `stamp`; false when it has not (or the writer keeps nothing), and the page must be
    /// rendered.
    func keep(_ path: String, publishedAs stamp: FileStamp) throws -> Bool
    /// Every path written (or kept) so far.
    var writtenPaths: Set<String> { get }
}

extension OutputWriter {
    func copy(_ source: URL, to path: String) throws {
        try copy(source, to: path, editing: nil)
    }

    func keep(_ path: String, publishedAs stamp: FileStamp) throws -> Bool { false }

    func write(_ text: String, to path: String) throws {
        var text = text
        try text.withUTF8 { try write(UnsafeRawBufferPointer($0), to: path) }
    }

    func write(_ bytes: [UInt8], to path: String) throws {
        try bytes.withUnsafeBytes { try write($0, to: path) }
    }
}

/// Output paths come from slugs and content paths that were already checked; this is the
/// last line of defence against a path that would leave the output folder.
func checkOutputPath(_ path: String) {
    precondition(
        !path.isEmpty && !path.hasPrefix("/") && !path.pathParts().contains { $0 == ".." },
        "output path escapes the output folder: \(path)")
}

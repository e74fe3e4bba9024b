import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading: small POSIX file calls for the content scan, which touches every file of `Content/`.
///
/// Why not Foundation: `URL.resourceValues` and `String(contentsOf:)` build URL objects and
/// decode through UTF-16 on Linux; on 10,000 pages they cost more than parsing the Markdown.
/// Errors are `NSError`s of the POSIX domain, so `fileErrorText` words them as before.
extension FileBytes {
    /// The whole file at `path`.
    static func read(_ path: String) throws -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw posixError() }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw posixError() }
        var bytes = [UInt8](repeating: 0, count: max(Int(status.st_size), 0))
        var filled = 0
        while true {
            if filled == bytes.count { bytes.append(contentsOf: repeatElement(0, count: 4096)) }
            let count = bytes.withUnsafeMutableBytes { buffer in
                readSome(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw posixError()
            }
            if count == 0 { break }
            filled += count
        }
        bytes.removeSubrange(filled...)
        return bytes
    }

    /// The file at `path` as UTF-8 text; `nil` when it is not valid UTF-8.
    static func text(_ path: String) throws -> String? {
        String(validating: try read(path), as: UTF8.self)
    }

    /// Whether `path` is a symbolic link (not followed).
    static func isSymbolicLink(_ path: String) throws -> Bool {
        var status = stat()
        guard lstat(path, &status) == 0 else { throw posixError() }
        return status.st_mode & S_IFMT == S_IFLNK
    }

    /// Whether `path` is a folder, following symbolic links; false when nothing is there.
    static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    static func readSome(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.read(descriptor, buffer, count)
        #elseif canImport(Musl)
            Musl.read(descriptor, buffer, count)
        #else
            Darwin.read(descriptor, buffer, count)
        #endif
    }

    private static func posixError() -> NSError {
        NSError(domain: NSPOSIXErrorDomain, code: Int(errno))
    }
}

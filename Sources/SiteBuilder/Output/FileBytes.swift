import Foundation

/// Writing and comparing files of the output folder with plain POSIX calls: one `open`, one `write` (or `read`)
/// and one `close` per file, where `Data.write` and `FileManager` ask the file system
/// several more questions per file.
enum FileBytes {
    /// Writes a new file. Any file already at `path` is unlinked first, never truncated: it
    /// may be a hard link to a published file, which must stay as it is.
    static func write(_ bytes: UnsafeRawBufferPointer, to path: String, mode: mode_t = 0o644) throws {
        var fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        if fd < 0 && errno == EEXIST {
            unlink(path)
            fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        }
        guard fd >= 0 else { throw POSIXError(errno) }
        var offset = 0
        while offset < bytes.count {
            let count = writeSome(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if count < 0 {
                if errno == EINTR { continue }
                let code = errno
                close(fd)
                unlink(path)
                throw POSIXError(code)
            }
            offset += count
        }
        // close reports a failed delayed write on some file systems (NFS, a full disk).
        if close(fd) != 0 {
            let code = errno
            unlink(path)
            throw POSIXError(code)
        }
    }

    /// Whether the regular file at `path` holds exactly `bytes`. Reads it only when the
    /// sizes agree.
    static func holds(_ bytes: UnsafeRawBufferPointer, atPath path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) == bytes.count else { return false }
        if bytes.isEmpty { return true }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 16)
        defer { buffer.deallocate() }
        var offset = 0
        while offset < bytes.count {
            let count = readSome(fd, buffer.baseAddress! + offset, bytes.count - offset)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            offset += count
        }
        return memcmp(buffer.baseAddress!, bytes.baseAddress!, bytes.count) == 0
    }

    /// The size and modification time of a regular file, or nil.
    static func stamp(_ path: String) -> (size: Int, modified: timespec)? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        #if canImport(Darwin)
        return (Int(info.st_size), info.st_mtimespec)
        #else
        return (Int(info.st_size), info.st_mtim)
        #endif
    }

    /// Gives `path` the modification time `modified`, as `cp -p` and `rsync -t` do.
    static func setModified(_ path: String, to modified: timespec) {
        let times = [modified, modified]   // access and modification time
        _ = utimensat(AT_FDCWD, path, times, 0)
    }
}

extension POSIXError {
    init(_ code: Int32) {
        self.init(POSIXErrorCode(rawValue: code) ?? .EIO)
    }
}

/// `write(2)`, named apart from `FileBytes.write`.
private func writeSome(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, bytes, count)
}

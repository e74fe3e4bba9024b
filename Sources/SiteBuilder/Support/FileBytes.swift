import Foundation

/// Writing and comparing files of the output folder with plain POSIX calls: one `open`, one `write` (or `read`)
/// and one `close` per file, where `Data.write` and `FileManager` ask the file system
/// several more questions per file.
enum FileBytes {
    /// Writes a new file. Any file already at `path` is unlinked first, never truncated: it
    /// may be a hard link to a published file, which must stay as it is. Returns the file's
    /// stamp as written (nil if the system would not say), which spares a `stat` later.
    @discardableResult
    static func write(_ bytes: UnsafeRawBufferPointer, to path: String, mode: mode_t = 0o644) throws -> FileStamp? {
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
        var info = stat()
        let written = fstat(fd, &info) == 0 ? FileStamp(info) : nil
        // close reports a failed delayed write on some file systems (NFS, a full disk).
        if close(fd) != 0 {
            let code = errno
            unlink(path)
            throw POSIXError(code)
        }
        return written
    }

    /// The stamp of the regular file at `path` when it holds exactly `bytes`, else nil.
    /// Reads it only when the sizes agree.
    static func stamp(ifHolding bytes: UnsafeRawBufferPointer, atPath path: String) -> FileStamp? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) == bytes.count else { return nil }
        if bytes.isEmpty { return FileStamp(info) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 16)
        defer { buffer.deallocate() }
        var offset = 0
        while offset < bytes.count {
            let count = readSome(fd, buffer.baseAddress! + offset, bytes.count - offset)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            offset += count
        }
        return memcmp(buffer.baseAddress!, bytes.baseAddress!, bytes.count) == 0 ? FileStamp(info) : nil
    }

    /// The size, modification time and inode of a regular file, or nil.
    static func stamp(_ path: String) -> FileStamp? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return FileStamp(info)
    }

    /// Gives `path` the modification time `modified`, as `cp -p` and `rsync -t` do.
    static func setModified(_ path: String, to modified: timespec) {
        let times = [modified, modified]  // access and modification time
        _ = utimensat(AT_FDCWD, path, times, 0)
    }
}

/// What the file system says of a file without reading it. Equal stamps of the same path
/// mean the file was not written in between: a write changes the modification time, a
/// replacement the inode, and `changed` (the inode's change time, which no program can set
/// back) any of the two.
struct FileStamp: Equatable, Sendable {
    var size: Int
    var modified: timespec
    var inode: UInt64
    var changed: timespec

    init(size: Int, modified: timespec, inode: UInt64, changed: timespec = timespec()) {
        self.size = size
        self.modified = modified
        self.inode = inode
        self.changed = changed
    }

    init(_ info: stat) {
        #if canImport(Darwin)
            self.init(size: Int(info.st_size), modified: info.st_mtimespec, inode: UInt64(info.st_ino), changed: info.st_ctimespec)
        #else
            self.init(size: Int(info.st_size), modified: info.st_mtim, inode: UInt64(info.st_ino), changed: info.st_ctim)
        #endif
    }

    static func == (a: FileStamp, b: FileStamp) -> Bool {
        a.size == b.size && a.inode == b.inode
            && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
            && a.changed.tv_sec == b.changed.tv_sec && a.changed.tv_nsec == b.changed.tv_nsec
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

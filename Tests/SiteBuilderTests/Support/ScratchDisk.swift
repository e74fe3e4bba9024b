import Foundation
import TestSupport

/// A small tmpfs mounted for one test: a disk that fills up, or that can be made read-only.
/// Needs root (CI runs as root); elsewhere the tests that need one are skipped, and say why.
///
/// Mounted with the mount(2) system call, not the `mount` program: a test would have to wait
/// for the program (off the concurrency pool, so asynchronously, which a `defer` cannot do);
/// the call returns at once.
final class ScratchDisk {
    private let temporary: TemporaryFolder
    let folder: URL

    init(megabytes: Int) throws {
        temporary = try TemporaryFolder("disk")
        folder = temporary.url
        #if os(Linux)
            try Self.check(mount("tmpfs", folder.path, "tmpfs", 0, "size=\(megabytes)m"), "mount a tmpfs on \(folder.path)")
        #else
            throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "tmpfs scratch disks are Linux only"])
        #endif
    }

    func makeReadOnly() throws {
        #if os(Linux)
            try Self.check(mount("tmpfs", folder.path, nil, UInt(MS_REMOUNT | MS_RDONLY), nil), "remount \(folder.path) read-only")
        #endif
    }

    func remove() {
        #if os(Linux)
            umount(folder.path)
        #endif
        temporary.remove()
    }

    /// Whether this machine lets the tests mount a tmpfs; the reason when not.
    static let unavailableReason: String? = {
        guard geteuid() == 0 else { return "mounting a small tmpfs needs root" }
        do {
            let disk = try ScratchDisk(megabytes: 1)
            disk.remove()
            return nil
        } catch {
            return "cannot mount a tmpfs here: \(error)"
        }
    }()

    static var available: Bool {
        if let reason = unavailableReason {
            print("skipped: \(reason)")
            return false
        }
        return true
    }

    /// Throws, naming what failed and why, when a system call returned -1.
    private static func check(_ result: Int32, _ what: String) throws {
        guard result == 0 else {
            throw CocoaError(
                .fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot \(what): \(String(cString: strerror(errno)))"])
        }
    }
}

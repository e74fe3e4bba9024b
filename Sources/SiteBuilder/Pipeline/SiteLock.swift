import Foundation

/// One build of a site at a time: an advisory lock (`flock`) on `.ttsite/lock` in the site
/// folder. The kernel releases it when the process ends, however it ends, so a build that
/// crashed or was killed never leaves a stale lock behind. The lock file holds the pid of
/// the build that has it, for the message the next one prints.
///
/// A site folder that cannot be written (a read-only checkout) is locked through a file
/// beside the output folder instead, which the build writes in any case.
final class SiteLock {
    private let descriptor: Int32
    let path: String

    /// Takes the lock, waiting up to `wait` seconds for another build to finish.
    init(siteFolder: URL, outputFolder: URL, wait: Double) throws {
        let stateFolder = siteFolder.appendingPathComponent(".ttsite")
        var path = stateFolder.appendingPathComponent("lock").path
        try? FileManager.default.createDirectory(at: stateFolder, withIntermediateDirectories: true)
        var descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        if descriptor < 0 {
            let parent = outputFolder.deletingLastPathComponent()
            path = parent.appendingPathComponent(".\(outputFolder.lastPathComponent).lock").path
            try? FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
            descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        }
        guard descriptor >= 0 else {
            throw BuildError(.output, "cannot create the build lock: \(String(cString: strerror(errno)).lowercased())", in: path)
        }
        self.descriptor = descriptor
        self.path = path

        let start = Date()
        let deadline = start.addingTimeInterval(max(0, wait))
        let ownPID = Int(ProcessInfo.processInfo.processIdentifier)
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                let text = String(cString: strerror(errno)).lowercased()
                close(descriptor)
                throw BuildError(.output, "cannot lock the site: \(text)", in: path)
            }
            // A lock that this process's last build of the site held a moment ago can still be
            // held by a child process another thread is starting: the child holds a copy of
            // every descriptor until it runs its program, which closes them (`O_CLOEXEC`).
            // That is over within milliseconds; another build's lock is not.
            let inherited = Self.pid(of: descriptor) == ownPID && Date().timeIntervalSince(start) < Self.childStartGrace
            guard Date() < deadline || inherited else {
                let holder = Self.pid(of: descriptor).map { " (pid \($0))" } ?? ""
                close(descriptor)
                let waited = wait > 0 ? " after waiting \(Self.seconds(wait))" : ""
                throw BuildError(.locked, "another ttsite build of this site is running\(holder)\(waited); try again later, or pass --wait SECONDS to wait for it", in: path)
            }
            usleep(100_000)
        }
        let pid = "\(ProcessInfo.processInfo.processIdentifier)\n"
        ftruncate(descriptor, 0)
        _ = pid.withCString { pwrite(descriptor, $0, strlen($0), 0) }
    }

    deinit {
        // Closing the descriptor releases the lock; the file stays for the next build.
        close(descriptor)
    }

    /// How long a lock written with this process's own pid is waited for, at least.
    static let childStartGrace = 1.0

    /// The pid the lock file holds: the build that took the lock last.
    private static func pid(of descriptor: Int32) -> Int? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = pread(descriptor, &buffer, buffer.count, 0)
        guard count > 0 else { return nil }
        return Int(String(decoding: buffer[..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}

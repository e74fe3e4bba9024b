import Foundation

/// One build of a site at a time: an advisory lock (`flock`) on `.ttsite/lock` in the site
/// folder. The kernel releases it when the process ends, however it ends, so a build that
/// crashed or was killed never leaves a stale lock behind. The lock file holds the pid of
/// the build that has it, for the message the next one prints.
///
/// A site folder that cannot be written (a read-only checkout) is locked through a file
/// beside the output folder instead, which the build writes in any case.
///
/// A preview (`ttsite serve`) takes the same lock while it rebuilds (the two share the
/// caches of `.ttsite/`), and says so in the file (`preview` after the pid): a build that
/// finds a preview rebuilding waits for it, up to `previewWait`, with a message, rather than
/// fail — the preview is done in seconds.
final class SiteLock {
    /// How long a build waits for a preview's rebuild at least, in seconds.
    static let previewWait = 300.0

    private let descriptor: Int32
    let path: String

    /// Takes the lock, waiting up to `wait` seconds for another build to finish (and up to
    /// `previewWait` for a preview's rebuild); `waiting` is told once when it waits. With
    /// `preview`, the lock says that a preview holds it.
    init(siteFolder: URL, outputFolder: URL, wait: Double, preview: Bool = false, waiting: ((String) -> Void)? = nil) throws {
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
        var deadline = start.addingTimeInterval(max(0, wait))
        let ownPID = Int(ProcessInfo.processInfo.processIdentifier)
        var told = false
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
            if !inherited, !told, let holder = Self.pid(of: descriptor) {
                told = true
                if Self.isPreview(descriptor) {
                    deadline = max(deadline, start.addingTimeInterval(Self.previewWait))
                    waiting?("the preview (`ttsite serve`, pid \(holder)) is rebuilding the site; waiting for it to finish")
                } else if wait > 0 {
                    waiting?("another ttsite build of this site is running (pid \(holder)); waiting up to \(Self.seconds(wait)) for it")
                }
            }
            guard Date() < deadline || inherited else {
                let holder = Self.pid(of: descriptor).map { " (pid \($0))" } ?? ""
                close(descriptor)
                let waited = wait > 0 ? " after waiting \(Self.seconds(wait))" : ""
                throw BuildError(
                    .locked,
                    "another ttsite build of this site is running\(holder)\(waited); "
                        + "try again later, or pass --wait SECONDS to wait for it",
                    in: path)
            }
            usleep(100_000)
        }
        let pid = "\(ProcessInfo.processInfo.processIdentifier)\n" + (preview ? "preview\n" : "")
        ftruncate(descriptor, 0)
        _ = pid.withCString { pwrite(descriptor, $0, strlen($0), 0) }
    }

    deinit {
        // Closing the descriptor releases the lock; the file stays for the next build.
        close(descriptor)
    }

    /// How long a lock written with this process's own pid is waited for, at least.
    static let childStartGrace = 1.0

    /// The lines of the lock file: the pid of the build that took the lock last, and
    /// `preview` when that is a preview's.
    private static func lines(of descriptor: Int32) -> [Substring] {
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = pread(descriptor, &buffer, buffer.count, 0)
        guard count > 0 else { return [] }
        return String(decoding: buffer[..<count], as: UTF8.self).split(separator: "\n").map { $0.drop { $0 == " " } }
    }

    /// The pid the lock file holds: the build that took the lock last.
    private static func pid(of descriptor: Int32) -> Int? {
        lines(of: descriptor).first.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    }

    private static func isPreview(_ descriptor: Int32) -> Bool {
        lines(of: descriptor).dropFirst().first == "preview"
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}

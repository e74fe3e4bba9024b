import Foundation

/// A small tmpfs mounted for one test: a disk that fills up, or that can be made read-only.
/// Needs root (CI runs as root); elsewhere the tests that need one are skipped, and say why.
final class ScratchDisk {
    let folder: URL

    init(megabytes: Int) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("ttsite-disk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Self.run("mount", "-t", "tmpfs", "-o", "size=\(megabytes)m", "tmpfs", folder.path)
    }

    func makeReadOnly() throws {
        try Self.run("mount", "-o", "remount,ro", folder.path)
    }

    func remove() {
        try? Self.run("umount", folder.path)
        try? FileManager.default.removeItem(at: folder)
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

    private static func run(_ arguments: String...) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "`\(arguments.joined(separator: " "))` exited \(process.terminationStatus)"])
        }
    }
}

import Foundation
import TestSupport

/// The `ttsite` binary, run as a user runs it.
struct Command {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static var binary: URL { TTSiteBinary.url }

    static func run(_ arguments: [String], in folder: URL) throws -> Run {
        try run(Self.binary, arguments, in: folder)
    }

    /// Lines through `/bin/sh` (or another shell), as a user pastes them into a terminal.
    static func shell(_ script: String, in folder: URL, shell: String = "/bin/sh") throws -> Run {
        try run(URL(fileURLWithPath: shell), ["-c", script], in: folder)
    }

    private static func run(_ executable: URL, _ arguments: [String], in folder: URL) throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Both pipes are drained at once: a full stderr pipe must not block the child.
        let stderrData = LockedData()
        let reader = Thread { stderrData.value = err.fileHandleForReading.readDataToEndOfFile() }
        reader.start()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !stderrData.isSet { usleep(1000) }
        return Run(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderrData.value, as: UTF8.self))
    }
}

final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data?
    var value: Data {
        get { lock.withLock { data ?? Data() } }
        set { lock.withLock { data = newValue } }
    }
    var isSet: Bool { lock.withLock { data != nil } }
}

/// A fresh temporary folder, removed by `remove()`.
struct TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("ttsite-starter-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func write(_ text: String, to path: String) throws {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    func read(_ path: String) throws -> String {
        try String(contentsOf: url.appendingPathComponent(path), encoding: .utf8)
    }

    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: url.appendingPathComponent(path).path)
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

import Foundation

/// The `ttsite` binary started in the background, its output going to files (a pipe nobody
/// reads would block it), so a test can signal it, or start a second one, while it runs.
final class Launched {
    let process = Process()
    private let outputFile: URL
    private let errorFile: URL

    init(_ arguments: [String], in folder: URL) throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("ttsite-run-\(UUID().uuidString)")
        outputFile = scratch.appendingPathExtension("out")
        errorFile = scratch.appendingPathExtension("err")
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        process.executableURL = CommandTests.binary
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
    }

    var pid: Int32 { process.processIdentifier }

    /// Waits for the process to end: its exit status, or the signal that ended it.
    func finish() -> (status: Int32, signalled: Bool, stderr: String) {
        process.waitUntilExit()
        let stderr = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(at: outputFile)
        try? FileManager.default.removeItem(at: errorFile)
        return (process.terminationStatus, process.terminationReason == .uncaughtSignal, stderr)
    }
}

/// Polls `condition` every 5 ms until it holds, for at most `limit` seconds. The limit only
/// keeps a broken test from hanging; no test asserts how long anything took.
@discardableResult
func waitUntil(limit: Double = 120, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(limit)
    while !condition() {
        if Date() > deadline { return false }
        usleep(5_000)
    }
    return true
}

/// Names in `folder` that a build leaves only when something went wrong.
func leftovers(in folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        .filter { $0.contains(".staging-") || $0.contains(".old-") }
}

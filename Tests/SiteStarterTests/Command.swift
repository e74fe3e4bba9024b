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

    static func run(_ arguments: [String], in folder: URL) async throws -> Run {
        try await run(Self.binary, arguments, in: folder)
    }

    /// Lines through `/bin/sh` (or another shell), as a user pastes them into a terminal.
    static func shell(_ script: String, in folder: URL, shell: String = "/bin/sh") async throws -> Run {
        try await run(URL(fileURLWithPath: shell), ["-c", script], in: folder)
    }

    /// Waits for the program without holding a thread of the concurrency pool, which every
    /// test of the process shares.
    private static func run(_ executable: URL, _ arguments: [String], in folder: URL) async throws -> Run {
        let (status, stdout, stderr) = try await ChildProcess(executable, arguments, in: folder).finish()
        return Run(status: status, stdout: stdout, stderr: stderr)
    }
}

import Foundation
import TestSupport

/// Lines run by `/bin/sh` (or another shell), as a user pastes them into a terminal.
enum Shell {
    static func run(_ script: String, in folder: URL, shell: String = "/bin/sh") async throws -> ProgramRun {
        try await ChildProcess.run(URL(fileURLWithPath: shell), ["-c", script], in: folder)
    }
}

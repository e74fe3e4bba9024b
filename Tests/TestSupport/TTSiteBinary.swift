import Foundation

/// The `ttsite` binary the tests run, as a user runs it.
public enum TTSiteBinary {
    public static var url: URL {
        // The test bundle sits in the build products folder, beside the `ttsite` binary.
        var folder = Bundle.main.bundleURL
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("ttsite").path), folder.path != "/" {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("ttsite")
    }

    /// Runs `ttsite` to its end: its exit status and what it printed.
    public static func run(_ arguments: [String], in folder: URL, environment: [String: String] = [:]) async throws -> ProgramRun {
        try await ChildProcess.run(url, arguments, in: folder, environment: environment)
    }

    /// Starts `ttsite` in the background, its output drained as it comes (a pipe nobody reads
    /// would block it), so that a test can signal it, or start a second one, while it runs.
    public static func start(_ arguments: [String], in folder: URL, environment: [String: String] = [:]) throws -> ChildProcess {
        try ChildProcess(url, arguments, in: folder, environment: environment)
    }
}

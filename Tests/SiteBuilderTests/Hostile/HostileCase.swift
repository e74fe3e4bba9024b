import Foundation
import TestSupport
import Testing

@testable import SiteBuilder

/// One hostile input and the outcome ttsite must give for it.
///
/// The input is added to a small, good base site (`HostileSite`) after that site has been
/// built once, so every case also shows what happens to a published site: a failing build
/// must leave it byte-identical.
struct HostileCase: Sendable, CustomTestStringConvertible {
    /// How the build is run: the real `ttsite` binary in a subprocess (exit code, stderr, a
    /// crash shows as a signal) or `Site.build` in the test process (the `BuildError`).
    enum Runner: Sendable { case binary, library }

    enum Outcome: Sendable {
        /// The build fails with this exit code; its one error line contains every part.
        case fails(exit: Int32, [String])
        /// The build succeeds with exactly these warnings, each given by parts one warning
        /// line contains; `[]` is a clean build.
        case warns([[String]])
    }

    let name: String
    let runner: Runner
    /// Site-relative path → bytes, written over the base site. Built lazily: some are 10 MB.
    let files: @Sendable () -> [String: Data]
    let outcome: Outcome
    /// Extra arguments for the binary (`--strict`, `--allow-shrink`; the library runner knows these two).
    var arguments: [String] = []
    /// Anything files cannot express (symlinks); gets the site folder.
    var prepare: (@Sendable (URL) throws -> Void)?
    /// Output paths that must exist after a successful build.
    var published: [String] = []
    /// Output paths that must not exist after a successful build (a record that was left out).
    var unpublished: [String] = []
    /// A bug this case shows that is not fixed yet, in words; the case is then recorded as a
    /// known issue, and fails as soon as the bug is gone so that the note gets removed.
    var knownIssue: String?

    var testDescription: String { name }
}

/// What a build printed or threw, the same shape for both runners.
struct HostileRun {
    /// 0 for success, the exit code (or `BuildError.exitCode`) otherwise.
    var exitCode: Int32
    /// The error line (without `ttsite: error: `) when the build failed.
    var error: String?
    /// The warning lines (without `ttsite: warning: `).
    var warnings: [String]
    /// Anything else on stderr (nothing with `--quiet`).
    var otherOutput: [String]
}

extension HostileCase {
    static let now = "2026-11-22T08:00:00Z"

    func run(in site: URL) async throws -> HostileRun {
        switch runner {
        case .binary: return try await runBinary(in: site)
        case .library: return try runLibrary(in: site)
        }
    }

    private func runLibrary(in site: URL) throws -> HostileRun {
        var options = BuildOptions(siteFolder: site, now: Instant.parse(Self.now)!)
        options.strict = arguments.contains("--strict")
        options.allowShrink = arguments.contains("--allow-shrink")
        do {
            let summary = try Site.build(options)
            return HostileRun(exitCode: 0, error: nil, warnings: summary.warnings, otherOutput: [])
        } catch let error as BuildError {
            return HostileRun(exitCode: error.exitCode, error: error.description, warnings: [], otherOutput: [])
        }
    }

    /// Waits for the binary without holding a thread of the concurrency pool.
    private func runBinary(in site: URL) async throws -> HostileRun {
        let build = try await TTSiteBinary.run(["build", "--quiet", "--now", Self.now] + arguments, in: site)
        // A crash (stack overflow, trap, signal) is never an acceptable outcome.
        try #require(!build.signalled, "ttsite was killed by signal \(build.status)")
        var run = HostileRun(exitCode: build.status, error: nil, warnings: [], otherOutput: [])
        for line in build.stderr.split(separator: "\n") {
            if line.hasPrefix("ttsite: error: ") {
                run.error = String(line.dropFirst("ttsite: error: ".count))
            } else if line.hasPrefix("ttsite: warning: ") {
                run.warnings.append(String(line.dropFirst("ttsite: warning: ".count)))
            } else {
                run.otherOutput.append(String(line))
            }
        }
        return run
    }
}

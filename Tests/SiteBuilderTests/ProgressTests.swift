import Foundation
import TestSupport
import Testing

/// The progress bar: on a terminal's stderr only, never with `--quiet`, and gone before the
/// summary line. The terminal is a real pseudo-terminal, made by util-linux's `script`.
@Suite struct ProgressTests {
    static let site = "-- ttsite.yml --\ntitle: T\n" + (1...40).map { "-- Content/p\($0).md --\nPage \($0)\n" }.joined()

    /// Runs `ttsite` with stderr on a pseudo-terminal; returns what the terminal showed.
    /// `env` sets the variable for `script` and so for `ttsite`; stdin is /dev/null, so that
    /// `script` never reads the terminal the tests run in.
    func onATerminal(_ arguments: [String], in folder: URL) async throws -> String {
        let command = ([TTSiteBinary.url.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        let log = folder.appendingPathComponent("../typescript").standardizedFileURL
        let script = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["TTSITE_PROGRESS_AFTER=0", "script", "--quiet", "--return", "--command", command, log.path],
            in: folder, input: FileHandle.nullDevice)
        #expect(script.status == 0)
        return try String(contentsOf: log, encoding: .utf8)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func aTerminalSeesTheStagesAndABar() async throws {
        let site = try TestSite(Self.site)
        defer { site.remove() }
        let shown = try await onATerminal(["build", "--now", "2026-11-22"], in: site.folder)
        for stage in [
            "reading data", "scanning content", "processing pictures", "loading templates", "rendering pages [", "] 40/40", "writing files",
            "publishing",
        ] {
            #expect(shown.contains(stage), "\(stage) is missing from: \(shown.debugDescription)")
        }
        // The bar is cleared (erase line, carriage return) before the summary line.
        #expect(shown.contains("\u{1B}[2K\rBuilt 40 pages"))

        let quiet = try await onATerminal(["build", "--quiet", "--now", "2026-11-22"], in: site.folder)
        #expect(!quiet.contains("rendering pages"))
        #expect(!quiet.contains("Built"))
    }

    @Test func noBarWhenStderrIsNotATerminal() async throws {
        let site = try TestSite(Self.site)
        defer { site.remove() }
        let run = try await TTSiteBinary.run(["build", "--now", "2026-11-22"], in: site.folder)
        #expect(run.status == 0)
        #expect(run.stderr == "Built 40 pages, 0 static files into \(site.output.path)\n")
    }
}

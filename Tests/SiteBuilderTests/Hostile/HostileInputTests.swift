import Foundation
import TestSupport
import Testing

@testable import SiteBuilder

/// The bad-input corpus (`HostileCorpus`): every hostile input gets its stated outcome, and
/// for every one of them, whatever the outcome:
///
/// - nothing crashes (the binary exits normally, never by a signal);
/// - a failing build changes nothing at all: the published site stays byte-identical and no
///   staging folder is left; a succeeding build changes nothing outside the output folder
///   (and `.ttsite/`, where a build may keep its lock and cache);
/// - no page carries script: an independent HTML parser finds no `<script>` but ttsite's
///   counter script, no `on*=` attribute, no `javascript:` URL, no raw hostile markup.
@Suite struct HostileInputTests {
    @Test(arguments: HostileCorpus.cases)
    func hostileInput(_ hostile: HostileCase) async throws {
        if let knownIssue = hostile.knownIssue {
            await withKnownIssue(Comment(rawValue: knownIssue)) { try await check(hostile) }
        } else {
            try await check(hostile)
        }
    }

    private func check(_ hostile: HostileCase) async throws {
        let temporary = try HostileSite.make()
        defer { temporary.remove() }
        let root = temporary.url
        let site = temporary.url("site")
        let output = site.appendingPathComponent("_site")
        try Site.build(BuildOptions(siteFolder: site, now: Instant.parse(HostileCase.now)!))

        for (path, data) in hostile.files() {
            try temporary.write(data, to: "site/" + path)
        }
        try hostile.prepare?(site)
        let before = try FolderSnapshot(of: root)
        let run = try await hostile.run(in: site)
        let after = try FolderSnapshot(of: root)
        let shown = "exit \(run.exitCode), error: \(run.error ?? "none"), warnings: \(run.warnings.map { String($0.prefix(300)) })"

        if ProcessInfo.processInfo.environment["TTSITE_HOSTILE_TABLE"] != nil {
            // The outcome table for the docs: `TTSITE_HOSTILE_TABLE=1 swift test --filter HostileInputTests`.
            print(
                "| \(hostile.name) | \(run.exitCode) | "
                    + "\(([run.error].compactMap { $0 } + run.warnings).map { String($0.prefix(200)) }.joined(separator: "<br>")) |"
            )
        }
        #expect(run.otherOutput.isEmpty, "unexpected output: \(run.otherOutput)")
        switch hostile.outcome {
        case .fails(let exit, let parts):
            #expect(run.exitCode == exit, "\(shown)")
            let error = run.error ?? ""
            for part in parts { #expect(error.contains(part), "missing `\(part)` in: \(shown)") }
            #expect(error.count < 1_000, "the error line is \(error.count) characters long")
            // The build lock (`.ttsite/lock`, holding the pid of the last build) is the one
            // file a failed build may leave: the lock is taken before anything is read.
            let changed = before.changedPaths(after).filter { $0 != "site/.ttsite" && $0 != "site/.ttsite/lock" }
            #expect(changed == [], "a failed build changed files")
        case .warns(let expected):
            #expect(run.exitCode == 0, "\(shown)")
            #expect(Self.unmatched(expected, in: run.warnings) == [], "\(shown)")
            #expect(run.warnings.count == expected.count, "\(shown)")
            for warning in run.warnings { #expect(warning.count < 1_000, "a warning is \(warning.count) characters long") }
            let changed = before.changedPaths(after).filter { !$0.hasPrefix("site/_site/") && !$0.hasPrefix("site/.ttsite/") }
            #expect(changed == [], "the build wrote outside its output folder")
            for path in hostile.published {
                #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent(path).path), "\(path) is missing")
            }
            for path in hostile.unpublished {
                #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent(path).path), "\(path) was published")
            }
        }
        #expect(try await InjectionScan.findings(in: output) == [])
        let published = try FolderSnapshot(of: output).entries
        #expect(published.filter { if case .link = $0.value { true } else { false } }.keys.sorted() == [], "the output holds symlinks")
        // Page names are [a-z0-9-]; assets and fixed files add dots and capitals at most.
        #expect(
            published.keys.filter { $0.contains { !($0.isASCII && ($0.isLetter || $0.isNumber || "-._/".contains($0))) } }.sorted() == [])
        #expect(try Self.rawMarkup(in: output) == [])
    }

    /// Expected warnings (each a list of parts) that no warning line matches; every line
    /// matches at most one expectation.
    static func unmatched(_ expected: [[String]], in warnings: [String]) -> [[String]] {
        var remaining = warnings
        var missing: [[String]] = []
        for parts in expected {
            if let index = remaining.firstIndex(where: { line in parts.allSatisfy { line.contains($0) } }) {
                remaining.remove(at: index)
            } else {
                missing.append(parts)
            }
        }
        return missing
    }

    /// Output files holding the corpus' markup unescaped (it is always `&lt;script&gt;…` in text).
    static func rawMarkup(in output: URL) throws -> [String] {
        let markers = ["<script>alert", "<img src=x", "<svg/onload"].map { Data($0.utf8) }
        return try FolderSnapshot(of: output).entries.compactMap { path, entry in
            // The birthday calendar is iCalendar text, not HTML: names are in it as written.
            guard case .file(let bytes) = entry, !path.hasSuffix(".ics") else { return nil }
            return markers.contains { bytes.range(of: $0) != nil } ? path : nil
        }.sorted()
    }
}

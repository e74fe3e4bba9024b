import Foundation
import ReportData
import Testing

@testable import SiteBuilder

/// `--strict`, decided in one place: what each stage does with a warning.
struct StrictModeTests {
    static func mode(strict: Bool) -> StrictMode {
        var options = BuildOptions(siteFolder: URL(fileURLWithPath: "/nonexistent"), now: Date(timeIntervalSince1970: 0))
        options.strict = strict
        return StrictMode(options)
    }

    static let warning = DataProblem(source: "people.json", path: "results[1].dob.date", value: #""31-02-1990""#, message: "is not a date")
    static let error = DataProblem(source: "people.json", path: "", message: "the document is empty", severity: .error)

    @Test func withoutStrictWarningsAreReported() throws {
        let mode = Self.mode(strict: false)
        #expect(mode.fallsBackToCache)
        #expect(try mode.warnings(from: [Self.warning]) == [#"people.json results[1].dob.date: is not a date (found "31-02-1990")"#])
        try mode.check(["Content/a.md: unread key `titel`"], as: .content)
        // A decoder's error stops the build with or without --strict.
        #expect(throws: BuildError(.content, "people.json: the document is empty")) {
            try mode.warnings(from: [Self.warning, Self.error])
        }
    }

    @Test func withStrictTheFirstWarningStopsTheBuild() throws {
        let mode = Self.mode(strict: true)
        #expect(!mode.fallsBackToCache)
        #expect(throws: BuildError(.content, #"people.json results[1].dob.date: is not a date (found "31-02-1990")"#)) {
            try mode.warnings(from: [Self.warning, Self.error])
        }
        #expect(throws: BuildError(.source, "--strict: a.json: stale copy")) {
            try mode.check(["a.json: stale copy", "b.json: stale copy"], as: .source)
        }
        #expect(try mode.warnings(from: []) == [])
        try mode.check([], as: .content)
    }
}

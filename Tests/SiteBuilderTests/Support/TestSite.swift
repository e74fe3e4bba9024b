import Foundation
import TestSupport
import Testing

@testable import SiteBuilder

/// A small site written inline (see `Txtar`) into `site/` of a fresh temporary folder, and
/// built by the library:
///
///     -- ttsite.yml --
///     title: Test
///     -- Content/index.md --
///     # Hello
///
/// What a test writes beside the site (a second output folder, a terminal's log) lives in the
/// temporary folder and goes with it.
struct TestSite {
    let temporary: TemporaryFolder
    let folder: URL

    init(_ files: String) throws {
        temporary = try TemporaryFolder("test")
        folder = temporary.url("site")
        try temporary.write(files: files, into: "site")
    }

    /// Copies a fixture folder (under `Tests/SiteBuilderTests/Fixtures/`).
    init(fixture name: String) throws {
        temporary = try TemporaryFolder("test")
        folder = temporary.url("site")
        try FileManager.default.copyItem(at: Fixtures.url(name), to: folder)
    }

    func write(_ text: String, to path: String) throws {
        try temporary.write(text, to: "site/" + path)
    }

    var output: URL { folder.appendingPathComponent("_site") }

    func options(now: String = "2026-11-22T08:00:00Z") -> BuildOptions {
        BuildOptions(siteFolder: folder, now: Instant.parse(now)!)
    }

    @discardableResult
    func build(now: String = "2026-11-22T08:00:00Z") throws -> BuildSummary {
        try Site.build(options(now: now))
    }

    /// Builds the site as it now is with `full` into `_full`, and records an issue for every
    /// file the output folder holds with other bytes, lacks or has besides.
    func expectFullBuildBytes(now: String, _ step: String) throws {
        var full = options(now: now)
        full.output = folder.appendingPathComponent("_full")
        full.full = true
        try Site.build(full)
        let built = try snapshot(of: output)
        let complete = try snapshot(of: full.output!)
        #expect(built.keys.sorted() == complete.keys.sorted(), "\(step): the output holds other files than a full build")
        for (path, bytes) in complete where built[path] != bytes {
            Issue.record("\(step): \(path) differs from the full build's")
        }
    }

    func read(_ path: String) throws -> String {
        try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)
    }

    func remove() {
        temporary.remove()
    }
}

enum Fixtures {
    static func url(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures").appendingPathComponent(name)
    }
}

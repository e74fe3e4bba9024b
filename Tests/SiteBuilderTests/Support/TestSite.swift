import Foundation
@testable import SiteBuilder
import Testing

/// A small site written inline, Hugo-style, into a fresh temporary folder:
///
///     -- ttsite.yml --
///     title: Test
///     -- Content/index.md --
///     # Hello
struct TestSite {
    let folder: URL

    init(_ files: String) throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("ttsite-test-\(UUID().uuidString)")
            .appendingPathComponent("site")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (path, text) in Self.split(files) {
            try write(text, to: path)
        }
    }

    /// Copies a fixture folder (under `Tests/SiteBuilderTests/Fixtures/`).
    init(fixture name: String) throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("ttsite-test-\(UUID().uuidString)")
            .appendingPathComponent("site")
        try FileManager.default.createDirectory(at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Fixtures.url(name), to: folder)
    }

    func write(_ text: String, to path: String) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
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
        try? FileManager.default.removeItem(at: folder.deletingLastPathComponent())
    }

    static func split(_ files: String) -> [(String, String)] {
        var result: [(String, String)] = []
        var path: String?
        var lines: [Substring] = []
        for line in files.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("-- "), line.hasSuffix(" --"), line.count > 6 {
                if let path { result.append((path, lines.joined(separator: "\n") + "\n")) }
                path = String(line.dropFirst(3).dropLast(3))
                lines = []
            } else {
                lines.append(line)
            }
        }
        if let path { result.append((path, lines.joined(separator: "\n").trimmingCharacters(in: .newlines) + "\n")) }
        return result
    }
}

enum Fixtures {
    static func url(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures").appendingPathComponent(name)
    }
}

/// Every file of a folder, by relative path, with its bytes.
func snapshot(of folder: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return files }
    let base = folder.resolvingSymlinksInPath().path
    for case let url as URL in enumerator {
        guard (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else { continue }
        let path = String(url.resolvingSymlinksInPath().path.dropFirst(base.count + 1))
        files[path] = try Data(contentsOf: url)
    }
    return files
}

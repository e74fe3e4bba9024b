import Foundation
import Testing

/// No Foundation string search in code that runs for every page or record. On Linux,
/// `String.contains(_:)` with a string, `range(of:)`, `components(separatedBy:)` and
/// `replacingOccurrences(of:with:)` go through NSString: 30 % of a Markdown site's build
/// once, from three such scans per page. Byte searches (`containsUTF8`, `UTF8Search`,
/// `replacingEvery`) take their place. Nor a path split by `Character`
/// (`split(separator: "/")`, which reads every grapheme cluster: 6 % of a build of
/// tldr-pages' 7,400 pages, from five such splits per page): `pathParts()` and
/// `lastPathPart` split its bytes. A line that runs once per build (a config value, an error
/// message) says so with `// Not per page:` and why, on it or on the line before.
struct FoundationSearchLintTests {
    /// The folders of code that runs for every page, every record or every value.
    static let perPage = [
        "SiteBuilder/Content", "SiteBuilder/Data", "SiteBuilder/Model", "SiteBuilder/Derive", "SiteBuilder/Incremental",
        "SiteBuilder/Output",
        "SiteBuilder/PageSources", "SiteBuilder/Pictures", "SiteBuilder/Pipeline", "SiteBuilder/Queries", "SiteBuilder/Render",
        "SiteBuilder/Support", "Markdown", "TemplateEngine",
        "ReportData",
        "ValueTransformers", "CivilTime", "IntervalText", "TextFormatting", "Counting", "Charts",
    ]

    static let pattern = try! NSRegularExpression(
        pattern: #"\.contains\("|\.range\(of:|\.components\(separatedBy:|\.replacingOccurrences\(of:|\.split\(separator: "/"\)"#)

    @Test func noFoundationStringSearchRunsPerPage() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources")
        var found: [String] = []
        var files = 0
        for folder in Self.perPage {
            let base = sources.appendingPathComponent(folder)
            let names = try #require(FileManager.default.subpathsOfDirectory(atPath: base.path).sorted(), "Sources/\(folder)")
            for name in names where name.hasSuffix(".swift") {
                files += 1
                let lines = try String(contentsOf: base.appendingPathComponent(name), encoding: .utf8).components(separatedBy: "\n")
                for (index, line) in lines.enumerated() {
                    let code = line.trimmingCharacters(in: .whitespaces)
                    guard !code.hasPrefix("//"), Self.pattern.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil
                    else { continue }
                    let said = line.contains("// Not per page:") || (index > 0 && lines[index - 1].contains("// Not per page:"))
                    if !said { found.append("Sources/\(folder)/\(name):\(index + 1): \(code)") }
                }
            }
        }
        #expect(files > 100, "the folders were read")
        #expect(found.isEmpty, "Foundation string searches in per-page code:\n\(found.joined(separator: "\n"))")
    }
}

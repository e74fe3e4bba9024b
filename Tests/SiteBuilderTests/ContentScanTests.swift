import Foundation
import Testing

@testable import SiteBuilder

/// The content scan reads and parses pages on every core; what it finds and the errors it
/// reports must not depend on which core finished first.
struct ContentScanTests {
    @Test func pagesComeInWalkOrderWhateverTheThreads() throws {
        var files = "-- ttsite.yml --\ntitle: T\n"
        for index in (0..<300).reversed() {
            files += "-- Content/\(index % 7)/page-\(String(format: "%03d", index)).md --\n---\ntitle: Page \(index)\n---\nText \(index)\n"
        }
        let site = try TestSite(files)
        defer { site.remove() }
        let scanner = ContentScanner(
            contentFolder: site.folder.appendingPathComponent("Content"), siteFolder: site.folder, languages: ["en"], includeDrafts: false)
        let pages = try scanner.scan().pages
        // Walk order: folders and files sorted by name, each folder's pages together.
        let expected = (0..<300).map { "\($0 % 7)/page-\(String(format: "%03d", $0)).md" }.sorted()
        #expect(pages.map(\.sourcePath) == expected)
        #expect(pages.map { $0.source.frontMatter.title } == expected.map { "Page \(Int($0.dropFirst(7).prefix(3))!)" })
    }

    @Test func ofTwoBrokenPagesTheFirstInWalkOrderIsReported() throws {
        var files = "-- ttsite.yml --\ntitle: T\n"
        for index in 0..<200 { files += "-- Content/p\(String(format: "%03d", index)).md --\nText\n" }
        files += "-- Content/p150.md --\n---\ntitle: [broken\n---\n"
        files += "-- Content/p050.md --\n---\ntitle: [broken\n---\n"
        let site = try TestSite(files)
        defer { site.remove() }
        #expect { try site.build() } throws: { error in
            (error as? BuildError)?.location == "Content/p050.md"
        }
    }

    @Test func aPageThatIsNotUTF8IsNamed() throws {
        let site = try TestSite("-- ttsite.yml --\ntitle: T\n-- Content/index.md --\nHi")
        defer { site.remove() }
        try Data([0x23, 0x20, 0xC3, 0x28, 0x0A]).write(to: site.folder.appendingPathComponent("Content/latin1.md"))
        #expect { try site.build() } throws: { error in
            let error = error as? BuildError
            return error?.location == "Content/latin1.md" && error?.message == "cannot read the page: not valid UTF-8 text"
        }
    }
}

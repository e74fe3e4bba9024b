import Foundation
import TestSupport
import Testing

@testable import SiteBuilder

/// Charts published as PNG too (`chart_images:`): the share image of their page, the picture
/// a feed entry shows in place of the SVG feed readers strip, rendered once and then taken
/// from the cache; not for the pages made from rows unless asked, nor without a `base_url`.
@Suite struct ChartImagesTests {
    static func site(config: String = "base_url: https://example.org/r/") throws -> TestSite {
        try DataReportTests.site(
            """
            -- queries/all.sql --
            SELECT mission, samples_kg FROM missions ORDER BY launch
            -- Content/news/samples.md --
            ---
            title: Samples
            date: 2026-11-20
            ---
            ```ttsite chart kind=column data=all x=mission y=samples_kg label.samples_kg="Samples (kg)"
            ```
            -- Content/missions/[mission].md --
            ---
            title: "{{row.mission}}"
            rows: all
            ---
            ```ttsite query one
            SELECT mission, samples_kg FROM missions WHERE mission = :mission
            ```

            ```ttsite chart kind=bar data=one x=mission y=samples_kg
            ```
            """, config: config)
    }

    /// The PNG's width and height from its IHDR chunk (bytes 16 to 23, big-endian).
    static func size(ofPNG bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count > 24, Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { return nil }
        let number = { (at: Int) in bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (number(16), number(20))
    }

    static func shareImage(_ html: String) -> String? {
        html.range(of: #"<meta property="og:image" content="([^"]+)""#, options: .regularExpression)
            .map { String(html[$0].dropFirst(#"<meta property="og:image" content=""#.count).dropLast()) }
    }

    /// A chart in panels has a picture too: its panels in their grid, two side by side at
    /// twice the document's 16 + 2 × 320 + 16 = 672 units.
    @Test func aChartInPanelsIsAPictureOfItsPanels() throws {
        let site = try DataReportTests.site(
            """
            -- Content/panels.md --
            ```ttsite query all
            SELECT mission, samples_kg, landed FROM missions
            ```

            ```ttsite chart kind=column data=all x=mission y=samples_kg facet=landed columns=2
            ```
            """, config: "base_url: https://example.org/r/")
        defer { site.remove() }
        try site.build()
        let html = try site.read("panels/index.html")
        let address = try #require(Self.shareImage(html))
        let png = try [UInt8](
            Data(contentsOf: site.output.appendingPathComponent(String(address.dropFirst("https://example.org/r/".count)))))
        #expect(Self.size(ofPNG: png)?.width == 1344)
    }

    @Test func aPagesChartIsItsShareImageAndItsFeedEntrysPicture() throws {
        let site = try Self.site()
        defer { site.remove() }
        let first = try site.build()
        #expect(first.details.contains("charts: 1 as PNG (1 rendered, 0 from the cache)"), "\(first.details)")
        let html = try site.read("news/samples/index.html")
        let address = try #require(Self.shareImage(html))
        #expect(
            address.range(of: #"^https://example\.org/r/assets/charts/[0-9a-f]{16}\.png$"#, options: .regularExpression) != nil,
            "\(address)")
        let path = String(address.dropFirst("https://example.org/r/".count))
        let png = try [UInt8](Data(contentsOf: site.output.appendingPathComponent(path)))
        // One series: 672 × 418 units (ChartDocumentTests), two pixels a unit.
        #expect(Self.size(ofPNG: png).map { [$0.width, $0.height] } == [1344, 836])
        #expect(html.contains("twitter:card\" content=\"summary_large_image"))
        // The page itself keeps its SVG.
        #expect(html.contains(#"<svg class="chart column-chart wide""#) && !html.contains("<img src=\"\(address)"))

        // The feed entry shows the picture, at the document's size, with the summary as its
        // text, and no SVG.
        let feed = try JSONSerialization.jsonObject(with: Data(site.read("feed.json").utf8)) as? [String: Any]
        let items = try #require(feed?["items"] as? [[String: Any]])
        let entry = try #require(items.first { ($0["title"] as? String) == "Samples" }?["content_html"] as? String)
        #expect(
            entry.contains(
                #"<img src="\#(address)" alt="Column chart of Samples (kg) by mission, Apollo 11 to Apollo 15: from 21.55 to 77.31, "#
                    + #"highest 77.31 (Apollo 15), lowest 21.55 (Apollo 11)" width="672" height="418">"#
            ), "\(entry)")
        #expect(!entry.contains("<svg"))
        #expect(entry.contains("<table>"), "the data stay in the entry")

        // The pages made from rows have no PNG of their own, nor a share image (no `share_image`).
        #expect(Self.shareImage(try site.read("missions/apollo-11/index.html")) == nil)
        let files = try FileManager.default.contentsOfDirectory(atPath: site.output.appendingPathComponent("assets/charts").path)
        #expect(files == [String(path.dropFirst("assets/charts/".count))])

        // A second build (of a site that changed elsewhere: one that did not is not built
        // again at all) takes the PNG from the cache, the same bytes at the same address.
        try site.write("---\ntitle: About\n---\nNew.\n", to: "Content/about.md")
        let second = try site.build()
        #expect(second.details.contains("charts: 1 as PNG (0 rendered, 1 from the cache)"), "\(second.details)")
        #expect(try [UInt8](Data(contentsOf: site.output.appendingPathComponent(path))) == png)
        #expect(Self.shareImage(try site.read("news/samples/index.html")) == address)

        // A cache file cut short is rendered again, to the same bytes.
        let cached = site.folder.appendingPathComponent(".ttsite/cache/charts").appendingPathComponent(
            String(path.dropFirst("assets/charts/".count)))
        try Data(png.prefix(png.count / 2)).write(to: cached)
        try site.write("---\ntitle: About\n---\nNewer.\n", to: "Content/about.md")
        let third = try site.build()
        #expect(third.details.contains("charts: 1 as PNG (1 rendered, 0 from the cache)"), "\(third.details)")
        #expect(try [UInt8](Data(contentsOf: cached)) == png)
    }

    @Test func allChartsOrNoneAsTheConfigSays() throws {
        let all = try Self.site(config: "base_url: https://example.org/r/\nchart_images: all")
        defer { all.remove() }
        let summary = try all.build()
        // The news page's chart and the row pages' five (one a mission).
        #expect(summary.details.contains("charts: 6 as PNG (6 rendered, 0 from the cache)"), "\(summary.details)")
        #expect(Self.shareImage(try all.read("missions/apollo-11/index.html"))?.hasSuffix(".png") == true)

        let none = try Self.site(config: "base_url: https://example.org/r/\nchart_images: none")
        defer { none.remove() }
        try none.build()
        #expect(Self.shareImage(try none.read("news/samples/index.html")) == nil)
        #expect(!FileManager.default.fileExists(atPath: none.output.appendingPathComponent("assets/charts").path))

        // Without a base_url nothing could show a PNG: none is made.
        let local = try Self.site(config: "")
        defer { local.remove() }
        try local.build()
        #expect(!FileManager.default.fileExists(atPath: local.output.appendingPathComponent("assets/charts").path))
    }

    @Test func anUnknownChoiceIsAnErrorNamingTheKey() throws {
        let site = try Self.site(config: "chart_images: some")
        defer { site.remove() }
        #expect { try site.build() } throws: { error in
            "\(error)".contains(
                "`chart_images` must be `pages` (the charts of pages not made from rows, the default), `all` or `none`, found `some`")
        }
    }
}

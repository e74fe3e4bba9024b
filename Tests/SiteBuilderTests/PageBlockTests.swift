import Foundation
import TestSupport
import Testing

@testable import SiteBuilder

/// A page's report blocks are found once, when its text is read, and every later stage asks
/// them: only a fenced block whose info string starts with `ttsite` is one, wherever else the
/// words `ttsite query` or `data=NAME` stand (prose, code spans, other code blocks).
@Suite struct PageBlockTests {
    static let text = """
        Write ```` ```ttsite query NAME ```` to name a result, and `data=totals` to show one.

            ```ttsite table data=indented
            ```

        ```python
        print("ttsite query x")
        ```

        ```ttsite query by_year
        SELECT 1 AS n
        ```

        ~~~ ttsite table data=by_year download="csv,json" caption="Per year"
        ~~~

        ```ttsite chart kind=line data="unclosed
        ```
        """

    @Test func onlyFencedTtsiteBlocksAreBlocksWithTheirKindArgumentsAndLine() throws {
        let source = try MarkdownSource(parsing: "---\ntitle: T\n---\n" + Self.text, file: "Content/index.md")
        let blocks = source.blocks
        #expect(blocks.map(\.kind) == [.query, .table, .chart])
        #expect(blocks[0].isQuery && blocks[0].words == ["by_year"] && blocks[0].literal == "SELECT 1 AS n\n")
        #expect(blocks[1].arguments == ["data": "by_year", "download": "csv,json", "caption": "Per year"])
        #expect(blocks[1].query == "by_year")
        // Lines of the file: the front matter is three lines, the fences are at 10, 14 and 17
        // of the body.
        #expect(blocks.map { source.fileLine(of: $0) } == [13, 17, 20])
        #expect(blocks[2].problem == "a quote in the block's line is not closed")
        #expect(blocks[2].query == nil)
    }

    @Test func aNewBodyHasItsOwnBlocks() throws {
        var source = try MarkdownSource(parsing: Self.text, file: "Content/index.md")
        #expect(source.blocks.count == 3)
        source.body = "No blocks here: ttsite query x, data=y.\n"
        #expect(source.blocks.isEmpty)
        source.body = "```ttsite value data=n column=n\n```\n"
        #expect(source.blocks.map(\.query) == ["n"])
    }

    /// The docs of a site explain the blocks in prose and code spans: `data=broken` there used
    /// to run the shared query `broken`, whose mistake then stopped the build of a page that
    /// shows no result.
    @Test func proseNamingAQueryDoesNotRunIt() throws {
        let site = try FirstHourTests.site(
            """
            -- queries/broken.sql --
            SELECT no_such_column FROM missions
            -- Content/guide.md --
            ---
            title: Guide
            ---
            A table shows a query's result: `data=broken` names it, and ```` ```ttsite query broken ```` writes one.
            """)
        defer { site.remove() }
        try site.build()
        #expect(try site.read("guide/index.html").contains("names it"))
    }

    /// A block that shows the shared query runs it, and its mistake names the query's file.
    @Test func aBlockShowingAQueryRunsIt() throws {
        let site = try FirstHourTests.site(
            """
            -- queries/broken.sql --
            SELECT no_such_column FROM missions
            -- Content/guide.md --
            ```ttsite table data=broken
            ```
            """)
        defer { site.remove() }
        #expect { try site.build() } throws: { "\($0)".hasPrefix("queries/broken.sql:1: ") && "\($0)".contains("no_such_column") }
    }

    // MARK: The render meets the page's own blocks again

    /// A file whose rows' pages fill in a section above its table: Apollo 13 brought back no samples
    /// (NULL), so its text is four lines shorter above the block. The block is the file's, parsed when the
    /// text was read: every row's page gives it the file's line, in its id and in an error.
    static let rowsWithASectionAbove = """
        -- Content/m/[mission].md --
        ---
        rows: all
        ---
        ```ttsite query all
        SELECT mission, samples_kg FROM missions ORDER BY launch
        ```
        {{#row.samples_kg}}
        Samples.

        {{/row.samples_kg}}
        ```ttsite query one
        SELECT mission, crew FROM missions WHERE mission = :mission
        ```

        ```ttsite table data=one COLUMNS
        ```

        The same table again, met second:

        ```ttsite table data=one COLUMNS
        ```
        """

    @Test func everyRowsPageGivesABlockTheLineOfTheFile() throws {
        let site = try FirstHourTests.site(Self.rowsWithASectionAbove.replacingOccurrences(of: " COLUMNS", with: ""))
        defer { site.remove() }
        try site.build()
        // The table's fence is on line 15 of the file (3 lines of front matter, then 12).
        for mission in ["apollo-11", "apollo-13"] {
            let html = try site.read("m/\(mission)/index.html")
            #expect(html.contains(#"id="table-one-15""#) && html.contains(#"id="table-one-20""#), "\(mission)")
        }
        #expect(try site.read("m/apollo-11/index.html").contains("Samples."))
        #expect(!(try site.read("m/apollo-13/index.html").contains("Samples.")))
    }

    @Test func aMistakeInABlockOfARowsPageNamesTheLineOfTheFile() throws {
        // Apollo 13 comes first, its section left out: its page names line 15 all the same.
        let site = try FirstHourTests.site(
            Self.rowsWithASectionAbove.replacingOccurrences(of: "COLUMNS", with: "columns=mission,nope")
                .replacingOccurrences(of: "ORDER BY launch", with: "ORDER BY samples_kg IS NOT NULL, launch"))
        defer { site.remove() }
        #expect { try site.build() } throws: { error in
            "\(error)".hasPrefix("Content/m/[mission].md:15: the query `one` has no column `nope`")
                && "\(error)".contains("Apollo 13")
        }
    }

    /// A block that only the rendered text holds (a partial wrote it) is parsed by the same
    /// parser, and a kind that is none is named as such, with the kinds there are.
    @Test func aPartialsBlockIsParsedAsThePagesAre() throws {
        /// A page whose partial `crews` holds the block `block`.
        func site(_ block: String) throws -> TestSite {
            try FirstHourTests.site(
                """
                -- Templates/crews.mustache --
                ```\(block)
                ```
                -- Content/crews.md --
                ```ttsite query crews
                SELECT mission, crew FROM missions ORDER BY launch
                ```

                {{> crews}}
                """)
        }
        let shown = try site(#"ttsite table data=crews caption="Crews""#)
        defer { shown.remove() }
        try shown.build()
        let html = try shown.read("crews/index.html")
        #expect(html.contains("<figcaption>Crews</figcaption>"))
        #expect(html.contains("Apollo 15"))

        let wrong = try site("ttsite tabel data=crews")
        defer { wrong.remove() }
        #expect { try wrong.build() } throws: { error in
            "\(error)".hasPrefix("Content/crews.md:5: there is no report block `tabel`; the blocks are `upcoming-birthdays`")
        }
    }

    /// One list of kinds: each has one name, what it reads, and a template where it has one.
    @Test func theKindsAreOneList() {
        #expect(Set(BlockKind.all.map(\.name)).count == BlockKind.all.count)
        #expect(BlockKind.all.allSatisfy { BlockKind.named($0.name) == $0 })
        #expect(BlockKind.all.filter(\.showsResult) == [.table, .value, .chart])
        #expect(BlockKind.named("tabel") == nil)
        #expect(BlockKind.query.template == nil && BlockKind.contents.template == nil)
        #expect(BlockKind.people.template == "block-people")
    }

    /// Pages are rendered, their Markdown with them, on several threads. When more than one
    /// has a mistake, the build names the first in the pages' order, whichever thread met its
    /// mistake first: here the first page's comes after 2 MB of text, the second's at once.
    @Test func ofSeveralPagesWithMistakesTheFirstIsNamed() throws {
        let long = String(repeating: "A line of text that takes its time, *with* some `code` and a [link](#x).\n\n", count: 30_000)
        let site = try FirstHourTests.site(
            """
            -- Content/a-long.md --
            \(long)
            ```ttsite tabel data=x
            ```
            -- Content/b-short.md --
            ```ttsite chrat data=x
            ```
            """)
        defer { site.remove() }
        for _ in 0..<3 {
            var options = site.options()
            options.jobs = 2
            #expect { try Site.build(options) } throws: { "\($0)".hasPrefix("Content/a-long.md:60002: there is no report block `tabel`") }
        }
    }
}

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
        #expect(blocks.map(\.kind) == ["query", "table", "chart"])
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
}

import DataTables
import Testing

@testable import SiteBuilder

/// Which of a page's parts read which query, and which parameters each query reads: made from
/// the page's parsed blocks and its text, with SQLite naming the parameters.
@Suite struct QueryGraphTests {
    static let body = """
        A page that says `data=unused` in prose and ```` ```ttsite table data=unused ```` in a code span.

        ```ttsite query by_year
        SELECT :region AS year, length(:lang) AS n, :region AS again
        ```

        ```ttsite table data=by_year download=csv
        ```

        ```ttsite chart kind=line data=shared x=year y=n
        ```

        ```ttsite table data=shared
        ```

        {{#data.named}}{{n}}{{/data.named}} and {{data.namedd}}
        """

    static func graph(templateMentions: Set<String> = ["site_wide"]) throws -> QueryGraph {
        let source = try MarkdownSource(parsing: body, file: "Content/report.md")
        let page = Page(sourcePath: "report.md", source: source, language: "en", urlPath: "report/", translationKey: "report")
        let shared = ["shared", "named", "unused", "site_wide", "name"].map {
            QueryDefinition(name: $0, sql: "SELECT 1 AS n WHERE :\($0) IS NULL", file: "queries/\($0).sql", firstLine: 1)
        }
        var definitions = Dictionary(uniqueKeysWithValues: shared.map { ($0.name, $0) })
        definitions.merge(try QueryDefinition.blocks(of: page)) { _, own in own }
        let database = try SQLDatabase()
        return try QueryGraph(page: page, definitions: definitions, templateMentions: templateMentions) { query in
            try database.parameterNames(in: query.sql)
        }
    }

    @Test func eachQueryKnowsWhatReadsItAndWhatItReads() throws {
        let graph = try Self.graph()
        // `unused` is only named in prose and a code span; `name` is a prefix of `named`, not a
        // name the text reads.
        #expect(graph.nodes.map(\.name) == ["by_year", "named", "shared", "site_wide"])
        let byName = Dictionary(uniqueKeysWithValues: graph.nodes.map { ($0.name, $0) })
        #expect(byName["by_year"]!.isOwn && byName["by_year"]!.blocks.map(\.kind) == [.table])
        #expect(byName["by_year"]!.parameters == ["region", "lang"])
        #expect(byName["shared"]!.blocks.map(\.kind) == [.chart, .table] && !byName["shared"]!.readByText)
        #expect(byName["named"]!.readByText && byName["named"]!.blocks.isEmpty)
        #expect(byName["site_wide"]!.readByTemplates && !byName["site_wide"]!.readByText)
        #expect(graph.reading(parameter: "region").map(\.name) == ["by_year"])
        #expect(graph.reading(parameter: "shared").map(\.name) == ["shared"])
    }

    /// The tables, in the page's order, are what may split the page and offer downloads.
    @Test func theTablesAreInThePagesOrder() throws {
        let tables = try Self.graph().tables
        #expect(tables.map(\.query) == ["by_year", "shared"])
        #expect(tables.map(\.block.line) == [7, 13])
        #expect(tables[0].block.arguments["download"] == "csv")
    }

    /// A mistake in a query's SQL is named when the graph asks for its parameters, at the
    /// query's file and line.
    @Test func aQueryThatDoesNotPrepareIsNamedWithItsLine() throws {
        let source = try MarkdownSource(parsing: "```ttsite query q\nSELEC 1\n```\n", file: "Content/q.md")
        let page = Page(sourcePath: "q.md", source: source, language: "en", urlPath: "q/", translationKey: "q")
        let database = try SQLDatabase()
        #expect {
            try QueryGraph(page: page, definitions: try QueryDefinition.blocks(of: page), templateMentions: []) { query in
                do throws(SQLError) { return try database.parameterNames(in: query.sql) } catch { throw query.failure(error) }
            }
        } throws: { "\($0)".hasPrefix("Content/q.md:2: the query `q`:") }
    }

    /// Before queries run, a page that may read one is told apart from one that cannot.
    @Test func aPageThatMayQueryIsKnownBeforeItsGraph() throws {
        func page(_ body: String) throws -> Page {
            Page(
                sourcePath: "p.md", source: try MarkdownSource(parsing: body, file: "Content/p.md"), language: "en", urlPath: "p/",
                translationKey: "p")
        }
        #expect(QueryGraph.mayQuery(try page("```ttsite value data=n\n```\n")))
        #expect(QueryGraph.mayQuery(try page("```ttsite query n\nSELECT 1\n```\n")))
        #expect(QueryGraph.mayQuery(try page("{{#data.n}}{{/data.n}}")))
        #expect(QueryGraph.mayQuery(try page("---\nrows: n\n---\nText.")))
        #expect(!QueryGraph.mayQuery(try page("```ttsite toc\n```\n\nProse with `data=n`.")))
    }
}

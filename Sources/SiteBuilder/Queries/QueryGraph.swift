import DataTables

/// Which of a page's parts read which query, and which parameters each query reads: made
/// once a page from its parsed blocks (`PageBlock`), its text's `data.NAME` tags and the
/// templates' (`PageQueries.templateMentions`). Every decision about a page's queries reads
/// it rather than the page's text: the queries a page runs, the table that splits it into
/// pages, the results it offers as files (`PageQueries`), and whether an edit of it can be
/// shown without running queries again (`SitePlan.takeTextEdits`).
///
/// The pages made from one file's rows share its graph: their text and blocks are the
/// file's. What differs between them is what the parameters are bound to.
struct QueryGraph: Sendable {
    /// A query the page runs, and what on the page reads it.
    struct Node: Sendable {
        let name: String
        let definition: QueryDefinition
        /// The page's blocks that read its result (`data=NAME`, a chart's `rules=NAME`), in the
        /// page's order.
        let blocks: [PageBlock]
        /// Whether the page's text reads it in a Mustache tag (`data.NAME`).
        let readByText: Bool
        /// Whether the site's templates read it (`{{#data.NAME}}`): every page runs it.
        let readByTemplates: Bool
        /// The `:name` parameters its SQL reads, in order: bound from the page's row, its
        /// front matter, or its language (`QueryRunner.parameter`).
        let parameters: [String]
        /// Whether the page defines it itself (a ```` ```ttsite query NAME ```` block).
        let isOwn: Bool
    }

    /// The queries the page runs, by name in order.
    let nodes: [Node]
    /// The page's table blocks and the query each shows, in the page's order: a long one
    /// splits the page into pages, and one may offer its result as files (`download=`). Made
    /// once for all the pages made from a file's rows.
    let tables: [(block: PageBlock, query: String)]

    /// The queries of `definitions` (the shared ones and the page's own) that `page` runs:
    /// its own, those its blocks show, those its text names, and those the templates name
    /// (`templateMentions`). `parameters` gives the `:name` parameters of a query's SQL.
    init(
        page: Page, definitions: [String: QueryDefinition], templateMentions: Set<String>,
        parameters: (QueryDefinition) throws -> [String]
    ) throws {
        let file = "Content/" + page.sourcePath
        // A block of a kind that is none (`tabel data=x`) still runs its query: the query's
        // mistake is named before the block's.
        var shown: [String: [PageBlock]] = [:]
        for block in page.source.blocks {
            for name in block.reads where shown[name]?.last != block { shown[name, default: []].append(block) }
        }
        var nodes: [Node] = []
        for (name, query) in definitions.sorted(by: { $0.key < $1.key }) {
            let isOwn = query.file == file
            let readByText = PageQueries.mentions(name, in: page.source.body)
            let readByTemplates = templateMentions.contains(name)
            let blocks = shown[name] ?? []
            guard isOwn || readByTemplates || !blocks.isEmpty || readByText else { continue }
            nodes.append(
                Node(
                    name: name, definition: query, blocks: blocks, readByText: readByText, readByTemplates: readByTemplates,
                    parameters: try parameters(query), isOwn: isOwn))
        }
        self.nodes = nodes
        tables = nodes.flatMap { node in node.blocks.filter { $0.kind == .table }.map { ($0, node.name) } }
            .sorted { $0.block.line < $1.block.line }
    }

    /// The queries that read the parameter `name` (`:name`).
    func reading(parameter name: String) -> [Node] {
        nodes.filter { $0.parameters.contains(name) }
    }

    /// Whether `page` may run a query or show a result, before its graph is made: it makes
    /// pages from a query's rows (`rows:`), holds a query block or a block that shows a
    /// result, or its text may read one (`data.`). A build makes such pages in its queries
    /// stage; an edit of any other page's text is shown without it.
    static func mayQuery(_ page: Page) -> Bool {
        page.source.frontMatter.values["rows"] != nil
            || page.source.blocks.contains { $0.isQuery || !$0.reads.isEmpty || $0.kind == .input }
            || page.source.body.containsUTF8("data.")
    }
}

import DataTables
import Foundation
import Markdown
import ReportData
import TemplateEngine
import TextFormatting

/// Every page's query results, by the page's URL path, and where the pages made from rows are.
struct QueryResults: Sendable {
    /// Whether the site has tables: the queries stage ran. Without them no page shows a
    /// result, and the Markdown stage does nothing for queries.
    var ran = false
    var pages: [String: [String: Table]] = [:]
    /// The pages made from rows, by language, then by the column that names them and the
    /// value's text: where a table's `link=` column leads.
    var rowPages: [String: [String: [String: String]]] = [:]
    /// The pages made from rows, in order, by language and then the column that names them:
    /// their titles and URL paths, what the search of a long table finds.
    var rowTitles: [String: [String: [RowTitle]]] = [:]

    struct RowTitle: Sendable, Equatable {
        let title: String
        let urlPath: String
    }

    /// The front matter keys that queries bound as `:name` parameters.
    var parameterKeys: Set<String> = []
    /// The whole results that table blocks offer to download (`download=`).
    var downloads: [OutputFile] = []

    /// The results `page` shows, by query name.
    func results(of page: Page) -> [String: Table] {
        pages[page.urlPath] ?? [:]
    }

    /// The URL path of the page made from the row whose `column` is `value`, if there is one.
    func rowPage(column: String, value: TableValue, language: String) -> String? {
        rowPages[language]?[column]?[value.plainText]
    }
}

/// The queries stage: the pages of `Content/` with their queries run, a page made for each
/// row of a `rows:` query (`Content/missions/[name].md`), and the pages of long tables.
struct PageQueries {
    let shared: [String: QueryDefinition]
    let runner: QueryRunner
    /// The query names the templates mention (`{{#data.NAME}}`): run for every page.
    let templateMentions: Set<String>
    let config: SiteConfig
    /// The build's instant: what time spans in titles count from.
    let now: Date
    /// How many threads run the pages' queries (nil: one per core).
    var workers: Int? = nil
    /// The keys of the built-in sources of a page per record (`people/[slug]`): a page of
    /// `Content/` with one of them and no `rows:` gives those pages their text, and is no page
    /// of its own.
    var recordSources: Set<String> = []

    /// How many queries of pages made from rows make it worth opening readers of the
    /// database (`SQLDatabase.readers`): below it, the queries are done sooner than the copy.
    static let queriesForReaders = 256
    /// The largest main schema that readers are opened for (bytes): they cost one copy of it.
    static let largestForReaders = 256 << 20

    /// A page of the site, or made from a row, with the queries it runs.
    private struct Work: Sendable {
        let page: Page
        /// Nil for a page that has no source file (and runs no query).
        let graph: QueryGraph?
    }

    /// What a page's queries gave, and the further pages and the downloads that follow.
    private struct Done {
        let shown: [String: Table]
        let extra: [Page]
        let downloads: [OutputFile]
    }

    /// The pages, with those made from rows and the further pages of long tables, and what
    /// every page's queries gave.
    ///
    /// In three steps, with the results and the first error (in page order) as if every page
    /// ran its queries in turn: the pages made from rows, one page after another (their
    /// `rows:` queries run then); every page's queries, on several threads (`workers`), over
    /// readers of the database when there are many; then the results, in page order. A page
    /// whose `rows:` query or front matter fails stops the first step: the pages before it
    /// still run theirs, and one of them failing is the error, as it came first.
    func run(_ pages: [Page]) throws -> (pages: [Page], results: QueryResults) {
        var results = QueryResults()
        results.ran = true
        var work: [Work] = []
        var stop: (any Error)?
        for page in pages {
            guard page.hasSourceFile else {
                work.append(Work(page: page, graph: nil))
                continue
            }
            do {
                // `Content/people/[slug].md` without `rows:` gives the built-in source's pages
                // their text (`MadePages.recordPattern`): no page of its own, no query.
                if Self.overridesSource(page, recordSources) {
                    try Self.refuseQueries(of: page)
                    work.append(Work(page: page, graph: nil))
                    continue
                }
                let definitions = try definitions(for: page)
                let rows = try rowPages(of: page, definitions: definitions, into: &results)
                // The same for every page made from the file's rows: they share its text.
                let graph = try QueryGraph(
                    page: page, definitions: definitions, templateMentions: templateMentions, parameters: runner.parameters(of:))
                // Each page with inputs is a page for every combination of their options.
                let inputs = PageInputs(runner: runner, config: config, now: now)
                for row in rows {
                    for page in try inputs.variants(of: row, graph: graph) {
                        work.append(Work(page: page, graph: graph))
                    }
                }
            } catch {
                stop = error
                break
            }
        }
        let workers = max(1, workers ?? ProcessInfo.processInfo.activeProcessorCount)
        if workers > 1 { openReaders(workers, for: work) }
        let done = work.parallelMap(workers: workers) { item -> Result<Done, any Error>? in
            guard let graph = item.graph else { return nil }
            return Result { do { return try run(graph, for: item.page) } catch { throw item.page.placing(error) } }
        }
        var made: [Page] = []
        made.reserveCapacity(work.count)
        results.pages.reserveCapacity(work.count)
        for (item, done) in zip(work, done) {
            guard let done else {
                made.append(item.page)
                continue
            }
            let (shown, extra, downloads) = try done.map { ($0.shown, $0.extra, $0.downloads) }.get()
            results.downloads += downloads
            results.pages[item.page.urlPath] = shown
            made.append(item.page)
            for page in extra {
                results.pages[page.urlPath] = shown
                made.append(page)
            }
        }
        if let stop { throw stop }
        results.parameterKeys = runner.frontMatterKeys
        return (made, results)
    }

    /// Whether `page` gives a built-in source's pages their text (`Content/people/[slug].md`
    /// without `rows:`) rather than being made once per row of a query.
    static func overridesSource(_ page: Page, _ recordSources: Set<String>) -> Bool {
        recordSources.contains(page.translationKey) && page.source.frontMatter.values["rows"] == nil
    }

    /// A page that overrides a built-in source's pages runs no query: its text is shown on
    /// every record's page, which no query reads.
    private static func refuseQueries(of page: Page) throws {
        guard let block = page.source.blocks.first(where: \.isQuery) else { return }
        throw BuildError(
            .content,
            "this page gives the text of every page of `\(page.translationKey)`, made from data, and runs no query; "
                + "its text reads the record as `{{row.COLUMN}}`: move the query to a page of its own, "
                + "or make these pages from a query with `rows:`",
            in: "Content/" + page.sourcePath, line: page.source.fileLine(of: block))
    }

    /// Sends the queries to `workers` connections when the pages made from rows run many
    /// queries (each page made from a row binds its own parameters, so each is a query run)
    /// and the tables are not too large to copy once.
    private func openReaders(_ workers: Int, for work: [Work]) {
        let count = work.reduce(0) { $0 + ($1.page.row != nil ? $1.graph?.nodes.count ?? 0 : 0) }
        guard count >= Self.queriesForReaders else { return }
        let database = runner.tables.database
        guard database.mainSize <= Self.largestForReaders else { return }
        // Readers only make the queries sooner: without them, the database answers alone.
        if let readers = try? database.readers(workers) { runner.useReaders(readers) }
    }

    /// A page's queries run, the further pages of its long table, and its downloads.
    private func run(_ graph: QueryGraph, for page: Page) throws -> Done {
        var shown: [String: Table] = [:]
        for node in graph.nodes {
            shown[node.name] = try runner.result(of: node.definition, for: page)
        }
        let extra = try tablePages(of: page, graph: graph, results: shown)
        return Done(shown: shown, extra: extra, downloads: Self.downloads(of: page, graph: graph, results: shown))
    }

    /// The queries a page may use: the shared ones and its own blocks.
    func definitions(for page: Page) throws -> [String: QueryDefinition] {
        let own = try QueryDefinition.blocks(of: page)
        for (name, query) in own where shared[name] != nil {
            throw BuildError(
                .content, "the query `\(name)` is also `\(shared[name]!.file)`; give one of them another name", in: query.file,
                line: query.firstLine - 1)
        }
        return shared.merging(own) { _, own in own }
    }

    /// Whether a page's text names the query `name` in a Mustache tag, `data.NAME`; the whole
    /// name (`data.d` is not `data.daily`). Its blocks say which results they show themselves.
    static func mentions(_ name: String, in text: String) -> Bool {
        var text = text
        var needle = "data.\(name)"
        return text.withUTF8 { bytes in
            needle.withUTF8 { key in
                var start = 0
                while let at = UTF8Search.offset(of: key, in: UnsafeRawBufferPointer(bytes), from: start) {
                    let end = at + key.count
                    if end == bytes.count || !Self.isNameByte(bytes[end]) { return true }
                    start = at + 1
                }
                return false
            }
        }
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || byte >= 0x80
    }

    /// The names of queries that `texts` (templates) name as `data.NAME`.
    static func mentions(in texts: [String]) -> Set<String> {
        var names: Set<String> = []
        for text in texts {
            var rest = text[...]
            // Not per page: the site's templates, once a build.
            while let range = rest.range(of: "data.") {
                let name = rest[range.upperBound...].prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
                if !name.isEmpty { names.insert(String(name)) }
                rest = rest[range.upperBound...]
            }
        }
        return names
    }

    /// The page itself, or — for a `[column].md` file with `rows: QUERY` — one page per row of
    /// the query's result, at the slug of the row's `column`, unique among them.
    private func rowPages(of page: Page, definitions: [String: QueryDefinition], into results: inout QueryResults) throws -> [Page] {
        guard let (name, query, last) = try Self.rowsQuery(of: page, definitions: definitions) else { return [page] }
        let file = "Content/" + page.sourcePath
        let column = String(last.dropFirst().dropLast())
        let table = try runner.result(of: query, for: page)
        guard let index = table.columns.firstIndex(where: { $0.name == column }) else {
            throw BuildError(
                .content,
                "the file's name asks for the column `\(column)`, "
                    + "and the query `\(name)` gives \(table.columns.map { "`\($0.name)`" }.joined(separator: ", "))",
                in: file)
        }
        // One slug per row, made unique as people's are (`SlugAllocator`): in the
        // result's order, a later row wanting a taken slug gets `-2`, `-3` …
        let texts = table.rows.map { $0[index].plainText }
        let slugs = SlugAllocator.allocate(texts.parallelMap(workers: workers) { Slug.make(from: $0) ?? Slug.hashed("row", [$0]) })
            .slugs
        // Placed, and its front matter's texts that read the row filled, as the built-in
        // sources' records are (`RecordPattern`): each row's page on every core (its path
        // and texts are the row's alone), then noted in the rows' order.
        let pattern = try RecordPattern(page: page, part: last, config: config, now: now)
        let pages = Array(table.rows.indices).parallelMap(workers: workers) { number -> Page in
            pattern.page(slugs[number], title: texts[number]) { PageRow(columns: table.columns, values: table.rows[number]) }
        }
        // Taken out, filled and put back: not looked up twice a row.
        var paths = results.rowPages[page.language]?.removeValue(forKey: column) ?? [:]
        var titles = results.rowTitles[page.language]?.removeValue(forKey: column) ?? []
        paths.reserveCapacity(paths.count + pages.count)
        titles.reserveCapacity(titles.count + pages.count)
        for (row, text) in zip(pages, texts) {
            paths[text] = row.urlPath
            titles.append(QueryResults.RowTitle(title: row.title, urlPath: row.urlPath))
        }
        results.rowPages[page.language, default: [:]][column] = paths
        results.rowTitles[page.language, default: [:]][column] = titles
        return pages
    }

    /// The query a page is made once per row of (`rows:` in a `[column].md` file), its name,
    /// and the part of the file's name the rows' slugs replace (`[name]`); nil for a page that
    /// is itself. A file's name and `rows:` that disagree, or a `rows:` that names no query of
    /// `definitions`, are errors.
    static func rowsQuery(of page: Page, definitions: [String: QueryDefinition]) throws
        -> (name: String, query: QueryDefinition, part: String)?
    {
        let file = "Content/" + page.sourcePath
        let last = page.translationKey.lastPathPart.map(String.init) ?? ""
        let isPattern = last.hasPrefix("[") && last.hasSuffix("]") && last.count > 2
        switch (isPattern, page.source.frontMatter.values["rows"]) {
        case (false, nil):
            return nil
        case (false, _):
            throw BuildError(
                .content,
                "`rows:` makes a page of each row, and the file's name says which column names them: "
                    + "call it `[column].md`, such as `[name].md`",
                in: file, line: page.source.frontMatter.keyLines["rows"])
        case (true, nil):
            throw BuildError(
                .content, "a `\(last).md` page is made once per row of a query: name the query with `rows:` in its front matter", in: file)
        case (true, let value?):
            guard case .string(let name) = value, let query = definitions[name] else {
                let known = definitions.keys.sorted().map { "`\($0)`" }.joined(separator: ", ")
                throw BuildError(
                    .content, "`rows:` must name a query of the page or of `queries/`\(known.isEmpty ? " (there is none)" : ": \(known)")",
                    in: file, line: page.source.frontMatter.keyLines["rows"])
            }
            return (name, query, last)
        }
    }

    /// On a site without tables (no `data:`, no `queries/`) no query runs: a `[column].md` page,
    /// which is a page per row of one, is an error there as it would be with tables, rather
    /// than one page published at its bracketed address. `recordSources` are the built-in
    /// sources a `Content/` page may give a text without `rows:` (`people/[slug]`).
    static func refuseRowPages(_ pages: [Page], recordSources: Set<String>) throws {
        for page in pages where page.hasSourceFile {
            if overridesSource(page, recordSources) {
                try refuseQueries(of: page)
                continue
            }
            guard try rowsQuery(of: page, definitions: QueryDefinition.blocks(of: page)) != nil else { continue }
            throw BuildError(
                .content,
                "`rows:` makes a page of each row of a query, and the site has no `data:` nor `queries/`, so no query runs",
                in: "Content/" + page.sourcePath, line: page.source.frontMatter.keyLines["rows"])
        }
    }

    /// The further pages of a page whose table is longer than a page: `2/` and on. Only a
    /// `table` block splits its page: a chart or a key figure over a long result, or a query
    /// no block shows, does not.
    private func tablePages(of page: Page, graph: QueryGraph, results: [String: Table]) throws -> [Page] {
        let tablePageSize = config.queries.tablePageSize
        let long = graph.tables.filter { (results[$0.query]?.rows.count ?? 0) > tablePageSize }
        guard let first = long.first else { return [] }
        let names = long.map(\.query).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        guard names.count == 1 else {
            let blocks = long.map { "`\($0.query)` (line \(page.source.fileLine(of: $0.block)))" }.joined(separator: " and ")
            throw BuildError(
                .content,
                "the tables \(blocks) are each longer than a page (`queries.table_page_size`, \(tablePageSize) rows); "
                    + "a page splits one long table into pages: show the others on pages of their own, or LIMIT them",
                in: "Content/" + page.sourcePath, line: page.source.fileLine(of: long[1].block))
        }
        let pagination = Pagination(records: results[first.query]!.rows.count, size: tablePageSize)
        return pagination.laterPages(of: page) { number in
            var next = page
            next.tablePage = number
            return next
        }
    }

    /// The files of the table blocks of `page` that offer their result (`download=csv,json`),
    /// beside the page (the first, when a long table splits it).
    static func downloads(of page: Page, graph: QueryGraph, results: [String: Table]) -> [OutputFile] {
        var files: [OutputFile] = []
        for (block, query) in graph.tables {
            guard let table = results[query], let kinds = block.arguments["download"] else { continue }
            for kind in kinds.split(separator: ",") where kind == "csv" || kind == "json" {
                let path = page.urlPath + TableDownloads.fileName(query, String(kind))
                if !files.contains(where: { $0.path == path }) { files.append(TableDownloads.file(table, kind: String(kind), path: path)) }
            }
        }
        return files
    }

    /// A row as templates see it: `{{row.name}}`, each value in the language's default
    /// format for its type. A NULL is null, so that `{{#row.landing}}…{{/row.landing}}`
    /// shows only where there is one, and the name is still known (a misspelt column is a
    /// warning). With `columns`, only those: a title reading `row.name` needs no other column
    /// written.
    static func rowValue(_ row: PageRow, pack: LanguagePack, now: Date, timeZone: TimeZone, reading columns: Set<String>? = nil)
        -> TemplateValue
    {
        var values: [String: TemplateValue] = [:]
        for (column, value) in zip(row.columns, row.values) where values[column.name] == nil {
            if let columns, !columns.contains(column.name) { continue }
            values[column.name] =
                value == .null
                ? .null
                : .string(pack.text(of: value, as: ColumnFormat.format(column, value: value), now: now, timeZone: timeZone))
        }
        return .map(values)
    }
}

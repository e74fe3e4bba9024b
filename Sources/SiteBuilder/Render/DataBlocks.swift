import Charts
import Counting
import DataTables
import Foundation
import TemplateEngine

/// The report blocks that show query results — a table and a key figure — on any site,
/// with or without people:
///
///     ```ttsite table data=missions columns=name,launch,crew link=name format.launch=date label.launch="Launch"
///     ```
///     ```ttsite value data=totals column=missions format=integer label="Missions flown" compare=planned
///     ```
///
/// Each kind and its arguments:
///
/// - `table`: `data=` a query; `columns=` the columns shown, in order (all); `label.COLUMN=` a
///   header; `format.COLUMN=` a format; `link=` the column whose row has a page of its own;
///   `caption=`; `download=` `csv`, `json` or `csv,json`
/// - `value`: `data=` a query; `column=` (the only one); `row=` 1 … (1); `format=`; `label=`;
///   `compare=` another column of the row, or `compare-row=` another row of the column;
///   `compare-label=` what that is called
struct DataBlocks: Sendable {
    /// What a page's blocks need of the scripts: the table script for a table that sorts, the
    /// search script for a table that searches its rows' pages.
    struct Uses: Sendable {
        var tableScript = false
        var searchScript = false
        /// The chart script, which shows a chart's exact values where the pointer is.
        var chartScript = false
        /// The inputs' script, which swaps the blocks a reader's choice changes.
        var inputScript = false

        /// The charts published as PNG too (`ChartPNG`), in the page's order.
        var chartPNGs: [ChartPNG] = []

        mutating func note(_ view: BlockView) {
            if case .chart(let chart) = view, !chart.sparkline { chartScript = true }
            if case .chart(let chart) = view, let png = chart.png { chartPNGs.append(png) }
            guard case .table(let table) = view else { return }
            tableScript = tableScript || table.sortable
            searchScript = searchScript || table.search != nil
        }

        /// Adds what `other`'s blocks need (a block rendered once for several pages, `BlockMemo`).
        mutating func formUnion(_ other: Uses) {
            tableScript = tableScript || other.tableScript
            searchScript = searchScript || other.searchScript
            chartScript = chartScript || other.chartScript
            inputScript = inputScript || other.inputScript
            chartPNGs += other.chartPNGs
        }
    }

    /// A table of more rows than this gets the script's filter.
    static let filterAbove = 10

    let results: QueryResults
    let config: SiteConfig
    let now: Date
    let pageSize: Int
    /// The search indexes of the pages made from rows.
    var search: RowSearch
    /// The table blocks rendered, around their rows: 10,000 pages made from one file's rows
    /// show the same table but for its rows, rendered once.
    private let frames = TableFrames()
    /// The texts of charts' x values, written once (`XTextMemo`).
    let xTextMemo = XTextMemo()
    /// The settings of charts' axes, rules and bands, read once (`ChartSettingsMemo`).
    let chartSettingsMemo = ChartSettingsMemo()
    /// The site's packs, each read in place (`held.pack.text(…)`): a page's blocks would
    /// otherwise copy its pack, retaining each of its words, once a block.
    let packs: [String: Pack]

    final class Pack: Sendable {
        let pack: LanguagePack
        /// How a chart's time axis reads in the pack's language.
        let chartDates: ChartDates
        /// A calendar chart's week in the pack's language.
        let week: Chart.Week
        init(_ pack: LanguagePack) {
            self.pack = pack
            chartDates = ChartDates(pack)
            week = Chart.Week(language: pack.code)
        }
    }

    init(results: QueryResults, config: SiteConfig, now: Date, pageSize: Int, search: RowSearch = RowSearch(QueryResults())) {
        self.results = results
        self.config = config
        self.now = now
        self.pageSize = pageSize
        self.search = search
        packs = Dictionary(uniqueKeysWithValues: config.languages.map { ($0, Pack(config.pack(for: $0))) })
    }

    /// The pack of `language`, read in place.
    func pack(_ language: String) -> Pack {
        packs[language] ?? Pack(config.pack(for: language))
    }

    /// A block's HTML (`ReportBlocks.html`). A table that shows all its rows, while the site
    /// keeps the built-in `block-table` and `table-rows`, is rendered once for every page
    /// showing the same table around other rows: its rows are written where a marker was.
    /// `written` is told of every link the block's template wrote.
    func html(
        of view: BlockView, kind: String, language: String, links: Relativiser, templates: TemplateSet, labels: TemplateValue,
        written: MissRecorder? = nil
    ) -> String {
        guard case .table(let table) = view, templates.writesTableRows, templates.isBuiltIn("block-table"),
            let frame = table.frame(language: language, root: links.base)
        else {
            return ReportBlocks.html(
                of: view, kind: kind, language: language, links: links, templates: templates, labels: labels, written: written)
        }
        var rows = table.rowsHTML()
        if let known = frames[frame] {
            written?.wrote(links: known.links)
            var bytes = known.before
            bytes.reserveCapacity(known.before.count + rows.count + known.after.count)
            bytes += rows
            bytes += known.after
            return String(decoding: bytes, as: UTF8.self)
        }
        let recorder = MissRecorder()
        let marked = ReportBlocks.html(
            of: view, kind: kind, language: language, links: links, templates: templates, labels: labels,
            rows: TableFrames.marker, written: recorder)
        let bytes = Array(marked.utf8)
        written?.wrote(links: recorder.links)
        guard let split = TableFrames.split(bytes) else {
            return ReportBlocks.html(
                of: view, kind: kind, language: language, links: links, templates: templates, labels: labels, rows: rows)
        }
        frames[frame] = (split.before, split.after, recorder.links)
        rows.insert(contentsOf: split.before, at: 0)
        rows += split.after
        return String(decoding: rows, as: UTF8.self)
    }

    /// The block's view, or nil when `kind` shows no query's result. A query that gave no
    /// rows makes every kind show the pack's "no data" and `warn` (its arguments are checked
    /// all the same, against the result's columns); `--strict` makes that an error.
    func view(
        kind: BlockKind, arguments: [String: String], on page: Page, line: Int, fail: (String) -> BuildError,
        warn: (String) -> Void = { _ in }, styles: SeriesStyles = SeriesStyles()
    ) throws -> BlockView? {
        guard kind.showsResult else { return nil }
        let results = results.results(of: page)
        guard let name = arguments["data"] else { throw fail("`\(kind)` needs `data=`, the name of a query") }
        guard let table = results[name] else {
            let known = results.keys.sorted().map { "`\($0)`" }.joined(separator: ", ")
            throw fail(
                "no query named `\(name)` for this page (a ```` ```ttsite query \(name) ```` block on the page, "
                    + "or `queries/\(name).sql`)\(known.isEmpty ? "" : "; the page has \(known)")"
            )
        }
        let pack = pack(page.language)
        if table.rows.isEmpty {
            // Checked as if the result had one row of nulls: a mistake in the block's line is
            // one whatever the data holds tonight.
            let checked = Table(columns: table.columns, rows: [Array(repeating: .null, count: table.columns.count)])
            switch kind {
            case .table: _ = try tableView(checked, name: name, arguments: arguments, page: page, pack: pack, line: line, fail: fail)
            case .chart: _ = try chartView(checked, name: name, arguments: arguments, page: page, pack: pack, line: line, fail: fail)
            default: _ = try valueView(checked, arguments: arguments, pack: pack, fail: fail)
            }
            let words = pack.pack.labels.noData ?? pack.pack.labels.notAvailable
            warn("the query `\(name)` gave no rows, so the \(kind == .value ? "key figure" : kind.name) shows \"\(words)\"")
            return .noData(NoDataView(text: words, label: arguments["caption"] ?? arguments["label"] ?? arguments["title"]))
        }
        switch kind {
        case .table:
            return .table(try tableView(table, name: name, arguments: arguments, page: page, pack: pack, line: line, fail: fail))
        case .chart:
            return .chart(
                try chartView(
                    table, name: name, arguments: arguments, page: page, pack: pack, line: line, styles: styles, fail: fail, warn: warn))
        default:
            return .value(try valueView(table, arguments: arguments, pack: pack, fail: fail))
        }
    }

    private func tableView(
        _ table: Table, name: String, arguments: [String: String], page: Page, pack held: Pack, line: Int, fail: (String) -> BuildError
    ) throws -> TableBlockView {
        let allowed = ["data", "columns", "link", "caption", "download"]
        for key in arguments.keys.sorted() where !allowed.contains(key) && !key.hasPrefix("label.") && !key.hasPrefix("format.") {
            throw fail(
                "`table` takes \(allowed.map { "`\($0)=`" }.joined(separator: ", ")), `label.COLUMN=` and `format.COLUMN=`, found `\(key)`")
        }
        let names = table.columns.map(\.name)
        let chosen =
            try arguments["columns"].map { list in
                try list.split(separator: ",").map { column in
                    let column = column.trimmingCharacters(in: .whitespaces)
                    guard let index = names.firstIndex(of: column) else { throw fail(Self.noColumn(column, of: name, names)) }
                    return index
                }
            } ?? Array(names.indices)
        for key in arguments.keys where key.hasPrefix("label.") || key.hasPrefix("format.") {
            let column = String(key.drop { $0 != "." }.dropFirst())
            guard names.contains(column) else { throw fail(Self.noColumn(column, of: name, names)) }
        }
        var formats: [Int: ValueFormat] = [:]
        // `format.COLUMN=sparkline`: the column's values are lists of numbers ("3,5,2" as
        // `group_concat` writes them, or a JSON array), each drawn as a sparkline.
        let sparklines = Set(chosen.filter { arguments["format." + names[$0]] == Self.sparklineFormat })
        for index in chosen where !sparklines.contains(index) {
            guard let text = arguments["format." + names[index]] else {
                // A column without a format reads alike all the way down (`ColumnFormat`).
                formats[index] = ColumnFormat.format(table.columns[index], values: table.rows.lazy.map { $0[index] })
                continue
            }
            do { formats[index] = try ValueFormat(parsing: text) } catch {
                // A name that is no format gets the list, with `sparkline`; a format named
                // with a mistake (`currency:usd`) gets what is wrong with it, alone.
                throw fail(
                    "`format.\(names[index])`: \(error)"
                        + (error.reason == nil ? ", or `\(Self.sparklineFormat)` (a list of numbers drawn as a line)" : ""))
            }
        }
        if let link = arguments["link"], !names.contains(link) { throw fail(Self.noColumn(link, of: name, names)) }
        let downloads = try (arguments["download"] ?? "").split(separator: ",").map { kind -> String in
            guard kind == "csv" || kind == "json" else { throw fail("`download` must be `csv`, `json` or `csv,json`, found `\(kind)`") }
            return String(kind)
        }
        // A long result is split into the page's pages (`PageQueries.tablePages`); a short
        // one beside it shows whole on each of them.
        let pagination = Pagination(records: table.rows.count, size: pageSize)
        let pageNumber = pagination.pageCount > 1 ? page.tablePage ?? 1 : 1
        let shown = table.rows[pagination.records(onPage: pageNumber)]
        let columns = chosen.map { index in
            TableBlockView.Header(label: arguments["label." + names[index]] ?? names[index], numeric: table.columns[index].type.isNumeric)
        }
        // The script sorts and filters a table shown whole: on one page of a table split into
        // pages it would pass one page's order off as the whole table's, so such a table is
        // shown as the data has it. A cell's sort key is written where its text is not it.
        let sortable = pagination.pageCount == 1
        // What each shown column needs, looked up once rather than once a cell.
        let linked = arguments["link"].flatMap { names.firstIndex(of: $0) }
        let shownColumns = chosen.map { index in
            (
                index: index, format: formats[index], numeric: table.columns[index].type.isNumeric,
                date: table.columns[index].type == .date || table.columns[index].type == .dateTime, sparkline: sparklines.contains(index)
            )
        }
        let timeZone = config.timeZone
        // The sparklines of a column share one x axis, as long as its longest list: a
        // shorter list (a series that began later) ends at the right edge with the others.
        // Each list is read once, for the axis and for its cell.
        var lists: [Int: [[Double?]?]] = [:]
        var spans: [Int: Int] = [:]
        for index in sparklines {
            let read = table.rows.map { Self.numberList($0[index]) }
            lists[index] = read
            spans[index] = read.reduce(0) { max($0, $1?.count ?? 0) }
        }
        // A long table's links are most of its page: written the shortest way.
        let links = Relativiser(page: page.urlPath)
        let rows = shown.indices.map { row in
            let values = table.rows[row]
            return shownColumns.map { column -> TableBlockView.Cell in
                let value = values[column.index]
                let text = held.pack.text(of: value, as: column.format, now: now, timeZone: timeZone)
                let link =
                    column.index == linked
                    ? results.rowPage(column: names[column.index], value: value, language: page.language).map {
                        links.shortestLink(Routes.file($0))
                    } : nil
                if column.sparkline, let values = lists[column.index]?[row] {
                    // Named by its first and last values; sorted by the last.
                    let label = held.pack.labels.chart.change
                        .replacingEvery(
                            "<FIRST>",
                            with: values.first.flatMap { $0 }.map { held.pack.text(of: .real($0), as: nil, now: now, timeZone: timeZone) }
                                ?? LanguagePack.nullText
                        )
                        .replacingEvery(
                            "<LAST>",
                            with: values.last.flatMap { $0 }.map { held.pack.text(of: .real($0), as: nil, now: now, timeZone: timeZone) }
                                ?? LanguagePack.nullText)
                    return TableBlockView.Cell(
                        text: label, sortKey: sortable ? values.last.flatMap { $0 }.map { String($0) } ?? "" : nil, link: nil,
                        numeric: false, date: false, picture: Sparkline(values: values, span: spans[column.index]).svg(label: label))
                }
                return TableBlockView.Cell(
                    text: text, sortKey: sortable ? Self.sortKey(value).flatMap { $0 == text ? nil : $0 } : nil, link: link,
                    numeric: column.numeric, date: column.date)
            }
        }
        // A table split into pages, whose rows have pages of their own, finds any of them.
        var searchBox: SearchBoxView?
        if pagination.pageCount > 1, let link = arguments["link"], let index = search.index(language: page.language, column: link) {
            searchBox = index.view(label: held.pack.labels.searchRows, labels: held.pack.labels)
        }
        let firstPage = page.tablePage.map { String(page.urlPath.dropLast("\($0)/".count)) } ?? page.urlPath
        let navigation = PaginationView(pagination, current: pageNumber, listPath: firstPage, pack: held.pack)
        return TableBlockView(
            id: "table-\(name)-\(line)", caption: arguments["caption"], columns: columns, rows: rows, pagination: navigation,
            downloads: downloads.map { TableBlockView.Download(kind: $0, href: firstPage + TableDownloads.fileName(name, $0)) },
            filterLabel: held.pack.labels.filterRows, downloadLabel: held.pack.labels.download,
            sortable: sortable, filterable: sortable && shown.count > Self.filterAbove, search: searchBox
        )
    }

    private func valueView(_ table: Table, arguments: [String: String], pack held: Pack, fail: (String) -> BuildError) throws
        -> ValueBlockView
    {
        try BlockKind.value.allow(
            arguments, ["data", "column", "row", "format", "label", "compare", "compare-row", "compare-label"], fail: fail)
        let names = table.columns.map(\.name)
        let name = arguments["data"] ?? ""
        guard let columnName = arguments["column"] ?? (names.count == 1 ? names[0] : nil) else {
            throw fail("`value` needs `column=`, one of \(names.map { "`\($0)`" }.joined(separator: ", "))")
        }
        guard let column = names.firstIndex(of: columnName) else { throw fail(Self.noColumn(columnName, of: name, names)) }
        func rowNumber(_ key: String, default fallback: Int) throws -> Int {
            guard let text = arguments[key] else { return fallback }
            guard let number = Int(text), number >= 1 else {
                throw fail("`\(key)` must be a row's number, 1 for the first, found `\(text)`")
            }
            guard number <= table.rows.count else {
                throw fail(
                    "`\(key)=\(number)`, and the query `\(name)` gave \(table.rows.count == 1 ? "1 row" : "\(table.rows.count) rows")")
            }
            return number
        }
        let row = try rowNumber("row", default: 1)
        guard row <= table.rows.count else { throw fail("the query `\(name)` gave no rows, so there is no value to show") }
        let format: ValueFormat?
        do { format = try arguments["format"].map(ValueFormat.init(parsing:)) } catch { throw fail("`format`: \(error)") }
        let value = table.rows[row - 1][column]
        let text = held.pack.text(
            of: value, as: format ?? ColumnFormat.format(table.columns[column], value: value), now: now, timeZone: config.timeZone)
        var comparison: ValueBlockView.Comparison?
        if arguments["compare"] != nil || arguments["compare-row"] != nil {
            let other: TableValue
            let otherLabel: String
            if let compareColumn = arguments["compare"] {
                guard arguments["compare-row"] == nil else {
                    throw fail("`value` compares with one of `compare=` (a column) or `compare-row=` (a row)")
                }
                guard let index = names.firstIndex(of: compareColumn) else { throw fail(Self.noColumn(compareColumn, of: name, names)) }
                other = table.rows[row - 1][index]
                otherLabel = arguments["compare-label"] ?? compareColumn
            } else {
                let otherRow = try rowNumber("compare-row", default: 1)
                other = table.rows[otherRow - 1][column]
                otherLabel = arguments["compare-label"] ?? held.pack.text(of: other, as: format, now: now, timeZone: config.timeZone)
            }
            comparison = ValueBlockView.Comparison(
                value: held.pack.number(of: value), other: held.pack.number(of: other), otherLabel: otherLabel, pack: held.pack, now: now,
                timeZone: config.timeZone)
        }
        var counter: CounterView?
        if let number = held.pack.number(of: value), format == nil || format?.kind == .integer, value.isInteger {
            let made = CounterView(to: number, format: "{value}", numbers: held.pack.numbers)
            if made.text == text { counter = made }
        }
        return ValueBlockView(text: text, label: arguments["label"] ?? columnName, counter: counter, comparison: comparison)
    }

    /// A page's results as its Mustache tags see them: `{{#data.missions}}{{name}}{{/data.missions}}`,
    /// every value as text in the page's language (its column type's default format); only
    /// the queries in `names` when it is not nil. Every page of a long table has its whole
    /// result, so making all of it into values for each page that reads none of it cost a
    /// fifth of a build of 10,000 pages made from rows.
    func templateData(of page: Page, reading names: Set<String>? = nil) -> TemplateValue {
        .map(
            results.results(of: page).filter { names?.contains($0.key) ?? true }.mapValues { table in
                let row = { (values: [TableValue]) in
                    self.templateRow(PageRow(columns: table.columns, values: values), language: page.language)
                }
                return .list(table.rows.map(row))
            })
    }

    /// The queries a page's text reads as `data.NAME`; nil when it may read any of them
    /// (`{{#data}}`, a partial, or a text that is not a template).
    static func queryNames(readBy template: Template) -> Set<String>? {
        template.keys(readUnder: "data")
    }

    /// A row as templates see it (`PageQueries.rowValue`), only the columns in `reading`
    /// when it is not nil.
    func templateRow(_ row: PageRow, language: String, reading columns: Set<String>? = nil) -> TemplateValue {
        let held = pack(language)
        return PageQueries.rowValue(row, pack: held.pack, now: now, timeZone: config.timeZone, reading: columns)
    }

    static func noColumn(_ column: String, of query: String, _ names: [String]) -> String {
        "the query `\(query)` has no column `\(column)`; it has \(names.map { "`\($0)`" }.joined(separator: ", "))"
    }

    /// The format of a table's column whose values are drawn as sparklines.
    static let sparklineFormat = "sparkline"

    /// A list of numbers as a query writes one: "3,5,2" (`group_concat`, commas or spaces
    /// between), or a JSON array ("[3, 5, null, 2]"); a value that is not a number is a gap.
    /// Nil for a value that is no list.
    static func numberList(_ value: TableValue) -> [Double?]? {
        switch value {
        case .integer(let number): return [Double(number)]
        case .real(let number): return [number]
        case .text(let text):
            let inner = text.hasPrefix("[") && text.hasSuffix("]") ? text.dropFirst().dropLast() : Substring(text)
            let parts = inner.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\n" })
            // A number has no blank around it: only what is not one is trimmed (a tab) and read again.
            let numbers = parts.map { part in
                (Double(part) ?? Double(part.trimmingCharacters(in: .whitespaces))).flatMap { $0.isFinite ? $0 : nil }
            }
            return numbers.contains { $0 != nil } ? numbers : nil
        default: return nil
        }
    }

    /// How the table script orders a cell: numbers and dates by value, text as it reads, and
    /// an empty cell (an empty key) last, whatever its column holds.
    private static func sortKey(_ value: TableValue) -> String? {
        switch value {
        case .integer(let number): String(number)
        case .real(let number): String(number)
        case .date, .dateTime: value.plainText
        case .boolean(let flag): flag ? "1" : "0"
        case .null: ""
        case .text: nil
        }
    }
}

extension ColumnType {
    /// Whether the column's values are numbers (right-aligned, in tabular figures).
    var isNumeric: Bool { self == .integer || self == .real }
}

extension TableValue {
    var isInteger: Bool { if case .integer = self { true } else { false } }
}

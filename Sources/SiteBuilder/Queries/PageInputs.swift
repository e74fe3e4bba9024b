import DataTables
import Foundation
import ReportData
import TextFormatting

/// A page's inputs and the pages they make: a reader who picks a region or a year gets an
/// answer built ahead, one page per combination of the options (`PageVariant`).
///
///     ```ttsite input name=continent data=continents column=continent label="Continent" all="All continents"
///     ```
///
/// - `name=` the parameter the page's queries read (`:continent`);
/// - the options: `data=` a query and `column=` one of its columns (its distinct values, in
///   its order), or `options=` a list (`options=Asia,Europe`: texts; whole numbers when every
///   item is one, `options=1952,2007`);
/// - `label=` (the name); `all=` a first option, of everything, that binds NULL; `default=` the
///   option the page itself shows (the first); `kind=select` (a drop-down) or `kind=buttons`
///   (a group of buttons; the kind for five options or fewer).
///
/// Several inputs on a page combine: every combination is a page, up to
/// `inputs.max_variants` a page. Each distinct query and its parameters run once a build
/// (`QueryRunner`), so a query no input reads runs once for all of them.
struct PageInputs {
    let runner: QueryRunner
    let config: SiteConfig
    let now: Date

    /// The arguments an input block takes.
    static let arguments = ["name", "data", "column", "options", "label", "all", "default", "kind"]
    /// An input of this many options or fewer is drawn as buttons unless `kind=` says otherwise.
    static let mostButtons = 5
    /// The address part of the option of everything (`all=`).
    static let allSlug = "all"

    /// `page` as each combination of its inputs' options, the page itself (every input at its
    /// default) first; `[page]` for a page without inputs.
    func variants(of page: Page, graph: QueryGraph) throws -> [Page] {
        let blocks = page.source.blocks.filter { $0.kind == .input }
        guard !blocks.isEmpty else { return [page] }
        var inputs: [PageInput] = []
        for block in blocks {
            let input = try self.input(block, on: page, graph: graph)
            if let earlier = inputs.first(where: { $0.name == input.name }) {
                throw BuildError(
                    .content, "two inputs are called `\(input.name)` (lines \(earlier.line) and \(input.line)): give each its own `name=`",
                    in: "Content/" + page.sourcePath, line: input.line)
            }
            inputs.append(input)
        }
        let combinations = inputs.reduce(1) { count, input in
            let (product, overflow) = count.multipliedReportingOverflow(by: input.options.count)
            return overflow ? Int.max : product
        }
        guard combinations <= config.inputs.maxVariants else {
            let counts = inputs.map { "`\($0.name)` (\($0.options.count) options)" }.joined(separator: " × ")
            throw BuildError(
                .content,
                "the page's inputs make \(combinations == Int.max ? "too many" : String(combinations)) pages, \(counts), "
                    + "and a page may have \(config.inputs.maxVariants) (`inputs.max_variants`): "
                    + "offer fewer options, or raise the limit",
                in: "Content/" + page.sourcePath, line: inputs[0].line)
        }
        let names = Set(inputs.map(\.name))
        let varying = Set(graph.nodes.filter { !names.isDisjoint(with: $0.parameters) }.map(\.name))
        let base = PageVariant(
            inputs: inputs, chosen: inputs.map(\.defaultOption), basePath: page.urlPath, baseKey: page.translationKey, varying: varying)
        var pages: [Page] = []
        pages.reserveCapacity(combinations)
        var chosen = Array(repeating: 0, count: inputs.count)
        repeat {
            let variant = base.choosing(chosen)
            var made = page
            made.variant = variant
            made.urlPath = page.urlPath + variant.pathPart
            // Every input's option, the defaults too, the page itself's as well: another
            // language's page may have other defaults, and its page of the same answer is this
            // one's translation (`PageRenderer` also knows the page itself by its own key).
            made.translationKey = (page.translationKey.isEmpty ? "" : page.translationKey + "/") + variant.answerKey
            if variant.isBase { pages.insert(made, at: 0) } else { pages.append(made) }
        } while Self.advance(&chosen, counts: inputs.map(\.options.count))
        return pages
    }

    /// The next combination, the last input changing fastest; false after the last.
    static func advance(_ chosen: inout [Int], counts: [Int]) -> Bool {
        for index in chosen.indices.reversed() {
            chosen[index] += 1
            if chosen[index] < counts[index] { return true }
            chosen[index] = 0
        }
        return false
    }

    /// One input block, read and checked: its name, options and default.
    private func input(_ block: PageBlock, on page: Page, graph: QueryGraph) throws -> PageInput {
        let line = page.source.fileLine(of: block)
        let fail = { (message: String) in BuildError(.content, message, in: "Content/" + page.sourcePath, line: line) }
        if let problem = block.problem { throw fail(problem) }
        let arguments = block.arguments
        try BlockKind.input.allow(arguments, Self.arguments, fail: fail)
        guard let name = arguments["name"] else {
            throw fail("`input` needs `name=`, the parameter the page's queries read (`name=continent` for `:continent`)")
        }
        guard Self.isName(name) else {
            throw fail(
                "an input's name is the parameter its queries read and a part of the page's address: "
                    + "lower-case letters, digits and `_`, from a letter; found `\(name)`")
        }
        if name == "lang" || page.source.frontMatter.values[name] != nil || page.row?[name] != nil {
            let what =
                name == "lang"
                ? "the page's language" : page.row?[name] != nil ? "a column of the page's row" : "a front matter key of the page"
            throw fail("`:\(name)` is \(what) already: call the input something else")
        }
        guard !graph.reading(parameter: name).isEmpty else {
            throw fail(
                "no query of the page reads `:\(name)`, so every option would show the same page: "
                    + "read it in the page's SQL (`WHERE column = :\(name)`), or remove the input")
        }
        var options: [(text: String, value: TableValue)]
        switch (arguments["data"], arguments["options"]) {
        case (let query?, nil):
            options = try self.options(of: query, column: arguments["column"], on: page, graph: graph, fail: fail)
        case (nil, let list?):
            if arguments["column"] != nil { throw fail("`column=` names a column of `data=`; `options=` is the list itself") }
            options = try Self.options(listed: list, fail: fail)
        case (nil, nil):
            throw fail(
                "`input` needs its options: `data=` a query and `column=` one of its columns, or `options=` a list (`options=Asia,Europe`)")
        case (_?, _?):
            throw fail("`input` takes its options from `data=` or from `options=`, not both")
        }
        var wanted = options.map { Slug.make(from: $0.value.plainText) ?? Slug.hashed("option", [$0.value.plainText]) }
        if let all = arguments["all"] {
            guard !all.isEmpty else { throw fail("`all=` is the words of the option of everything (`all=\"All continents\"`)") }
            options.insert((all, .null), at: 0)
            wanted.insert(Self.allSlug, at: 0)
        }
        let slugs = SlugAllocator.allocate(wanted).slugs
        var defaultOption = 0
        if let chosen = arguments["default"] {
            guard let index = options.firstIndex(where: { $0.text == chosen || ($0.value != .null && $0.value.plainText == chosen) }) else {
                let shown = options.prefix(10).map { "`\($0.text)`" }.joined(separator: ", ")
                throw fail("`default=\(chosen)` is none of the input's options (\(shown)\(options.count > 10 ? " …" : ""))")
            }
            defaultOption = index
        }
        let kind: PageInput.Kind
        if let text = arguments["kind"] {
            guard let named = PageInput.Kind(rawValue: text) else {
                throw fail("`kind` must be `select` (a drop-down) or `buttons` (a group of buttons), found `\(text)`")
            }
            kind = named
        } else {
            kind = options.count <= Self.mostButtons ? .buttons : .select
        }
        return PageInput(
            name: name, label: arguments["label"] ?? name, kind: kind,
            options: zip(options, slugs).map { PageInput.Option(text: $0.text, value: $0.value, slug: $1) },
            defaultOption: defaultOption, line: line)
    }

    /// The distinct values of `column` of the query `name`'s result, in its order, each with
    /// its text as a table shows it. The query must not read an input: its options are the
    /// same on every variant.
    private func options(of name: String, column: String?, on page: Page, graph: QueryGraph, fail: (String) -> BuildError) throws
        -> [(text: String, value: TableValue)]
    {
        guard let node = graph.nodes.first(where: { $0.name == name }) else {
            throw fail(
                "no query named `\(name)` for this page (a ```` ```ttsite query \(name) ```` block on the page, or `queries/\(name).sql`)")
        }
        let inputs = Set(page.source.blocks.filter { $0.kind == .input }.compactMap { $0.arguments["name"] })
        if let read = node.parameters.first(where: inputs.contains) {
            throw fail("the options come from `\(name)`, which reads the input `:\(read)`: list them with a query that reads no input")
        }
        let table = try runner.result(of: node.definition, for: page)
        let names = table.columns.map(\.name)
        guard let columnName = column ?? (names.count == 1 ? names[0] : nil) else {
            throw fail("`input` needs `column=`, one of \(names.map { "`\($0)`" }.joined(separator: ", "))")
        }
        guard let index = names.firstIndex(of: columnName) else {
            throw fail("the query `\(name)` has no column `\(columnName)`; it has \(names.map { "`\($0)`" }.joined(separator: ", "))")
        }
        guard !table.rows.isEmpty else {
            throw fail("the query `\(name)` gave no rows, so the input has no options")
        }
        let pack = config.pack(for: page.language)
        let format = ColumnFormat.format(table.columns[index], values: table.rows.lazy.map { $0[index] })
        var seen: Set<TableValue> = []
        var options: [(text: String, value: TableValue)] = []
        for (number, row) in table.rows.enumerated() {
            let value = row[index]
            guard value != .null else {
                throw fail(
                    "row \(number + 1) of `\(name)` has no `\(columnName)` (NULL), and an option must be a value: "
                        + "leave such rows out (`WHERE \(columnName) IS NOT NULL`)")
            }
            guard seen.insert(value).inserted else { continue }
            options.append((pack.text(of: value, as: format, now: now, timeZone: config.timeZone), value))
        }
        return options
    }

    /// The options of `options=`: each item of the comma-separated list; whole numbers when
    /// every item is one as SQL writes it (`1952`, not `007`), so that `year = :year` holds for
    /// a number however the column was made, else texts.
    private static func options(listed list: String, fail: (String) -> BuildError) throws -> [(text: String, value: TableValue)] {
        var texts: [String] = []
        for item in list.split(separator: ",", omittingEmptySubsequences: false) {
            let text = item.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { throw fail("`options=` has an empty item: `\(list)`") }
            guard !texts.contains(text) else { throw fail("`options=` lists `\(text)` twice") }
            texts.append(text)
        }
        let numbers = texts.compactMap { text in Int64(text).flatMap { String($0) == text ? $0 : nil } }
        if numbers.count == texts.count { return zip(texts, numbers).map { ($0, .integer($1)) } }
        return texts.map { ($0, .text($0)) }
    }

    /// Lower-case letters, digits and `_`, from a letter.
    static func isName(_ text: String) -> Bool {
        guard let first = text.utf8.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) else { return false }
        return text.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "_")
        }
    }
}

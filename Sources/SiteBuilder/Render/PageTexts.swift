import Foundation
import Markdown
import TemplateEngine
import TextFormatting

/// The HTML of the pages' Markdown: each page's made when the page is rendered
/// (`text(of:)`), and let go once it is written, so that a build never holds every page's
/// HTML at once; the feeds' entries and the text of `404.html`, which the build shows before
/// any page is rendered, made ahead. Pages made from data have no Markdown of their own.
struct PageTexts: Sendable {
    /// A page's Markdown as HTML, its headings (for the table of contents), and what its own
    /// Mustache tags and links asked for and did not find.
    struct Text: Sendable {
        let rendered: MarkdownRenderer.Rendered
        let misses: TextMisses
        /// Whether it holds a table of query results (the page loads the table script) and
        /// one with a search of its rows' pages (the search script).
        var tables = DataBlocks.Uses()
    }

    /// What makes a page's text when it is asked for; nil for none (a page then shows no
    /// text of its own).
    var markdown: MarkdownTexts?
    /// The entries of the pages feeds by URL path: without heading ids, and with the ids
    /// of their notes made the page's own (`SiteFeeds.idPrefix`).
    var feedEntries: [String: String] = [:]
    /// The text of `404.html`, when `Content/404.md` gives one.
    var notFound: String?

    /// The text of `page`, made now; nil for a page without Markdown. A mistake in it is
    /// thrown, placed on the page (`Page.placing`).
    func text(of page: Page) throws -> Text? {
        guard let markdown, markdown.hasText(page) else { return nil }
        do { return try markdown.text(of: page) } catch { throw page.placing(error) }
    }

    /// These texts with `newer`'s in place (a preview's edit).
    mutating func take(_ newer: PageTexts) {
        if let source = newer.markdown { markdown = source }
        feedEntries.merge(newer.feedEntries) { _, new in new }
        if newer.notFound != nil { notFound = newer.notFound }
    }
}

/// What one page's Markdown asked for and did not find, by line of its text: names and
/// partials of its own Mustache tags, and links and images that lead nowhere.
struct TextMisses: Sendable {
    var tags: Set<MissRecorder.Miss> = []
    var links: [(line: Int, destination: String, problem: String)] = []
    /// The links its report blocks wrote, as paths from the site's root (`WrittenLinks`).
    var written: [String] = []
    /// What its blocks warn of, by line of the file (`PageMisses.note`).
    var notes: [(line: Int, message: String)] = []
    /// A near name for a misspelt `data.NAME` or `row.COLUMN` of `tags`, by the name.
    var suggestions: [String: String] = [:]

    var isEmpty: Bool { tags.isEmpty && links.isEmpty && notes.isEmpty }
}

/// Turns the Markdown of pages into HTML: their Mustache tags filled in from the site data
/// (tags in code left as written, `CodeGuard`), their report blocks (```` ```ttsite … ```` )
/// rendered, their images of processed pictures shown as `<picture>`s, and their links and
/// images written so that they lead where the author meant (`ContentLinks`).
struct MarkdownTexts: Sendable {
    let config: SiteConfig
    /// The build's instant, which the values of a page's row count from.
    let now: Date
    /// The templates of report blocks and of the partials a page's own tags include.
    let templates: TemplateSet
    /// The site data content pages may use in Mustache tags (`{{people.count}}`).
    let siteData: [String: TemplateValue]
    /// Where the links and images of Content pages lead; nil renders them as written.
    let links: ContentLinks?
    /// The processed pictures of `Content/` by path there (`images: local`).
    let contentPictures: [String: ProcessedPicture]
    /// Why a picture of `Content/` that a Markdown image shows is shown as it is, by path
    /// there (it is not a picture, or it is damaged): a warning on the page's line.
    let contentPictureProblems: [String: String]
    /// What the report blocks show (sites with people or timelines).
    let reportBlocks: ReportBlocks?
    /// The tables and key figures of query results, and what page texts' `{{#data.NAME}}` show.
    let dataBlocks: DataBlocks?
    /// The Markdown renderer of each page language (the words its notes carry differ).
    private let markdown: [String: MarkdownRenderer]
    private let site: TemplateValue
    private let labels: [String: TemplateValue]
    private let parsedTexts = ParsedTexts()
    /// The blocks of pages with inputs that read none, rendered once for every answer; made
    /// anew with the texts, as templates or results change.
    let blockMemo = BlockMemo()

    init(
        config: SiteConfig, now: Date, templates: TemplateSet, siteData: [String: TemplateValue] = [:], links: ContentLinks? = nil,
        contentPictures: [String: ProcessedPicture] = [:], contentPictureProblems: [String: String] = [:],
        reportBlocks: ReportBlocks? = nil,
        dataBlocks: DataBlocks? = nil
    ) {
        self.config = config
        self.now = now
        self.templates = templates
        self.siteData = siteData
        self.links = links
        self.contentPictures = contentPictures
        self.contentPictureProblems = contentPictureProblems
        self.reportBlocks = reportBlocks
        self.dataBlocks = dataBlocks
        var options: MarkdownRenderer.Options = []
        if config.markdown.smart { options.insert(.smart) }
        if config.markdown.unsafeHTML { options.insert(.unsafeHTML) }
        markdown = Dictionary(
            uniqueKeysWithValues: config.languages.map { language in
                (
                    language,
                    MarkdownRenderer(
                        options: options, extensions: config.markdown.extensions, words: config.pack(for: language).markdownWords)
                )
            })
        site = PageRenderer.siteValue(config)
        labels = Dictionary(uniqueKeysWithValues: config.languages.map { ($0, config.pack(for: $0).labels.templateValue) })
    }

    /// The same, with other templates (a preview's edit of them).
    func with(templates: TemplateSet) -> MarkdownTexts {
        MarkdownTexts(
            config: config, now: now, templates: templates, siteData: siteData, links: links, contentPictures: contentPictures,
            contentPictureProblems: contentPictureProblems, reportBlocks: reportBlocks, dataBlocks: dataBlocks)
    }

    func with(dataBlocks: DataBlocks) -> MarkdownTexts {
        MarkdownTexts(
            config: config, now: now, templates: templates, siteData: siteData, links: links, contentPictures: contentPictures,
            contentPictureProblems: contentPictureProblems, reportBlocks: reportBlocks, dataBlocks: dataBlocks)
    }

    /// The texts made ahead: `feedEntries` as the feeds show them, on every core (`workers`,
    /// default one per core), and the 404 page's among `pages`; every other page's text is
    /// made when it is rendered. The first error, in the entries' order, is thrown.
    func texts(of pages: [Page], feedEntries: [Page] = [], workers: Int? = nil) throws -> PageTexts {
        var texts = PageTexts(markdown: self)
        let entries = feedEntries.parallelMap(workers: workers) { page in
            Result {
                do {
                    return try render(
                        try pageText(page), of: page, ids: MarkdownRenderer.IDs(prefix: SiteFeeds.idPrefix(of: page)), misses: nil,
                        forFeed: true
                    ).html
                } catch { throw page.placing(error) }
            }
        }
        for (page, result) in zip(feedEntries, entries) {
            texts.feedEntries[page.urlPath] = try result.get()
        }
        if let page = pages.first(where: { $0.kind == .notFound && $0.language == config.defaultLanguage }) {
            texts.notFound = markdown(config.defaultLanguage).html((try? pageText(page))?.markdown ?? page.source.body)
        }
        return texts
    }

    /// Whether a page is shown with Markdown of its own: those of `Content/` are, the pages made
    /// from data are not (their text goes through neither Markdown nor Mustache). The 404
    /// text is written apart (`PageTexts.notFound`): that page is served at any depth.
    func hasText(_ page: Page) -> Bool {
        switch page.kind {
        case .home, .content: true
        // A list page has the intro of `Content/people.md` when there is one.
        case .generated: page.hasSourceFile
        case .notFound: false
        }
    }

    /// A page's text: its headings with ids for the table of contents and the heading links.
    func text(of page: Page) throws -> PageTexts.Text {
        let misses = PageMisses()
        var uses = DataBlocks.Uses()
        let rendered = try render(try pageText(page, misses: misses.text), of: page, ids: TableOfContents.ids, misses: misses, uses: &uses)
        var textMisses = TextMisses(tags: misses.text.misses, links: misses.links, written: misses.blocks.links, notes: misses.notes)
        for miss in textMisses.tags {
            if let near = suggestion(for: miss.name, on: page) { textMisses.suggestions[miss.name] = near }
        }
        return PageTexts.Text(rendered: rendered, misses: textMisses, tables: uses)
    }

    /// A near name for a misspelt `data.NAME` (among the page's query results) or
    /// `row.COLUMN` (among its row's columns).
    private func suggestion(for name: String, on page: Page) -> String? {
        let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return nil }
        let last = parts[1].split(separator: ".").first.map(String.init) ?? parts[1]
        let candidates: Set<String>
        switch parts[0] {
        case "data": candidates = Set(dataBlocks?.results.results(of: page).keys.map { $0 } ?? [])
        case "row": candidates = Set(page.row?.columns.map(\.name) ?? [])
        default: return nil
        }
        return Spelling.nearest(last, among: candidates).map { "\(parts[0]).\($0)" }
    }

    /// The renderer of a page language's Markdown.
    private func markdown(_ language: String) -> MarkdownRenderer {
        markdown[language] ?? markdown[config.defaultLanguage]!
    }

    /// The HTML of a page's Markdown; a link that leads nowhere goes to `misses`. For a feed
    /// (`forFeed`), its charts published as PNG are shown as that picture: feed readers
    /// strip inline SVG.
    private func render(_ text: FilledText, of page: Page, ids: MarkdownRenderer.IDs, misses: PageMisses?, forFeed: Bool = false) throws
        -> MarkdownRenderer.Rendered
    {
        var uses = DataBlocks.Uses()
        return try render(text, of: page, ids: ids, misses: misses, uses: &uses, forFeed: forFeed)
    }

    /// The same, noting in `uses` the tables of query results it holds.
    private func render(
        _ filled: FilledText, of page: Page, ids: MarkdownRenderer.IDs, misses: PageMisses?, uses: inout DataBlocks.Uses,
        forFeed: Bool = false
    ) throws -> MarkdownRenderer.Rendered {
        let markdown = markdown(page.language)
        let text = filled.markdown
        let hasBlocks = page.hasSourceFile && text.containsUTF8(ReportBlocks.word)
        let links = page.hasSourceFile ? self.links : nil
        let hasReferences = links != nil && (text.containsUTF8("](") || text.containsUTF8("]:"))
        guard hasBlocks || hasReferences else {
            switch filled {
            case .text(let text): return markdown.render(text, ids: ids)
            case .parsed(let parsed): return try markdown.render(parsed, ids: ids)
            }
        }
        let file = "Content/" + page.sourcePath
        let relativiser = Relativiser(page: page.urlPath)
        let styles = SeriesStyles()
        var matcher = BlockMatcher(page.source.blocks)
        // The pack's words only where a block needs them: a copy of a pack is a copy of all its words.
        let labelWords = { self.config.pack(for: page.language).labels }
        let change = { (reference: MarkdownRenderer.Reference) -> MarkdownRenderer.Change in
            guard let links else { return .keep }
            let what = reference.kind == .image ? "image" : "link"
            switch links.target(of: reference.text, on: page) {
            case .elsewhere:
                return .keep
            case .nothing(let looked):
                let why =
                    looked.isEmpty
                    ? "it climbs above the site's root" : "there is no " + looked.map { "`\($0)`" }.joined(separator: " nor ")
                misses?.link(
                    line: reference.line, destination: reference.text,
                    "the \(what) `\(reference.text)` leads to no file of the site (\(why))")
                return .keep
            case .file(let path, let link):
                if reference.kind == .image, let picture = contentPictures[path] {
                    return .html(PictureViews.html(picture, alt: reference.alt, title: reference.title, links: relativiser))
                }
                if reference.kind == .image, let problem = contentPictureProblems[path] {
                    misses?.link(
                        line: reference.line, destination: reference.text,
                        "the image `\(reference.text)` (Content/\(path)) is shown as it is: \(problem)")
                }
                return link.map(MarkdownRenderer.Change.destination) ?? .keep
            }
        }
        func replace(_ fenced: MarkdownRenderer.FencedBlock) throws -> String {
            let source = matcher.source(of: fenced)
            let block = source ?? parsedTexts.block(fenced)
            let line = page.source.bodyLine + (source?.line ?? fenced.line) - 1
            let fail = { (message: String) in BuildError(.content, message, in: file, line: line) }
            if let problem = block.problem { throw fail(problem) }
            guard let kind = block.kind else { throw fail("the block names no kind; the blocks are \(BlockKind.listed)") }
            let arguments = block.arguments
            // A block of a page with inputs that reads none is the same on every answer:
            // rendered once for each way an answer can write it (`BlockMemo`); not for a feed.
            func memoKey(_ kind: BlockKind) -> BlockMemo.Key? {
                guard let variant = page.variant, !forFeed else { return nil }
                return BlockMemo.Key(
                    page: variant.basePath, language: page.language, line: line, info: block.info, tablePage: page.tablePage,
                    root: relativiser.base, styles: kind == .chart ? styles.styles : [:])
            }
            switch kind.reads {
            case .sql:
                // A query block names a result for the page (`PageQueries`) and shows nothing.
                return ""
            case .headings:
                return try TableOfContents.block(arguments, headings: fenced.headings, label: labelWords().contents, fail: fail)
            case .result:
                guard let dataBlocks else {
                    throw fail("a `\(kind)` block shows the result of a query, and the site has no `data:` nor `queries/`")
                }
                let query = arguments["data"]
                let varies = query.map { page.variant?.varying.contains($0) ?? false } ?? false
                let html = try blockMemo.html(
                    varies || query == nil ? nil : memoKey(kind), line: line, uses: &uses, misses: misses, styles: styles
                ) { written, warn in
                    guard
                        var view = try dataBlocks.view(
                            kind: kind, arguments: arguments, on: page, line: line, fail: fail, warn: warn, styles: styles)
                    else {
                        throw fail("a `\(kind)` block shows the result of a query, and the site has no `data:` nor `queries/`")
                    }
                    if forFeed, case .chart(var chart) = view, let png = chart.png, let baseURL = config.baseURL {
                        chart.image = ChartBlockView.FeedImage(png, at: Routes.absolute(png.path, baseURL: baseURL))
                        view = .chart(chart)
                    }
                    var used = DataBlocks.Uses()
                    used.note(view)
                    let html = dataBlocks.html(
                        of: view, kind: view.templateKind(kind.name), language: page.language, links: relativiser, templates: templates,
                        labels: labels[page.language] ?? labelWords().templateValue, written: written)
                    return (html, used, !view.readsPagePath)
                }
                // A block whose result differs between the page's variants is the part the
                // inputs' script swaps (`input.js`); a heading's id (a slug) has no `_`.
                guard varies else { return html }
                return "<div class=\"varies\" id=\"varies_\(line)\">\n" + html + "\n</div>"
            case .choice:
                guard let variant = page.variant else {
                    throw fail("an `input` chooses what the page's queries read, and the site has no `data:` nor `queries/`")
                }
                guard let index = variant.inputs.firstIndex(where: { $0.line == line }), source != nil else {
                    throw fail("an `input` must stand in the page's own text, where its queries are, not in a partial")
                }
                uses.inputScript = true
                return ReportBlocks.html(
                    of: .input(InputBlockView(variant, input: index)), kind: kind.name, language: page.language, links: relativiser,
                    templates: templates, labels: labels[page.language] ?? labelWords().templateValue, written: misses?.blocks)
            case .records:
                guard let reportBlocks else { throw fail("a `\(kind)` block shows people or timelines, and the site has neither") }
                // Its views hold paths from the site's root: the same on every answer of a page.
                return try blockMemo.html(memoKey(kind), line: line, uses: &uses, misses: misses, styles: styles) { written, _ in
                    let html = try reportBlocks.html(
                        kind: kind, arguments: arguments, line: line, language: page.language, links: relativiser, templates: templates,
                        labels: labels[page.language] ?? labelWords().templateValue, written: written, fail: fail)
                    return (html, DataBlocks.Uses(), true)
                }
            }
        }
        let word = hasBlocks ? ReportBlocks.word : nil
        switch filled {
        case .text(let text):
            return try markdown.render(
                text, ids: ids, replacingBlocksTagged: word, changingReferences: hasReferences ? change : nil, with: replace)
        case .parsed(let parsed):
            return try markdown.render(
                parsed, ids: ids, replacingBlocksTagged: word, changingReferences: hasReferences ? change : nil, with: replace)
        }
    }

    /// The page's Markdown with its Mustache tags filled in from the site data; tags in its
    /// code spans and code blocks are left as written (`CodeGuard`). A page whose every tag
    /// stands in code (documentation showing templates) has nothing to fill in: its text is
    /// rendered from the document its code was found in, parsed once.
    private func pageText(_ page: Page, misses: MissRecorder? = nil) throws -> FilledText {
        let body = page.source.body
        guard TemplateSet.hasTag(body) else { return .text(body) }
        let renderer = markdown(page.language)
        // The pages made from one file's rows share its text: parsed once for all of them.
        // Any other page's text is its own, parsed and let go.
        let parsed: ParsedText
        if page.row != nil {
            parsed = parsedTexts.parsed(body, language: page.language) { body in ParsedText(body, renderer: renderer) }
            guard parsed.fillsTags else { return .text(body) }
        } else if CodeGuard.mayHoldCode(body), let document = renderer.parse(body) {
            parsed = ParsedText(
                body, code: CodeGuard(body, ranges: renderer.codeRanges(in: document, exceptBlocksTagged: ReportBlocks.word)))
            guard parsed.fillsTags else { return .parsed(document) }
        } else {
            parsed = ParsedText(body, renderer: renderer)
        }
        var context = siteData
        context["site"] = site
        context["page"] = .map(page.source.frontMatter.values)
        context["lang"] = .string(page.language)
        if let dataBlocks { context["data"] = dataBlocks.templateData(of: page, reading: parsed.queryNames) }
        if let row = page.row {
            // A person's or a timeline's row (`Content/people/[slug].md`) on a site without
            // tables is written as a query's row is.
            context["row"] =
                dataBlocks?.templateRow(row, language: page.language, reading: parsed.rowColumns)
                ?? PageQueries.rowValue(
                    row, pack: config.pack(for: page.language), now: now, timeZone: config.timeZone, reading: parsed.rowColumns)
        }
        return .text(
            parsed.code.restore(
                try templates.renderInline(
                    parsed.template, .map(context), file: "Content/" + page.sourcePath, firstLine: page.source.bodyLine, misses: misses)))
    }
}

/// A page's text ready for its Markdown to be rendered: its Mustache tags filled in, or,
/// when every tag stands in code and is left as written, the text as parsed to find that
/// code.
enum FilledText {
    case text(String)
    case parsed(ParsedMarkdown)

    /// The Markdown.
    var markdown: String {
        switch self {
        case .text(let text): text
        case .parsed(let parsed): parsed.markdown
        }
    }
}

/// A page's text made ready for its Mustache pass: code guarded, parsed as a template, and
/// the queries it reads. The pages made from the rows of one file share one text.
struct ParsedText: Sendable {
    let code: CodeGuard
    let template: Result<Template, TemplateError>
    /// The queries the text reads as `data.NAME`; nil when it may read any.
    let queryNames: Set<String>?
    /// The columns of a page's row the text reads as `row.COLUMN`; nil when it may read any.
    let rowColumns: Set<String>?

    /// Whether a tag stands outside code: a text whose every tag is code has nothing to
    /// fill in, and its Mustache pass would give it back as it is.
    let fillsTags: Bool

    init(_ body: String, renderer: MarkdownRenderer) {
        self.init(body, code: CodeGuard(body, renderer: renderer))
    }

    init(_ body: String, code: CodeGuard) {
        self.code = code
        fillsTags = TemplateSet.hasTag(code.text)
        guard fillsTags else {
            template = Self.parse("")
            queryNames = []
            rowColumns = []
            return
        }
        template = Self.parse(code.text)
        // A text that says neither `data` nor `>` (a partial) names no result.
        let mayRead = code.text.containsUTF8("data") || code.text.containsUTF8(">")
        queryNames = mayRead ? (try? template.get()).flatMap(DataBlocks.queryNames(readBy:)) : []
        // Only pages made from rows have one; a text that says neither `row` nor `>` names none.
        let mayReadRow = code.text.containsUTF8("row") || code.text.containsUTF8(">")
        rowColumns = mayReadRow ? (try? template.get()).flatMap { $0.keys(readUnder: "row") } : []
    }

    static func parse(_ text: String) -> Result<Template, TemplateError> {
        do { return .success(try Template(text)) } catch let error as TemplateError { return .failure(error) } catch {
            return .failure(TemplateError("\(error)", line: 1))
        }
    }
}

/// What a build parsed once for many pages: the texts of the files that pages are made from
/// rows of (10,000 pages made from one file's rows are parsed once, not 10,000 times), by
/// language and text; and the `ttsite` blocks that only rendered texts hold, by info string.
final class ParsedTexts: @unchecked Sendable {
    private let lock = NSLock()
    private var texts: [String: [String: ParsedText]] = [:]
    private var blocks: [String: PageBlock] = [:]

    func parsed(_ body: String, language: String, parse: (String) -> ParsedText) -> ParsedText {
        if let known = lock.withLock({ texts[language]?[body] }) { return known }
        let parsed = parse(body)
        lock.withLock { texts[language, default: [:]][body] = parsed }
        return parsed
    }

    /// A block only a page's rendered text holds (a partial's), parsed once for every page
    /// that shows it: its kind, arguments and problem, with the line it had where it was met
    /// first (the caller takes the line from `block`).
    func block(_ block: MarkdownRenderer.FencedBlock) -> PageBlock {
        if let known = lock.withLock({ blocks[block.info] }) { return known }
        let parsed = PageBlock(block)
        lock.withLock { blocks[block.info] = parsed }
        return parsed
    }
}

import DataTables
import TextFormatting

/// A page of the site and where it goes in the output: a Markdown page of `Content/`, or a
/// page made from data (a person, a timeline, a list). How it is rendered is its `kind`; the
/// renderer switches over it, so a new kind does not build until it is rendered.
public struct Page: Sendable {
    /// Path inside `Content/`, e.g. `blog/first-post.de.md`; empty for a page made from data
    /// alone.
    public var sourcePath: String {
        get { fields.sourcePath }
        set { unique().sourcePath = newValue }
    }
    public var source: MarkdownSource {
        get { fields.source }
        set { unique().source = newValue }
    }
    public var language: String {
        get { fields.language }
        set { unique().language = newValue }
    }
    /// URL path relative to the site root, pretty and without a file name: `""` for the home
    /// page, `de/blog/first-post/` for a German post.
    public var urlPath: String {
        get { fields.urlPath }
        set { unique().urlPath = newValue }
    }
    /// Pages that are translations of each other share this key (`blog/first-post`).
    public var translationKey: String {
        get { fields.translationKey }
        set { unique().translationKey = newValue }
    }

    /// What the page is.
    public var kind: Kind {
        get { fields.kind }
        set { unique().kind = newValue }
    }

    /// The row of a query this page is made from (`rows:` in the front matter of a
    /// `[column].md` file), nil for any other page.
    public var row: PageRow? {
        get { fields.row }
        set { unique().row = newValue }
    }

    /// The page of its table this is when the page's table is too long for one
    /// (`queries.table_page_size`): 1 for the page itself, 2 for `page/2/` …; nil without one.
    public var tablePage: Int? {
        get { fields.tablePage }
        set { unique().tablePage = newValue }
    }

    /// The combination of the page's inputs' options this page shows (`PageVariant`); nil for
    /// a page without inputs. The base page has one too: every input at its default.
    public var variant: PageVariant? {
        get { fields.variant }
        set { unique().variant = newValue }
    }

    /// The page's values, in one box that copies of the page share until one of them is
    /// changed: a page is copied with one reference count, where its strings, front matter,
    /// row and variant each took their own. The stages between reading `Content/` and
    /// rendering run on one thread and copy every page several times (passing over the pages
    /// in a `for` loop copies each): at 10,000 pages, those copies were 30 ms of a 0.9 s build.
    private var fields: Fields

    public init(
        sourcePath: String, source: MarkdownSource, language: String, urlPath: String, translationKey: String, kind: Kind = .content,
        row: PageRow? = nil, tablePage: Int? = nil, variant: PageVariant? = nil
    ) {
        fields = Fields(
            sourcePath: sourcePath, source: source, language: language, urlPath: urlPath, translationKey: translationKey, kind: kind,
            row: row, tablePage: tablePage, variant: variant)
    }

    /// The box, made this page's own first when a copy shares it.
    private mutating func unique() -> Fields {
        if !isKnownUniquelyReferenced(&fields) { fields = fields.copy() }
        return fields
    }

    /// Changed only through `unique()`, when no other page holds it: shared, it is only read.
    private final class Fields: @unchecked Sendable {
        var sourcePath: String
        var source: MarkdownSource
        var language: String
        var urlPath: String
        var translationKey: String
        var kind: Kind
        var row: PageRow?
        var tablePage: Int?
        var variant: PageVariant?

        init(
            sourcePath: String, source: MarkdownSource, language: String, urlPath: String, translationKey: String, kind: Kind,
            row: PageRow?, tablePage: Int?, variant: PageVariant?
        ) {
            self.sourcePath = sourcePath
            self.source = source
            self.language = language
            self.urlPath = urlPath
            self.translationKey = translationKey
            self.kind = kind
            self.row = row
            self.tablePage = tablePage
            self.variant = variant
        }

        func copy() -> Fields {
            Fields(
                sourcePath: sourcePath, source: source, language: language, urlPath: urlPath, translationKey: translationKey,
                kind: kind, row: row, tablePage: tablePage, variant: variant)
        }
    }

    /// What rendering tells apart, and no more: where a page's text comes from and which
    /// template it takes unless it names one. What a page made from data shows (a person, a
    /// timeline, a list, an index) is its `layout` and the values made for it
    /// (`PageExtras`), not a kind of its own.
    public enum Kind: Sendable, Equatable {
        /// `Content/index.md` (or `index.de.md` …): a language's home page.
        case home
        /// Any other Markdown file of `Content/`, and each page made from a row of a query.
        case content
        /// A page made from data: a list of people or timelines (which may take its title and
        /// text from `Content/people.md` or `Content/scenarios.md`), a person, a timeline, an
        /// index of the people.
        case generated
        /// `Content/404.md`: the text of `404.html`, which is served at any depth.
        case notFound

        /// Whether the page is a Markdown file of `Content/` published as a page of its own:
        /// not the 404 text, which is `404.html`, nor a list page that takes its text from one.
        public var isMarkdownPage: Bool {
            switch self {
            case .home, .content: true
            case .generated, .notFound: false
            }
        }
    }

    /// Whether a file of `Content/` backs the page; pages made from data alone have none.
    public var hasSourceFile: Bool { !sourcePath.isEmpty }

    /// Where the page is written, relative to the output folder.
    public var outputPath: String { Routes.file(urlPath) }

    /// The page's title; a variant of a page with inputs adds the options it shows
    /// (`Gapminder — Asia, 1952`).
    public var title: String {
        let title = source.frontMatter.title ?? (variant?.baseKey ?? translationKey).lastPathPart.map(String.init) ?? ""
        guard let suffix = variant?.titleSuffix else { return title }
        return title + " — " + suffix
    }

    /// Whether the page is a variant of another (its inputs not all at their default): not a
    /// page of menus and feeds, which show the base page.
    public var isOtherVariant: Bool {
        variant.map { !$0.isBase } ?? false
    }

    /// For a page made from a row: which row, as a message says it (`for the row whose
    /// `country` is "Zimbabwe"`); nil for any other page. The column is the one the file's
    /// name asks for (`[country].md`).
    var rowNote: String? {
        guard let row else { return nil }
        let name = sourcePath.lastPathPart ?? ""
        guard let open = name.firstIndex(of: "["), let close = name.firstIndex(of: "]"), open < close else { return nil }
        let column = String(name[name.index(after: open)..<close])
        guard let value = row[column] else { return nil }
        return "for the row whose `\(column)` is \(ColumnNames.shortened(value.plainText))"
    }

    /// For a variant of a page with inputs: which options it shows, as a message says it
    /// (`with `continent` at "Asia"`); nil for the base page and any other page.
    var variantNote: String? {
        guard let variant, !variant.isBase else { return nil }
        let chosen = zip(variant.inputs, variant.chosen).filter { $0.defaultOption != $1 }
        return "with " + chosen.map { "`\($0.name)` at \(ColumnNames.shortened($0.options[$1].text))" }.joined(separator: " and ")
    }

    /// `error` told which row's page it is on, when this page is made from a row, and which
    /// options it shows, when it is a variant.
    func placing(_ error: any Error) -> any Error {
        let notes = [rowNote, variantNote].compactMap { $0 }
        guard !notes.isEmpty, var built = error as? BuildError else { return error }
        let note = notes.joined(separator: ", ")
        guard !built.message.contains(note) else { return error }
        built.message += " (\(note))"
        return built
    }
}

/// The row a page is made from: the columns of its query's result and this row's values.
public struct PageRow: Sendable, Hashable {
    public var columns: [Column]
    public var values: [TableValue]

    public init(columns: [Column], values: [TableValue]) {
        self.columns = columns
        self.values = values
    }

    public subscript(name: String) -> TableValue? {
        columns.firstIndex { $0.name == name }.map { values[$0] }
    }
}

/// A file of `Content/` that is copied as it is (images, PDFs, a `CNAME` …).
public struct StaticFile: Sendable {
    /// Path inside `Content/` and inside the output folder.
    public var path: String
}

import DataTables
import TextFormatting

/// A page of the site and where it goes in the output: a Markdown page of `Content/`, or a
/// page made from data (a person, a timeline, a list). How it is rendered is its `kind`; the
/// renderer switches over it, so a new kind does not build until it is rendered.
public struct Page: Sendable {
    /// Path inside `Content/`, e.g. `blog/first-post.de.md`; empty for a page made from data
    /// alone.
    public var sourcePath: String
    public var source: MarkdownSource
    public var language: String
    /// URL path relative to the site root, pretty and without a file name: `""` for the home
    /// page, `de/blog/first-post/` for a German post.
    public var urlPath: String
    /// Pages that are translations of each other share this key (`blog/first-post`).
    public var translationKey: String

    /// What the page is.
    public var kind: Kind = .content

    /// The row of a query this page is made from (`rows:` in the front matter of a
    /// `[column].md` file), nil for any other page.
    public var row: PageRow?

    /// The page of its table this is when the page's table is too long for one
    /// (`queries.table_page_size`): 1 for the page itself, 2 for `page/2/` …; nil without one.
    public var tablePage: Int?

    /// The combination of the page's inputs' options this page shows (`PageVariant`); nil for
    /// a page without inputs. The base page has one too: every input at its default.
    public var variant: PageVariant?

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

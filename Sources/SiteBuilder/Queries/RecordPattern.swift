import Foundation

/// The page that stands for every record's page of a family (`Content/missions/[name].md`, or a
/// built-in source's `people/[slug]`), and the one rule by which a record's page is made: its
/// address and translation key are the pattern's with the record's part (`[name]`) replaced by
/// the record's slug; a pattern written in `Content/` gives each page its record as `row`, and
/// the front matter's texts that read it (`title: "{{row.name}}"`) filled from it. A
/// `[column].md` file's rows and the built-in sources' records are made by it alike.
struct RecordPattern: Sendable {
    /// The page every record's page starts as: its front matter, text, language and layout.
    let page: Page
    /// The bracketed part of the address and key that each record's slug replaces: `[name]`.
    let part: String
    /// The texts of the front matter that read the row.
    private let filled: RowFrontMatter
    private let pack: LanguagePack
    private let now: Date
    private let timeZone: TimeZone
    /// The pattern's address and key split at the part, so that a record's are one join (a
    /// person's page was four allocations a string, replacing the part each time).
    private let urlPieces: [String]
    private let keyPieces: [String]

    /// The pattern of `page`, a page of `Content/` whose front matter's texts may read the row
    /// (a mistake in one names its key and line), or a page made from data alone.
    init(page: Page, part: String, config: SiteConfig, now: Date) throws {
        self.page = page
        self.part = part
        filled = page.hasSourceFile ? try RowFrontMatter(page.source.frontMatter, file: "Content/" + page.sourcePath) : .none
        pack = config.pack(for: page.language)
        self.now = now
        timeZone = config.timeZone
        urlPieces = Self.pieces(of: page.urlPath, around: part)
        keyPieces = Self.pieces(of: page.translationKey, around: part)
    }

    /// `text` split at every `part`, compared byte for byte, left to right and without
    /// overlaps (as `replacingEvery` replaces): joined with a slug, it is `text` with `part`
    /// replaced by the slug.
    static func pieces(of text: String, around part: String) -> [String] {
        let bytes = Array(text.utf8)
        let key = Array(part.utf8)
        guard !key.isEmpty else { return [text] }
        var pieces: [String] = []
        var start = 0
        var index = 0
        while index + key.count <= bytes.count {
            if bytes[index..<index + key.count].elementsEqual(key) {
                pieces.append(String(decoding: bytes[start..<index], as: UTF8.self))
                index += key.count
                start = index
            } else {
                index += 1
            }
        }
        pieces.append(String(decoding: bytes[start...], as: UTF8.self))
        return pieces
    }

    /// Whether each record's page carries its row: a pattern of `Content/`, whose text and
    /// front matter may read it. A built-in one's pages show their values alone, and 100,000
    /// people's rows are not held for nothing.
    var carriesRows: Bool { page.hasSourceFile }

    /// The page of the record whose slug is `slug`, titled `title` unless the front matter
    /// gives a title; `row` is asked for only when the page carries it. The address and key
    /// are the pattern's pieces joined by the slug, byte for byte: the standard library's
    /// `replacing` cost as much as making the row's page.
    func page(_ slug: String, title: String, row: () -> PageRow) -> Page {
        // Made in one step from the pattern's values: a copy of the pattern changed field by
        // field copied all its values first, and the changed ones again.
        var source = page.source
        var carried: PageRow?
        if carriesRows {
            let row = row()
            carried = row
            if !filled.isEmpty {
                let values = PageQueries.rowValue(row, pack: pack, now: now, timeZone: timeZone, reading: filled.columns)
                filled.fill(&source.frontMatter, row: values)
            }
        }
        if source.frontMatter.title == nil { source.frontMatter.title = title }
        return Page(
            sourcePath: page.sourcePath, source: source, language: page.language,
            urlPath: urlPieces.count == 1 ? urlPieces[0] : urlPieces.joined(separator: slug),
            translationKey: keyPieces.count == 1 ? keyPieces[0] : keyPieces.joined(separator: slug), kind: page.kind,
            row: carried ?? page.row, tablePage: page.tablePage, variant: page.variant)
    }
}

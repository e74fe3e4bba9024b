import Foundation
import TemplateEngine
import TextFormatting

/// A table of a query's result as `block-table.mustache` shows it: headers, the rows of this
/// page as text in the page's language, the links of a row's own page, and the page
/// navigation of a long result.
struct TableBlockView: TemplateView {
    struct Header: TemplateView, Hashable {
        let label: String
        /// Right-aligned, in tabular figures.
        let numeric: Bool
    }

    struct Cell: TemplateView {
        let text: String
        /// What the table script orders by, when it is not the text (numbers, dates; "" for
        /// an empty cell, which the en dash of its text would not say).
        // `false` where there is none: a cell's template then never looks for `sortKey` or
        // `href` in the table around it (a look through every enclosing context, twice a
        // cell, was a tenth of a report's build).
        @OrFalse var sortKey: String?
        /// The row's own page, as a link from the table's page (`Relativiser.shortestLink`).
        @OrFalse var link: String?
        let numeric: Bool
        /// A date or an instant: kept on one line.
        let date: Bool
        /// A picture of the value, markup the build wrote (a sparkline's SVG), shown instead
        /// of `text`, which it names for assistive technology.
        @OrFalse var picture: String? = nil

        enum CodingKeys: String, CodingKey {
            case text, sortKey, numeric, date, picture
            case link = "href"
        }
    }

    struct Row: TemplateView {
        let cells: [Cell]
    }

    struct Download: TemplateView, Hashable {
        /// `CSV` or `JSON`.
        let kind: String
        @LinkPath var href: String

        /// `kind`: `csv` or `json`.
        init(kind: String, href: String) {
            self.kind = kind.uppercased()
            self.href = href
        }
    }

    let id: String
    let caption: String?
    let columns: [Header]
    var rows: [Row]
    let pagination: PaginationView?
    let downloads: [Download]
    let hasDownloads: Bool
    let filterLabel: String
    let downloadLabel: String
    /// Whether the table script sorts it: not a table split into pages.
    let sortable: Bool
    /// Whether the table script offers its filter: for more rows than one takes in at a glance.
    let filterable: Bool
    /// The search of the pages made from the rows, for a table split into pages.
    let search: SearchBoxView?

    init(
        id: String, caption: String?, columns: [Header], rows: [[Cell]], pagination: PaginationView?, downloads: [Download],
        filterLabel: String, downloadLabel: String, sortable: Bool, filterable: Bool, search: SearchBoxView?
    ) {
        self.id = id
        self.caption = caption
        self.columns = columns
        self.rows = rows.map(Row.init)
        self.pagination = pagination
        self.downloads = downloads
        hasDownloads = !downloads.isEmpty
        self.filterLabel = filterLabel
        self.downloadLabel = downloadLabel
        self.sortable = sortable
        self.filterable = filterable
        self.search = search
    }

    /// The table's value without its rows, for a render that writes them (`rowsHTML`).
    var templateValueWithoutRows: TemplateValue {
        var frame = self
        frame.rows = []
        return frame.templateValue
    }
}

extension TableBlockView {
    /// All of the table but its rows, with what else its block is rendered with: equal
    /// frames render equal blocks around their rows (`TableFrames`). Nil for a table split
    /// into pages or with a search box, whose partials are not held to that.
    struct Frame: Hashable {
        let id: String
        let caption: String?
        let columns: [Header]
        let downloads: [Download]
        let filterLabel: String
        let downloadLabel: String
        let sortable: Bool
        let filterable: Bool
        let language: String
        let root: String
    }

    func frame(language: String, root: String) -> Frame? {
        guard pagination == nil, search == nil else { return nil }
        return Frame(
            id: id, caption: caption, columns: columns, downloads: downloads, filterLabel: filterLabel, downloadLabel: downloadLabel,
            sortable: sortable, filterable: filterable, language: language, root: root)
    }

    /// The template of a table's rows, a partial of `block-table`.
    static let rowsTemplate = "table-rows"

    /// The rows as the built-in `table-rows.mustache` writes them, byte for byte, but without
    /// a template value for each cell: a report of 10,000 pages made from rows shows 850,000
    /// cells, and making each a value and rendering it was two fifths of its build. The
    /// build writes them so while the site keeps the built-in template; a site that replaces
    /// it gets its own, rendered from `rows`. `TableRowsTests` holds the two to the same bytes.
    func rowsHTML() -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(rows.count * (rows.first?.cells.count ?? 0) * 48)
        for row in rows {
            output.append(contentsOf: "<tr>".utf8)
            for cell in row.cells {
                output.append(contentsOf: "<td".utf8)
                if cell.numeric { output.append(contentsOf: #" class="num""#.utf8) }
                if cell.date { output.append(contentsOf: #" class="date""#.utf8) }
                if let sortKey = cell.sortKey {
                    output.append(contentsOf: #" data-sort=""#.utf8)
                    Self.appendEscaped(sortKey, to: &output)
                    output.append(UInt8(ascii: "\""))
                }
                output.append(UInt8(ascii: ">"))
                if let picture = cell.picture {
                    output.append(contentsOf: picture.utf8)
                } else if let link = cell.link {
                    output.append(contentsOf: #"<a href=""#.utf8)
                    Self.appendEscaped(link, to: &output)
                    output.append(contentsOf: #"">"#.utf8)
                    Self.appendEscaped(cell.text, to: &output)
                    output.append(contentsOf: "</a>".utf8)
                } else {
                    Self.appendEscaped(cell.text, to: &output)
                }
                output.append(contentsOf: "</td>".utf8)
            }
            output.append(contentsOf: "</tr>\n".utf8)
        }
        return output
    }

    private static func appendEscaped(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { HTMLEscaping.append($0, to: &output) }
    }
}

/// A key figure as `block-value.mustache` shows it: its text in the page's language, a
/// counter that counts up to it (when its text is the counter's), and how it compares.
struct ValueBlockView: TemplateView {
    /// A change against another value, in words and an arrow, never in colour alone.
    struct Comparison: TemplateView {
        let arrow: String
        let text: String
        let direction: String

        init?(value: Double?, other: Double?, otherLabel: String, pack: LanguagePack, now: Date, timeZone: TimeZone) {
            guard let value, let other else { return nil }
            let labels = pack.labels
            if value == other {
                (arrow, direction) = ("=", "same")
                text = labels.sameAs.replacingEvery("<OTHER>", with: otherLabel)
                return
            }
            let change: String
            if other != 0 {
                change = pack.text(
                    of: .real(abs(value - other) / abs(other)), as: ValueFormat(.percent(places: 0)), now: now, timeZone: timeZone)
            } else {
                change = pack.text(of: .real(abs(value - other)), as: nil, now: now, timeZone: timeZone)
            }
            let higher = value > other
            (arrow, direction) = higher ? ("▲", "up") : ("▼", "down")
            text = (higher ? labels.higherThan : labels.lowerThan).replacingEvery("<CHANGE>", with: change).replacingEvery(
                "<OTHER>", with: otherLabel)
        }

    }

    let text: String
    let label: String
    let counter: CounterView?
    let comparison: Comparison?
}

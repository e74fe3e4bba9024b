import TemplateEngine
import TextFormatting

/// A chart as `block-chart.mustache` shows it: its SVG in two frames (the wide one, and the
/// narrow one a phone shows), its legend, its caption, and its data as a table under it.
/// A sparkline is one small SVG in a line of text.
struct ChartBlockView: TemplateView {
    struct LegendEntry: TemplateView {
        /// A small SVG of the series's mark (`Chart.swatch`).
        let swatch: String
        let name: String
    }

    struct Cell: TemplateView {
        let text: String
        let numeric: Bool
    }

    /// The PNG as a feed entry's `<img>` shows it: at the document's size (its pixels are
    /// twice that, sharp on any screen), from an absolute address.
    struct FeedImage: TemplateView {
        let src: String
        let alt: String
        let width: String
        let height: String

        init(_ png: ChartPNG, at address: String) {
            src = address
            alt = png.alt
            width = String(Int((Double(png.width) / ChartPNG.scale).rounded()))
            height = String(Int((Double(png.height) / ChartPNG.scale).rounded()))
        }
    }

    let id: String
    let kind: String
    @OrFalse var caption: String?
    /// The SVGs, written by the chart engine: markup, not text.
    let wide: String
    let narrow: String
    let sparkline: Bool
    let legend: [LegendEntry]
    let hasLegend: Bool
    /// The data table: its headers, then its rows as HTML (`{{{rows}}}`), each row's first
    /// cell its header (`rowsHTML`): a chart of 500 points has 500 rows, and each page of a
    /// report made from rows may have one, too many to make into template values.
    let headers: [Cell]
    let rows: String
    let dataLabel: String
    /// What the data table says of itself: that rows were added up into one bar.
    @OrFalse var note: String?
    /// The chart as a PNG of its own (`chart_images:`), which feeds show in place of the SVG.
    @Omitted var png: ChartPNG?
    /// The PNG in a feed entry: set only when the chart is written for a feed; false where
    /// there is none, not looked up in the page around the block.
    @OrFalse var image: FeedImage?

    init(
        id: String, kind: String, caption: String?, wide: String, narrow: String, sparkline: Bool, legend: [LegendEntry],
        headers: [Cell], rows: String, dataLabel: String
    ) {
        self.id = id
        self.kind = kind
        self.caption = caption
        self.wide = wide
        self.narrow = narrow
        self.sparkline = sparkline
        self.legend = legend
        hasLegend = !legend.isEmpty
        self.headers = headers
        self.rows = rows
        self.dataLabel = dataLabel
    }

    /// Rows of the data table as HTML: a header cell (the x value, escaped) and the cells
    /// `cells` writes for the row (`cell(_:to:)` each).
    static func rowsHTML(count: Int, header: (Int) -> String, cells: (Int, inout [UInt8]) -> Void) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(count * 64)
        for row in 0..<count {
            // A header cell before data cells is its row's header (HTML's "auto" scope), the
            // style sheet sets the data cells' alignment, and the end tags HTML leaves
            // optional are left out: a row is about half the bytes it would be.
            append("<tr><th>", to: &output)
            var text = header(row)
            text.withUTF8 { HTMLEscaping.append($0, to: &output) }
            // No line break between rows: without end tags it would be the last cell's text.
            cells(row, &output)
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// A tag's bytes, read in place (a static array would be retained at every row).
    private static func append(_ tag: StaticString, to output: inout [UInt8]) {
        output.append(contentsOf: UnsafeBufferPointer(start: tag.utf8Start, count: tag.utf8CodeUnitCount))
    }

    /// A number cell, its HTML text written by `write`.
    static func cell(to output: inout [UInt8], _ write: (inout [UInt8]) -> Void) {
        append("<td>", to: &output)
        write(&output)
    }
}

/// A chart as a PNG file of its own: the SVG document librsvg renders (`ChartDocument`: the
/// wide frame under the title and legend, on white) and where the file goes, named after
/// the document's digest, so that a chart that did not change is not rendered again
/// (`ChartPNGFiles`) and a feed reader's cache stays right.
struct ChartPNG: Sendable, Hashable {
    /// The document, in the chart's own units.
    let document: String
    /// The file's path under the site's root: `assets/charts/`, 16 hex digits of the
    /// document's SHA-256 and `.png`.
    let path: String
    /// What the picture shows, for `alt`: the chart's summary.
    let alt: String
    /// The PNG's size in pixels: `scale` times the document's.
    let width: Int
    let height: Int

    /// Pixels a unit of the document: 672 units become 1,344 pixels, sharp on a phone and
    /// wider than the 1,200 share previews ask for.
    static let scale = 2.0

    init(document: (text: String, width: Double, height: Double), alt: String) {
        self.document = document.text
        self.alt = alt
        path = "assets/charts/" + BuildDigest { $0.add(document.text) }.hex.prefix(16) + ".png"
        width = Int((document.width * Self.scale).rounded())
        height = Int((document.height * Self.scale).rounded())
    }
}

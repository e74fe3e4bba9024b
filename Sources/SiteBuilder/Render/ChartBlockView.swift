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

        var templateValue: TemplateValue { .map(["swatch": .string(swatch), "name": .string(name)]) }
    }

    struct Cell: TemplateView {
        let text: String
        let numeric: Bool

        var templateValue: TemplateValue { .map(["text": .string(text), "numeric": .bool(numeric)]) }
    }

    let id: String
    let kind: String
    let caption: String?
    /// The SVGs, written by the chart engine: markup, not text.
    let wide: String
    let narrow: String
    let sparkline: Bool
    let legend: [LegendEntry]
    /// The data table: its headers, then its rows as HTML (`{{{rows}}}`), each row's first
    /// cell its header (`rowsHTML`): a chart of 500 points has 500 rows, and each page of a
    /// report made from rows may have one, too many to make into template values.
    let headers: [Cell]
    let rows: String
    let dataLabel: String

    var templateValue: TemplateValue {
        var map = TemplateMap([
            "id": .string(id), "kind": .string(kind), "wide": .string(wide), "narrow": .string(narrow), "sparkline": .bool(sparkline),
            "legend": legend.templateValue, "hasLegend": .bool(!legend.isEmpty), "headers": headers.templateValue,
            "rows": .string(rows), "dataLabel": .string(dataLabel),
        ])
        map.add("caption", orFalse: caption)
        return map.templateValue
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

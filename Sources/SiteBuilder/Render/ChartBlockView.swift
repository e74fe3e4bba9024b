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
    /// The data table: its headers, then its rows, the first cell of each its x value.
    let headers: [Cell]
    let rows: [[Cell]]
    let dataLabel: String

    var templateValue: TemplateValue {
        var map = TemplateMap([
            "id": .string(id), "kind": .string(kind), "wide": .string(wide), "narrow": .string(narrow), "sparkline": .bool(sparkline),
            "legend": legend.templateValue, "hasLegend": .bool(!legend.isEmpty), "headers": headers.templateValue,
            "rows": .string(rowsHTML()), "dataLabel": .string(dataLabel),
        ])
        map.add("caption", orFalse: caption)
        return map.templateValue
    }

    /// The data table's rows as HTML (`{{{rows}}}`): a chart of 500 points has 500 rows, and
    /// a page per row of a report may each have one, too many to make into template values.
    /// The first cell of a row is its header.
    func rowsHTML() -> String {
        var output: [UInt8] = []
        output.reserveCapacity(rows.count * 64)
        for row in rows {
            output += "<tr>".utf8
            for (index, cell) in row.enumerated() {
                output += (index == 0 ? #"<th scope="row""# : "<td").utf8
                if cell.numeric { output += #" class="num""#.utf8 }
                output.append(UInt8(ascii: ">"))
                var text = cell.text
                text.withUTF8 { HTMLEscaping.append($0, to: &output) }
                output += (index == 0 ? "</th>" : "</td>").utf8
            }
            output += "</tr>\n".utf8
        }
        return String(decoding: output, as: UTF8.self)
    }
}

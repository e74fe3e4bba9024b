import Charts
import DataTables
import Foundation
import TextFormatting

/// Small multiples: `facet=COLUMN` draws one panel of the chart for each value of a column, in
/// the order the rows first name them, each panel titled with its value:
///
///     ```ttsite chart kind=line data=gdp x=year y=gdp_per_capita series=country facet=continent columns=3
///     ```
///
/// - The panels share their scales (`Chart.sharingScales`), so that their marks compare;
///   `facet.scales=free` gives each panel the scales of its own values.
/// - `columns=` panels side by side on a wide screen (3 by default, 1 to 6); a phone shows one
///   panel under another, each in the narrow frame.
/// - A series keeps its colour in every panel, and the legend is the chart's; the data table
///   stays one table, a row for each row of each panel, headed by the panel's value.
extension DataBlocks {
    static let chartFacetArguments = ["facet", "facet.scales", "columns"]

    /// The panels of a chart, made as the whole chart is made.
    struct ChartPanels {
        /// The column whose values split the chart.
        var column: Int
        /// The panels' values, each with its rows.
        var groups: [(name: String, table: Table)]
        var shared: Bool
        var columns: Int
    }

    /// What `facet=`, `facet.scales=` and `columns=` ask for; nil where the chart has no facets.
    func chartPanels(
        _ arguments: [String: String], kind: Chart.Kind, table: Table, column: (String) throws -> Int, pack: LanguagePack,
        fail: (String) -> BuildError
    ) throws -> ChartPanels? {
        guard let name = arguments["facet"] else {
            for argument in ["facet.scales", "columns"] where arguments[argument] != nil {
                throw fail("`\(argument)=` is for a chart split into panels by `facet=COLUMN`")
            }
            return nil
        }
        guard kind != .histogram else { throw fail("a histogram's bins are one chart: `facet=` is for the other kinds") }
        guard arguments["label"] == nil else {
            throw fail("`facet=` heads the data table's rows with each panel's value: name a scatter's points (`label=`) without it")
        }
        let index = try column(name)
        var shared = true
        if let scales = arguments["facet.scales"] {
            guard scales == "shared" || scales == "free" else {
                throw fail("`facet.scales` must be `shared` (the panels' axes alike) or `free` (each its own), found `\(scales)`")
            }
            shared = scales == "shared"
        }
        var columns = 3
        if let text = arguments["columns"] {
            guard let count = Int(text), (1...6).contains(count) else {
                throw fail("`columns` must be how many panels stand side by side, from 1 to 6, found `\(text)`")
            }
            columns = count
        }
        // The rows of each value, in the order the rows first name them; a row without one
        // is in no panel.
        let format = ColumnFormat.format(table.columns[index], values: table.rows.lazy.map { $0[index] })
        var order: [String] = []
        var rows: [String: [[TableValue]]] = [:]
        for row in table.rows where row[index] != .null {
            let value = pack.text(of: row[index], as: format, now: now, timeZone: config.timeZone)
            if rows[value] == nil { order.append(value) }
            rows[value, default: []].append(row)
        }
        guard order.count <= 100 else {
            throw fail("`facet=\(name)` would draw \(order.count) panels; a chart of more than 100 is no chart: show fewer, or a table")
        }
        let groups = order.map { value in
            var part = table
            part.rows = rows[value]!
            return (name: value, table: part)
        }
        return ChartPanels(column: index, groups: groups, shared: shared, columns: columns)
    }

    /// The panels as HTML: a grid of figures, each its value over its chart's two frames.
    static func panelsHTML(_ panels: [(name: String, wide: String, narrow: String)], columns: Int) -> String {
        var html: [UInt8] = []
        html += #"<div class="chart-panels" style="--columns:"#.utf8
        html += String(columns).utf8
        html += #"">"#.utf8
        for panel in panels {
            html += #"<div class="chart-panel"><p class="chart-panel-title">"#.utf8
            var name = panel.name
            name.withUTF8 { HTMLEscaping.append($0, to: &html) }
            html += #"</p>"#.utf8
            html += panel.wide.utf8
            html += panel.narrow.utf8
            html += "</div>".utf8
        }
        html += "</div>".utf8
        return String(decoding: html, as: UTF8.self)
    }
}

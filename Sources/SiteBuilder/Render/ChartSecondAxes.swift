import Charts
import DataTables
import Foundation

/// A `chart` block's line on a second value axis, `y2=COLUMN`: columns of revenue with a line of
/// orders, each on its own scale, only where the author asks for it.
///
///     ```ttsite chart kind=column data=monthly x=month y=revenue y2=orders
///     ```
///
/// For `column`, `line`, `step` and `area` charts of rows that are each an x value (no
/// `series=`, no `facet=`); its column's `label.` and `format.` name its axis and write its
/// ticks, the legend calls it "Orders (right axis)" (the left one, right to left), and the data
/// table and the summary give its values in its format.
extension DataBlocks {
    static let chartSecondAxisArguments = ["y2"]

    /// The second axis `arguments` ask for, its name in the legend and its values' writing in
    /// the data table; nil without `y2=`.
    func chartSecondAxis(
        _ arguments: [String: String], kind: Chart.Kind, table: Table, x: Int?, ys: [Int], seriesColumn: Int?,
        column: (String) throws -> Int, format: (String) throws -> ValueFormat?, label: (String) -> String, held: Pack,
        fail: (String) -> BuildError
    ) throws -> (axis: Chart.SecondAxis, legendName: String, html: LanguagePack.NumberHTML)? {
        guard let name = arguments["y2"] else { return nil }
        guard [.column, .line, .step, .area].contains(kind) else {
            throw fail(
                "`y2=` draws a line on a second axis beside `column`, `line`, `step` and `area` charts, and this is `\(kind.rawValue)`")
        }
        guard seriesColumn == nil, arguments["facet"] == nil else {
            throw fail("`y2=` draws a value of each row on a second axis: it takes no `\(seriesColumn != nil ? "series" : "facet")=`")
        }
        if arguments["labels"] == "end" { throw fail("`y2=`'s line is named in the legend: it takes no `labels=end`") }
        let index = try column(name)
        guard table.columns[index].type.isNumeric else {
            throw fail("`y2=\(name)` must be a column of numbers, and it holds \(table.columns[index].type)")
        }
        if ys.contains(index) { throw fail("`y2=\(name)` is one of the `y=` columns already: a column has one axis") }
        guard let x else { return nil }
        let pack = held.pack
        let timeZone = config.timeZone
        let values = table.rows.filter { $0[x] != .null }.map { pack.number(of: $0[index]) }
        let given = try format(name)
        let written = given ?? ValueFormat(.decimal(places: nil))
        let text: @Sendable (Double) -> String = { held.pack.text(of: .real($0), as: written, now: now, timeZone: timeZone) }
        var axis = Chart.SecondAxis(series: Chart.Series(name: label(name), values: values), label: text, title: label(name))
        axis.tickLabels = tickLabels(format: given, held: held)
        let legendName = (pack.labels.chart.secondAxis ?? "<SERIES> (right axis)").replacingEvery("<SERIES>", with: label(name))
        axis.legendName = legendName
        return (axis, legendName, LanguagePack.NumberHTML(pack, format: written, text: text))
    }
}

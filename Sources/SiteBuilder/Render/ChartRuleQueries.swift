import Charts
import DataTables
import Foundation

/// A chart's rules drawn from a query's rows (`rules=NAME`), where they change with the data
/// (this year's target, the days a site was down):
///
///     ```ttsite query targets
///     SELECT target AS y, 'Target ' || year AS label FROM goals WHERE year = :year
///     ```
///     ```ttsite chart kind=line data=sales x=day y=total rules=targets
///     ```
///
/// The query's column `y` holds the values of rules across the plot (numbers), or its column
/// `x` the places of rules up it (values like the chart's x column's); a `label` column, if
/// any, names each. A row without a value draws no rule, and the build says so.
extension DataBlocks {
    static let chartRuleQueryArguments = ["rules"]

    func chartRules(
        from query: String, page: Page, x: ChartXAxis, logY: Bool, pack: LanguagePack, xText: (TableValue) -> String,
        valueText: (Double) -> String, fail: (String) -> BuildError, warn: (String) -> Void
    ) throws -> [ChartMark] {
        let results = results.results(of: page)
        guard let table = results[query] else {
            let known = results.keys.sorted().map { "`\($0)`" }.joined(separator: ", ")
            throw fail(
                "`rules=\(query)`: no query named `\(query)` for this page (a ```` ```ttsite query \(query) ```` block on the page, "
                    + "or `queries/\(query).sql`)\(known.isEmpty ? "" : "; the page has \(known)")")
        }
        let names = table.columns.map(\.name)
        let shape = "its rules' places in a column `y` (across the plot) or `x` (up it), and their names in `label` if any"
        let axes = ["y", "x"].filter(names.contains)
        guard axes.count == 1, let axis = axes.first else {
            throw fail(
                "`rules=\(query)`: the query gives \(shape); it has \(axes.count == 2 ? "both" : "neither"): "
                    + names.map { "`\($0)`" }.joined(separator: ", "))
        }
        let along: Chart.Annotation.Along = axis == "x" ? .x : .values
        let column = names.firstIndex(of: axis)!
        let labelColumn = names.firstIndex(of: "label")
        if along == .values && !table.columns[column].type.isNumeric {
            throw fail(
                "`rules=\(query)`: its column `y` holds the values of rules across the plot, numbers; "
                    + "it holds \(table.columns[column].type)"
            )
        }
        var marks: [ChartMark] = []
        var empty = 0
        for (number, row) in table.rows.enumerated() {
            let value = row[column]
            let label = labelColumn.flatMap {
                row[$0] == .null ? nil : pack.text(of: row[$0], as: nil, now: now, timeZone: config.timeZone)
            }
            if value == .null {
                empty += 1
                continue
            }
            let place: (place: Chart.Annotation.Place, text: String, value: Double?)
            if along == .values {
                let number: Double
                switch value {
                case .integer(let whole): number = Double(whole)
                case .real(let read) where read.isFinite: number = read
                default:
                    empty += 1
                    continue
                }
                place = (.number(number), valueText(number), number)
            } else {
                guard let read = ruleX(value, x: x, xText: xText) else {
                    throw fail(
                        "`rules=\(query)`: row \(number + 1)'s `x`, "
                            + "`\(pack.text(of: value, as: nil, now: now, timeZone: config.timeZone))`, "
                            + "must be \(Self.xValueNoun(x))")
                }
                if case .category = read.place, !Self.isXValue(read.place, of: x) {
                    throw fail(
                        "`rules=\(query)`: row \(number + 1)'s `x`, `\(read.text)`, is none of the chart's x values "
                            + "(\(x.texts.prefix(5).map { "`\($0)`" }.joined(separator: ", "))\(x.texts.count > 5 ? " …" : ""))")
                }
                place = (read.place, read.text, nil)
            }
            if logY, let rule = place.value, rule <= 0 {
                throw fail("`rules=\(query)`: a logarithmic axis has no place for \(place.text): its values are above 0")
            }
            marks.append(
                ChartMark(
                    annotation: Chart.Annotation(along: along, from: place.place, label: label), texts: [place.text], value: place.value))
        }
        if empty > 0 {
            warn(
                "`rules=\(query)`: \(empty) of its \(table.rows.count) rows \(empty == 1 ? "has" : "have") no number in `\(axis)`, "
                    + "and \(empty == 1 ? "draws" : "draw") no rule"
            )
        }
        return marks
    }

    /// A rule's x value from a query: of the x column's type, or text that reads as one.
    private func ruleX(_ value: TableValue, x: ChartXAxis, xText: (TableValue) -> String)
        -> (place: Chart.Annotation.Place, text: String)?
    {
        switch (value, x.type) {
        case (.text(let text), .integer?), (.text(let text), .real?), (.text(let text), .date?), (.text(let text), .dateTime?),
            (.text(let text), nil):
            guard let read = readX(text, x: x, xText: xText) else { return nil }
            return read
        case (.integer, .text?), (.real, .text?), (.date, .text?), (.dateTime, .text?):
            return xPlace(of: .text(xText(value)), x: x, xText: xText)
        case (.dateTime, .date?), (.date, .dateTime?), (.date, .integer?), (.date, .real?), (.dateTime, .integer?), (.dateTime, .real?),
            (.integer, .date?), (.integer, .dateTime?), (.real, .date?), (.real, .dateTime?):
            return nil
        default:
            return xPlace(of: value, x: x, xText: xText)
        }
    }
}

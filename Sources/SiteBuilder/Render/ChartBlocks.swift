import Charts
import CivilTime
import DataTables
import Foundation
import TextFormatting

/// The `chart` report block: a query's result drawn at build time (`Charts`), with a legend,
/// its data as a table under it, and a summary assistive technology reads:
///
///     ```ttsite chart kind=line data=sales x=month y=total series=region label.total="Sales" format.total=compact
///     ```
///
/// Each argument and what it says:
///
/// - `kind=`: `line`, `area`, `bar` (horizontal), `column`, `scatter`, `histogram` or `sparkline`
/// - `data=`: the query
/// - `x=`: the column along x: dates and times make a time axis, numbers a linear one, text
///   categories (not for `histogram` and `sparkline`)
/// - `y=`: the column of values, or several (`y=planned,actual`), one series each
/// - `series=`: a column whose values name the series, for a result with one row per x and
///   series (with one `y=`)
/// - `layout=`: `grouped` (the default) or `stacked`, for several series of bars or columns
/// - `log=`: `y`, `x` or `x,y`: a logarithmic axis (`line` and `scatter`)
/// - `title=`, `caption=`: the chart's name (for assistive technology; shown when there is no
///   caption) and the text over it
/// - `label.COLUMN=`, `format.COLUMN=`: a column's name and format, as in tables: the axes'
///   titles and labels, the legend, the data table
extension DataBlocks {
    static let chartArguments = ["data", "kind", "x", "y", "series", "layout", "log", "title", "caption", "bins", "step", "size"]
    static let chartKinds = Chart.Kind.allCases.map(\.rawValue) + ["sparkline"]
    /// What a block sets of a chart beyond its data and kind: its axes, rules, texts, colours,
    /// panels and second axis. A sparkline takes none of them.
    static let chartSettingArguments =
        chartSecondAxisArguments + chartAxisArguments + chartMarkArguments + chartRuleQueryArguments + chartLabelArguments
        + chartColorArguments + chartFacetArguments

    /// A result's columns and rows as a chart's x values and series.
    struct Plotted {
        var domain: Chart.Domain
        /// The x values as the data table writes them.
        var xTexts: [String]
        var series: [Chart.Series]
        /// Bars of one x and series made of several rows, added up.
        var summed = false
    }

    func chartView(
        _ table: Table, name: String, arguments: [String: String], page: Page, pack held: Pack, line: Int,
        styles: SeriesStyles = SeriesStyles(), fail: (String) -> BuildError, warn: (String) -> Void = { _ in }
    ) throws -> ChartBlockView {
        let allowed = Self.chartArguments + Self.chartSettingArguments
        for key in arguments.keys.sorted()
        where !allowed.contains(key) && !key.hasPrefix("label.") && !key.hasPrefix("format.") && !key.hasPrefix("color.") {
            throw fail(
                "`chart` takes \(allowed.map { "`\($0)=`" }.joined(separator: ", ")), "
                    + "`label.COLUMN=`, `format.COLUMN=`, `format.axis.COLUMN=` and `color.SERIES=`, found `\(key)`"
            )
        }
        let kinds = Self.chartKinds.map { "`\($0)`" }.joined(separator: ", ")
        guard let kindName = arguments["kind"] else { throw fail("`chart` needs `kind=`, one of \(kinds)") }
        guard Self.chartKinds.contains(kindName) else { throw fail("there is no chart kind `\(kindName)`; the kinds are \(kinds)") }
        let sparkline = kindName == "sparkline"
        let kind = Chart.Kind(rawValue: kindName) ?? .line
        let names = table.columns.map(\.name)
        func column(_ column: String) throws -> Int {
            guard let index = names.firstIndex(of: column) else { throw fail(Self.noColumn(column, of: name, names)) }
            return index
        }
        for key in arguments.keys where key.hasPrefix("label.") || key.hasPrefix("format.") {
            let named = String(key.drop { $0 != "." }.dropFirst())
            _ = try column(key.hasPrefix("format.axis.") && !names.contains(named) ? String(named.dropFirst("axis.".count)) : named)
        }
        func format(_ column: String) throws -> ValueFormat? {
            do { return try arguments["format." + column].map(ValueFormat.init(parsing:)) } catch {
                throw fail("`format.\(column)`: \(error)")
            }
        }
        func label(_ column: String) -> String { arguments["label." + column] ?? column }

        // The values: numbers, one column a series.
        let yNames = (arguments["y"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !yNames.isEmpty else {
            throw fail(
                "`chart` needs `y=`, the column of its values (or several, `y=a,b`); "
                    + "\(name) has \(names.map { "`\($0)`" }.joined(separator: ", "))"
            )
        }
        let ys = try yNames.map(column)
        for index in ys where !table.columns[index].type.isNumeric {
            throw fail("`y=\(names[index])` must be a column of numbers, and it holds \(table.columns[index].type)")
        }
        let onlyOne = kind == .histogram || sparkline
        if onlyOne {
            guard ys.count == 1 else { throw fail("`\(kindName)` draws one column, `y=\(yNames[0])`, found `y=\(arguments["y"]!)`") }
            for argument in ["x", "series", "layout"] where arguments[argument] != nil {
                throw fail("`\(kindName)` draws the values of `y=` alone and takes no `\(argument)=`")
            }
        }
        if sparkline,
            let argument =
                Self.chartSettingArguments.first(where: { arguments[$0] != nil })
                ?? arguments.keys.sorted().first(where: { $0.hasPrefix("color.") })
        {
            throw fail("a sparkline is a line without axes, and takes no `\(argument)=`")
        }
        for argument in ["bins", "step"] where arguments[argument] != nil && kind != .histogram {
            throw fail("`\(argument)=` is for `histogram` charts, and this is `\(kindName)`")
        }
        var binCount: Int?
        var binStep: Double?
        if let text = arguments["bins"] {
            guard let count = Int(text), (1...1000).contains(count) else {
                throw fail("`bins` must be a number of bins from 1 to 1000, found `\(text)`")
            }
            binCount = count
        }
        if let text = arguments["step"] {
            guard let step = Double(text), step > 0, step.isFinite else {
                throw fail("`step` must be the width of a bin, a number above 0, found `\(text)`")
            }
            guard binCount == nil else { throw fail("a histogram takes `bins=` (how many) or `step=` (how wide), not both") }
            binStep = step
        }
        if let layout = arguments["layout"] {
            guard kind.drawsBars || kind == .area else {
                throw fail("`layout=` is for `bar`, `column` and `area` charts, and this is `\(kindName)`")
            }
            guard let read = Chart.Layout(rawValue: layout) else {
                throw fail("`layout` must be `grouped`, `stacked` or `percent`, found `\(layout)`")
            }
            if kind == .area && read != .percent {
                throw fail("an area chart stacks its series already: its `layout=` is `percent` (shares of the whole), found `\(layout)`")
            }
        }
        // A bubble's area stands for the values of `size=`.
        var sizeIndex: Int?
        if let size = arguments["size"] {
            guard kind == .bubble else { throw fail("`size=` is the column a `bubble` chart's areas stand for, and this is `\(kindName)`") }
            let index = try column(size)
            guard table.columns[index].type.isNumeric else {
                throw fail("`size=\(size)` must be a column of numbers, and it holds \(table.columns[index].type)")
            }
            sizeIndex = index
        } else if kind == .bubble {
            throw fail("`bubble` needs `size=`, the column of numbers its bubbles' areas stand for")
        }
        var logX = false
        var logY = false
        if let log = arguments["log"] {
            guard kind.drawsLines || kind.drawsPoints, !sparkline else {
                throw fail("`log=` is for `line`, `step`, `scatter` and `bubble` charts, and this is `\(kindName)`")
            }
            guard ["x", "y", "x,y", "y,x"].contains(log) else { throw fail("`log` must be `x`, `y` or `x,y`, found `\(log)`") }
            let axes = log.split(separator: ",")
            (logX, logY) = (axes.contains { $0 == "x" }, axes.contains { $0 == "y" })
        }
        let xIndex: Int?
        if onlyOne {
            xIndex = nil
        } else {
            guard let x = arguments["x"] else {
                throw fail(
                    "`\(kindName)` needs `x=`, the column along its x axis; \(name) has \(names.map { "`\($0)`" }.joined(separator: ", "))")
            }
            xIndex = try column(x)
        }
        let seriesIndex = try arguments["series"].map(column)
        if kind == .heatmap {
            guard seriesIndex != nil || ys.count > 1 else {
                throw fail("`heatmap` draws a row for each series: name them with `series=COLUMN` (or give several `y=` columns)")
            }
            let settings =
                Self.chartAxisArguments + Self.chartMarkArguments + Self.chartRuleQueryArguments + Self.chartLabelArguments
                + Self.chartColorArguments
            if let argument = settings.first(where: { arguments[$0] != nil })
                ?? arguments.keys.sorted().first(where: { $0.hasPrefix("color.") })
            {
                throw fail("a heatmap's colours are its values: it takes no `\(argument)=`")
            }
        }
        if kind == .calendar { try checkCalendar(arguments, table: table, x: xIndex, ys: ys, series: seriesIndex, fail: fail) }
        if kind == .box && (seriesIndex != nil || ys.count > 1) {
            throw fail("`box` draws the values of one `y=` column for each category of `x=`: give one `y=` and no `series=`")
        }
        if seriesIndex != nil && ys.count > 1 {
            throw fail("`series=` names the series of one `y=` column; with several, each column is a series")
        }
        if logX, let xIndex, !table.columns[xIndex].type.isNumeric {
            throw fail("`log=x` needs an x column of numbers, and `\(names[xIndex])` holds \(table.columns[xIndex].type)")
        }

        let yFormat = try format(yNames[0])
        let xFormat = try xIndex.map { try format(names[$0]) } ?? nil
        // An axis's ticks in a format of their own (`format.axis.COLUMN=`): the data table
        // and the summary keep the column's.
        func axisFormat(_ column: String) throws -> ValueFormat? {
            do { return try arguments["format.axis." + column].map(ValueFormat.init(parsing:)) } catch {
                throw fail("`format.axis.\(column)`: \(error)")
            }
        }
        let yAxisFormat = try axisFormat(yNames[0])
        let xAxisFormat = try xIndex.map { try axisFormat(names[$0]) } ?? nil
        for key in arguments.keys.sorted() where key.hasPrefix("format.axis.") {
            let named = String(key.dropFirst("format.axis.".count))
            guard named == yNames[0] || xIndex.map({ names[$0] }) == named else {
                throw fail("`\(key)=` formats an axis's ticks: name the `x=` or the first `y=` column, and `\(named)` is neither")
            }
        }
        let pack = held.pack
        let timeZone = config.timeZone
        // An x column without a format is written as a table writes it (`ColumnFormat`): its
        // years without a thousands separator, in the data table, the labels and the summary.
        let xShown =
            xFormat
            ?? xIndex.flatMap { x in ColumnFormat.format(table.columns[x], values: table.rows.lazy.map { $0[x] }) }
        let plotted = plot(
            table, kind: kind, x: xIndex, ys: ys, series: seriesIndex, size: sizeIndex, xFormat: xShown, pack: pack, label: label)
        let allValues = plotted.series.flatMap { $0.values.compactMap { $0 } }
        // Without a format: whole numbers as integers, millions and more in the short form;
        // the axis's ticks with the decimals each needs, the values themselves (the data
        // table, the summary) with as many as the value that needs the most, each alike.
        let large = (allValues.map(abs).max() ?? 0) >= 1e6
        let valueAxisFormat = yAxisFormat ?? yFormat ?? ValueFormat(large ? .compact : .decimal(places: nil))
        let valueFormat =
            yFormat
            ?? ValueFormat(
                large ? .compact : .decimal(places: allValues.reduce(0) { max($0, $1.isFinite ? ColumnFormat.decimals($1) : 0) }))
        let whole = valueAxisFormat.kind == .integer || (yFormat == nil && ys.allSatisfy { table.columns[$0].type == .integer })
        // The closures hold the pack's class, not a copy of the pack.
        let valueText: @Sendable (Double) -> String = { held.pack.text(of: .real($0), as: valueFormat, now: now, timeZone: timeZone) }
        let axisText: @Sendable (Double) -> String = { held.pack.text(of: .real($0), as: valueAxisFormat, now: now, timeZone: timeZone) }
        let id = "chart-\(name)-\(line)"
        let words = pack.labels.chart
        let valueName = seriesIndex != nil || ys.count == 1 ? label(yNames[0]) : yNames.map(label).joined(separator: ", ")

        if sparkline {
            let values = plotted.series.first?.values ?? []
            let numbers = values.compactMap { $0 }
            let summary = [
                words.sparkline + ": " + valueName,
                numbers.first.map {
                    words.change.replacingEvery("<FIRST>", with: valueText($0)).replacingEvery("<LAST>", with: valueText(numbers.last!))
                },
            ]
            .compactMap { $0 }.joined(separator: ", ")
            return ChartBlockView(
                id: id, kind: kindName, caption: arguments["caption"],
                wide: Sparkline(values: values).svg(label: arguments["title"] ?? summary),
                narrow: "", sparkline: true, legend: [], headers: [], rows: "", dataLabel: words.data)
        }

        // A series keeps its style (colour, dash, marker, fill) in every chart of the page,
        // by name; the legend and the data table list the series in the page's order.
        // A lone column of values is no named series: it keeps the first style.
        let named = seriesIndex != nil || plotted.series.count > 1
        let colors = try chartColors(
            arguments, kind: kind, series: plotted.series.map(\.name),
            columns: Dictionary(yNames.map { ($0, label($0)) }, uniquingKeysWith: { first, _ in first }), chart: name, fail: fail,
            warn: warn)
        // A palette colour the block gives a series is its colour on the rest of the page.
        if named { for (name, style) in colors.styles.sorted(by: { $0.key < $1.key }) { styles.assign(name, style) } }
        let series =
            (!named
            ? plotted.series.map { series in
                // A lone series keeps the first style (solid, no pattern) in the palette colour named.
                var styled = series
                if let style = colors.styles[series.name] {
                    styled.paint = .custom(light: Chart.palette[style], dark: Chart.darkPalette[style])
                }
                return styled
            }
            : plotted.series.map { series in
                var styled = series
                styled.style = styles.style(of: series.name)
                return styled
            }.sorted { ($0.style ?? 0) < ($1.style ?? 0) }).map { series in
                var painted = series
                painted.paint = colors.paints[series.name] ?? series.paint
                return painted
            }
        if series.count > Chart.styles {
            warn(
                "the chart of `\(name)` draws \(series.count) series, "
                    + "and only \(Chart.styles) can be told apart (each by a colour and a dash, a marker or a pattern of its own): "
                    + "show fewer, or a chart for a few of them"
            )
        }
        var chart = Chart(kind: kind, domain: plotted.domain, series: series)
        let second = try chartSecondAxis(
            arguments, kind: kind, table: table, x: xIndex, ys: ys, seriesColumn: seriesIndex, column: column, format: format,
            label: label, held: held, fail: fail)
        if var axis = second?.axis {
            // A style no series of the chart has, from the second (vermilion, which stands
            // apart from the first's blue), so that the line reads apart from the marks under it.
            let taken = Set(series.indices.map { series[$0].style ?? $0 })
            axis.series.style = (1...).first { !taken.contains($0) }!
            chart.secondAxis = axis
        }
        chart.layout = arguments["layout"].flatMap(Chart.Layout.init(rawValue:)) ?? .grouped
        chart.negative = colors.negative
        chart.logValues = logY
        chart.logX = logX
        // A histogram of whole numbers has whole bins, whatever its format.
        chart.wholeValues = whole || (kind == .histogram && ys.allSatisfy { table.columns[$0].type == .integer })
        chart.binCount = binCount
        chart.binStep = binStep
        // A histogram's axis counts values: whole numbers, whatever the values' format.
        let countText: @Sendable (Double) -> String = {
            held.pack.text(of: .real($0), as: ValueFormat(.integer), now: now, timeZone: timeZone)
        }
        chart.valueLabel = kind == .histogram ? countText : axisText
        let xNumbersFormat = kind == .histogram ? yAxisFormat ?? yFormat : xAxisFormat ?? xFormat
        chart.numberLabel = numberText(
            xIndex.map { table.columns[$0].type } ?? .real, format: xNumbersFormat,
            values: kind == .histogram ? allValues : nil, table: table, x: xIndex, held: held)
        // The ticks of an axis read apart (`tickLabels`); years and counts as they are.
        if kind != .histogram {
            chart.valueTickLabels = tickLabels(format: yAxisFormat ?? yFormat ?? (large ? ValueFormat(.compact) : nil), held: held)
        }
        if !Self.isYears(chart.domain) || xAxisFormat != nil { chart.numberTickLabels = tickLabels(format: xNumbersFormat, held: held) }
        if chart.layout == .percent {
            // Shares of a whole: the axis runs from 0 to 100 %.
            let share = ValueFormat(.percent(places: 0))
            chart.valueLabel = { held.pack.text(of: .real($0), as: share, now: now, timeZone: timeZone) }
            chart.valueTickLabels = tickLabels(format: share, held: held)
        }
        let dates = held.chartDates
        chart.timeLabel = { dates.label($0) }
        if let xAxisFormat, let xIndex, case .times = plotted.domain {
            // Every tick in the author's format: a tick is a wall clock's time, its date the day it falls in.
            let dateTimes = table.columns[xIndex].type == .dateTime
            chart.timeLabel = { tick in
                let value: TableValue =
                    dateTimes
                    ? .dateTime(
                        Date(
                            timeIntervalSince1970: tick.seconds
                                - Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: tick.seconds)))))
                    : .date(CalendarDate(daysSince1970: Int((tick.seconds / 86_400).rounded(.down))))
                return held.pack.text(of: value, as: xAxisFormat, now: now, timeZone: timeZone)
            }
        }
        let xName = xIndex.map { label(names[$0]) } ?? valueName
        chart.xTitle = kind == .histogram ? valueName : xName
        chart.valueTitle = kind == .histogram ? words.count : (seriesIndex != nil || ys.count == 1 ? valueName : nil)
        chart.mirrored = pack.direction == .rtl
        // Bars name their categories beside them: no title under the category axis.
        if kind.horizontal { chart.xTitle = nil }
        // A heatmap's values are its colours, read from its legend; a calendar's days are its own axes.
        if kind == .heatmap || kind == .calendar { chart.valueTitle = nil }
        if kind == .calendar {
            chart.xTitle = nil
            chart.week = held.week
        }
        let xShownText = { (value: TableValue) in pack.text(of: value, as: xShown, now: now, timeZone: timeZone) }
        let xAxis = ChartXAxis(
            type: xIndex.map { table.columns[$0].type }, domain: plotted.domain, texts: plotted.xTexts,
            banded: kind.horizontal || (kind == .column && !Self.isTimes(plotted.domain)))
        var settings = try chartSettings(
            arguments, kind: kind, stacked: chart.layout != .grouped && plotted.series.count > 1, logY: logY, x: xAxis,
            pack: pack, writing: [xShown, valueFormat], xText: xShownText, valueText: valueText, fail: fail)
        if let query = arguments["rules"] {
            settings.marks += try chartRules(
                from: query, page: page, x: xAxis, logY: logY, pack: pack, xText: xShownText, valueText: valueText, fail: fail,
                warn: warn)
        }
        chart.valueAxis = settings.valueAxis
        chart.xAxis = settings.xAxis
        chart.annotations = settings.marks.map(\.annotation)
        let labels = try chartLabels(arguments, kind: kind, seriesColumn: seriesIndex != nil, ys: ys.count, column: column, fail: fail)
        chart.markLabels = labels.marks
        chart.valueText = valueText
        if chart.markLabels == .end && !chart.endLabelsFit {
            chart.markLabels = nil
            warn(
                "`labels=end`: the names of the series of `\(name)` do not fit at the lines' ends "
                    + "(each within a third of a phone's width, all a line apart), so the chart keeps its legend")
        }
        if let index = labels.points, let xIndex {
            // A name a row, as `plot` keeps the rows: those with an x value.
            let nameFormat = try format(names[index])
            chart.pointNames = table.rows.filter { $0[xIndex] != .null }.map { row in
                row[index] == .null ? nil : pack.text(of: row[index], as: nameFormat, now: now, timeZone: timeZone)
            }
        }
        warnOfCutValues(chart, arguments: arguments, name: name, warn: warn)

        let kindWord = words.word(for: kind)
        let title =
            arguments["title"]
            ?? (kind == .histogram
                ? "\(kindWord): \(valueName)"
                : words.titled.replacingEvery("<KIND>", with: kindWord).replacingEvery("<VALUE>", with: valueName).replacingEvery(
                    "<X>", with: xName))
        let summary =
            kind == .calendar
            ? summariseCalendar(chart, title: title, plotted: plotted, words: words, valueText: valueText)
            : summarise(chart, title: title, plotted: plotted, marks: settings.marks, words: words, valueText: valueText)
        let legend =
            kind == .heatmap || kind == .calendar
            ? Self.heatLegend(chart, text: axisText)
            : (chart.series.count > 1 || second != nil) && chart.markLabels != .end
                ? chart.series.indices.map {
                    ChartBlockView.LegendEntry(swatch: chart.swatch(of: $0, id: "\(id)-k\($0 + 1)"), name: chart.series[$0].name)
                } + (second.map { [ChartBlockView.LegendEntry(swatch: chart.secondSwatch(), name: $0.legendName)] } ?? [])
                : []
        // Small multiples: a panel for each value of the `facet=` column, each its rows drawn
        // as the whole chart is, with every series of the chart in its style (a series a panel
        // lacks has no values there); the data table is the panels' rows, each headed by its
        // panel's value.
        let panels = try chartPanels(arguments, kind: kind, table: table, column: column, pack: pack, fail: fail)
        var frames: (wide: String, narrow: String)
        var tableChart = chart
        var tablePlotted = plotted
        var pointColumn = labels.points.map { label(names[$0]) }
        var panelPictures: [(name: String, chart: Chart, svg: String)] = []
        if let panels {
            var parts: [Plotted] = []
            var drawn: [Chart] = []
            for group in panels.groups {
                let part = plot(
                    group.table, kind: kind, x: xIndex, ys: ys, series: seriesIndex, size: sizeIndex, xFormat: xShown, pack: pack,
                    label: label)
                let byName = Dictionary(part.series.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
                var panel = chart
                panel.domain = part.domain
                panel.pointNames = nil
                panel.series = chart.series.map { whole in
                    var series = whole
                    series.values = byName[whole.name]?.values ?? Array(repeating: nil, count: part.domain.count)
                    series.sizes = whole.sizes == nil ? nil : byName[whole.name]?.sizes ?? Array(repeating: nil, count: part.domain.count)
                    return series
                }
                parts.append(part)
                drawn.append(panel)
            }
            let unshared = drawn
            if panels.shared { drawn = Chart.sharingScales(drawn) }
            let frame = Chart.panelFrame(columns: panels.columns)
            var html: [(name: String, wide: String, narrow: String)] = []
            // Each panel's rows follow the panels before it in the one data table.
            var firstRow = 0
            for number in drawn.indices {
                drawn[number].firstRow = firstRow
                firstRow += parts[number].xTexts.count
            }
            for (number, group) in panels.groups.enumerated() {
                let panelTitle = "\(title): \(group.name)"
                let panelSummary = summarise(
                    unshared[number], title: panelTitle, plotted: parts[number], marks: settings.marks, words: words, valueText: valueText)
                let svgs = drawn[number].svgs(id: "\(id)-f\(number + 1)", title: panelTitle, summary: panelSummary, wideFrame: frame)
                html.append((group.name, svgs.wide, svgs.narrow))
                panelPictures.append((group.name, drawn[number], svgs.wide))
            }
            frames = (Self.panelsHTML(html, columns: panels.columns), "")
            tableChart.series = chart.series.indices.map { index in
                var series = chart.series[index]
                series.values = unshared.flatMap { $0.series[index].values }
                series.sizes = series.sizes == nil ? nil : unshared.flatMap { $0.series[index].sizes ?? [] }
                return series
            }
            tableChart.pointNames = zip(panels.groups, parts).flatMap { group, part in
                Array(repeating: group.name, count: part.xTexts.count)
            }
            let texts = parts.flatMap(\.xTexts)
            tablePlotted = Plotted(domain: .categories(texts), xTexts: texts, series: [], summed: parts.contains { $0.summed })
            pointColumn = label(names[panels.column])
        } else {
            frames = chart.svgs(id: id, title: title, summary: summary)
        }
        let sizeColumn = try sizeIndex.map { index in
            let sizeFormat = try format(names[index])
            let write: @Sendable (Double) -> String = { held.pack.text(of: .real($0), as: sizeFormat, now: now, timeZone: timeZone) }
            return (
                name: label(names[index]),
                html: LanguagePack.NumberHTML(pack, format: sizeFormat ?? ValueFormat(.decimal(places: nil)), text: write)
            )
        }
        let (headers, rows) = dataTable(
            tableChart, plotted: tablePlotted, xName: xName, valueName: valueName, pointColumn: pointColumn,
            sizeColumn: sizeColumn, secondColumn: second.map { ($0.legendName, $0.axis.series.values, $0.html) }, countWord: words.count,
            words: words,
            countHTML: LanguagePack.NumberHTML(pack, format: ValueFormat(.integer), text: countText),
            valueHTML: LanguagePack.NumberHTML(pack, format: valueFormat, text: valueText))
        var view = ChartBlockView(
            id: id, kind: kindName, caption: arguments["caption"] ?? arguments["title"],
            wide: frames.wide, narrow: frames.narrow,
            sparkline: false, legend: legend, headers: headers, rows: rows, dataLabel: words.data)
        if kind == .calendar && Self.sharesDays(plotted.domain) {
            view.note = words.summedDays ?? "The rows of one day are added up in its cell."
        } else if tablePlotted.summed {
            view.note = (words.summed ?? "Rows with the same <X> and series are added up.").replacingEvery("<X>", with: xName)
        }
        if publishesPNG(of: page) {
            // The picture carries the words the page shows over the chart: the caption, or the
            // title; the machine's title only where the author gave neither. Panels stand in
            // their grid, each under its name.
            let document = ChartDocument(chart)
            view.png = ChartPNG(
                document: panels.map { panels in
                    document.svg(
                        panels: panelPictures, frame: Chart.panelFrame(columns: panels.columns), columns: panels.columns,
                        title: arguments["caption"] ?? title, id: id)
                } ?? document.svg(wide: frames.wide, title: arguments["caption"] ?? title, id: id), alt: summary)
        }
        return view
    }

    /// Whether the charts of `page` are published as PNG too (`chart_images:`): only where a
    /// feed or a share preview can show them, which needs the site's absolute address.
    private func publishesPNG(of page: Page) -> Bool {
        guard config.baseURL != nil else { return false }
        switch config.chartImages {
        case .all: return true
        case .pages: return page.row == nil
        case .none: return false
        }
    }

    /// The rows of `table` as x values and series: one series a `y` column, or one a value of
    /// the `series` column, in the order the rows first name them. A row without an x value
    /// is left out.
    ///
    /// Every row is a point. Wide rows (no `series=`): every row is an x value of its own,
    /// even one seen before. Long rows (a series column): the series share their x values,
    /// and a series that has a second row at one x gets a second slot at that x (the other
    /// series have none there): a scatter of 400 cars by origin draws 400 points, where one
    /// slot per x kept the last car of each. Bars and columns add up the rows of one x and
    /// series into one bar (a stacked segment), and say so (`summed`).
    private func plot(
        _ table: Table, kind: Chart.Kind, x: Int?, ys: [Int], series: Int?, size: Int? = nil, xFormat: ValueFormat?, pack: LanguagePack,
        label: (String) -> String
    ) -> Plotted {
        let timeZone = config.timeZone
        guard let x else {
            let values = table.rows.map { pack.number(of: $0[ys[0]]) }
            return Plotted(domain: .numbers([]), xTexts: [], series: [Chart.Series(name: label(table.columns[ys[0]].name), values: values)])
        }
        let sums = kind == .bar || kind == .column
        // A series column's values are named as a table writes them: years without a separator.
        let seriesFormat = series.flatMap { series in
            ColumnFormat.format(table.columns[series], values: table.rows.lazy.map { $0[series] })
        }
        var keys: [TableValue] = []
        /// The slots of an x value, in order: the first holds each series' first row there.
        var slots: [TableValue: [Int]] = [:]
        var names: [String] = []
        var seriesPosition: [String: Int] = [:]
        /// For each series, how many rows it has had at each x value.
        var seen: [[TableValue: Int]] = []
        var summed = false
        var values: [[Double?]] = series == nil ? ys.map { _ in [] } : []
        // A bubble's size beside each value, in the same places.
        var sizes = values
        if series == nil {
            keys.reserveCapacity(table.rows.count)
            for index in values.indices { values[index].reserveCapacity(table.rows.count) }
        }
        for row in table.rows where row[x] != .null {
            let key = row[x]
            guard let series else {
                // Wide rows: every row is an x value of its own.
                keys.append(key)
                for (number, y) in ys.enumerated() { values[number].append(pack.number(of: row[y])) }
                if let size { for number in ys.indices { sizes[number].append(pack.number(of: row[size])) } }
                continue
            }
            let name = pack.text(of: row[series], as: seriesFormat, now: now, timeZone: timeZone)
            let number = seriesPosition[name] ?? names.count
            if number == names.count {
                names.append(name)
                seriesPosition[name] = number
                values.append([Double?](repeating: nil, count: keys.count))
                sizes.append([Double?](repeating: nil, count: keys.count))
                seen.append([:])
            }
            let value = pack.number(of: row[ys[0]])
            let occurrence = seen[number][key, default: 0]
            seen[number][key] = occurrence + 1
            if sums, occurrence > 0, let at = slots[key]?.first {
                // One bar a series at each x: the rows add up.
                values[number][at] = value.map { ($0 + (values[number][at] ?? 0)) } ?? values[number][at]
                summed = true
                continue
            }
            var known = slots[key] ?? []
            if occurrence == known.count {
                known.append(keys.count)
                slots[key] = known
                keys.append(key)
                for index in values.indices {
                    values[index].append(nil)
                    sizes[index].append(nil)
                }
            }
            values[number][known[occurrence]] = value
            if let size { sizes[number][known[occurrence]] = pack.number(of: row[size]) }
        }
        if series == nil { names = ys.map { label(table.columns[$0].name) } }
        let xTexts = xTextMemo.texts(of: keys, language: pack.code, format: xFormat) {
            pack.text(of: $0, as: xFormat, now: now, timeZone: timeZone)
        }
        let domain: Chart.Domain
        switch table.columns[x].type {
        case _ where kind == .box || kind == .heatmap:
            // A box a category: numbers and dates too, each as the data table writes it.
            domain = .categories(xTexts)
        case .date where kind.horizontal, .dateTime where kind.horizontal:
            // Horizontal bars name their dates beside them, each written whole, as the data
            // table writes it ("Sep 1, 2006"), not as a time axis's ticks ("Sep").
            domain = .categories(xTexts)
        case .date, .dateTime:
            domain = .times(
                keys.map { key in
                    switch key {
                    case .date(let date): Double(date.daysSince1970) * 86_400
                    case .dateTime(let instant): instant.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: instant))
                    default: .nan
                    }
                })
        case .integer, .real:
            domain = .numbers(keys.map { pack.number(of: $0) ?? .nan })
        default:
            domain = .categories(xTexts)
        }
        return Plotted(
            domain: domain, xTexts: xTexts,
            series: zip(zip(names, values), sizes).map { named, sizes in
                var series = Chart.Series(name: named.0, values: named.1)
                if size != nil { series.sizes = sizes }
                return series
            }, summed: summed)
    }

    /// Labels of a set of axis ticks in `format` (nil: the default), which read apart: the
    /// default writes every tick with the decimals the finest needs, as d3 writes a linear
    /// axis ("0.0005", "0.0010", "0.0015", where up to three decimals read "0.001", "0.002");
    /// a format with decimals (`decimal:N`, `percent:N`) takes one more, up to four more,
    /// where two neighbours would read alike ("4%", "4%" → "4.2%", "4.4%"). Any other format
    /// writes as it is (and fewer ticks are tried where two read alike).
    func tickLabels(format: ValueFormat?, held: Pack) -> @Sendable ([Double]) -> [String] {
        let timeZone = config.timeZone
        let now = now
        return { ticks in
            let write = { (format: ValueFormat) in ticks.map { held.pack.text(of: .real($0), as: format, now: now, timeZone: timeZone) } }
            let apart = { (labels: [String]) in zip(labels, labels.dropFirst()).allSatisfy { $0 != $1 } }
            switch format?.kind {
            case nil, .decimal(places: nil)?:
                let places = ticks.reduce(0) { most, tick in
                    tick.isFinite ? max(most, ColumnFormat.decimals(tick, upTo: ValueFormat.maximumPlaces)) : most
                }
                return write(ValueFormat(.decimal(places: places)))
            case .decimal(let places?)?:
                for more in 0...4 {
                    let labels = write(ValueFormat(.decimal(places: min(places + more, ValueFormat.maximumPlaces))))
                    if apart(labels) || more == 4 { return labels }
                }
                return write(format!)
            case .percent(let places)?:
                for more in 0...4 {
                    let labels = write(ValueFormat(.percent(places: min(places + more, ValueFormat.maximumPlaces))))
                    if apart(labels) || more == 4 { return labels }
                }
                return write(format!)
            default:
                return write(format!)
            }
        }
    }

    /// A heatmap's legend: a swatch of each class's colour, from the lightest, with the
    /// values it holds ("0–20"), in the value axis's format.
    static func heatLegend(_ chart: Chart, text: (Double) -> String) -> [ChartBlockView.LegendEntry] {
        guard let scale = HeatScale(chart.heatValues) else { return [] }
        return (0..<scale.classes).map { index in
            let (low, high) = scale.bounds(of: index)
            return ChartBlockView.LegendEntry(swatch: ChartDocument.heatSwatch(scale, index), name: "\(text(low))–\(text(high))")
        }
    }

    /// A box plot's categories, in the order the rows first name them, each with the
    /// statistics of its values.
    static func boxes(_ chart: Chart, plotted: Plotted) -> [(name: String, stats: BoxStats)] {
        var order: [String] = []
        var values: [String: [Double]] = [:]
        for (index, name) in plotted.xTexts.enumerated() {
            if values[name] == nil { order.append(name) }
            if let value = chart.series.first?.values[index] {
                values[name, default: []].append(value)
            } else {
                values[name, default: []] += []
            }
        }
        return order.compactMap { name in BoxStats(values[name] ?? []).map { (name, $0) } }
    }

    private static func isTimes(_ domain: Chart.Domain) -> Bool {
        if case .times = domain { return true }
        return false
    }

    /// A warning for the values an axis's end set by the author leaves out of the plot: the
    /// data table under the chart still holds them, and the reader should know.
    private func warnOfCutValues(_ chart: Chart, arguments: [String: String], name: String, warn: (String) -> Void) {
        let values = chart.series.flatMap { $0.values.compactMap { $0 } }.filter(\.isFinite)
        var cut: [String] = []
        if let low = chart.valueAxis.min, case let count = values.count(where: { $0 < low }), count > 0 {
            cut.append("`y.min=\(arguments["y.min"]!)` leaves \(count) value\(count == 1 ? "" : "s") below it")
        }
        if let high = chart.valueAxis.max, case let count = values.count(where: { $0 > high }), count > 0 {
            cut.append("`y.max=\(arguments["y.max"]!)` leaves \(count) value\(count == 1 ? "" : "s") above it")
        }
        switch chart.domain {
        case .numbers(let xs), .times(let xs):
            if let low = chart.xAxis.min, case let count = xs.count(where: { $0 < low }), count > 0 {
                cut.append("`x.min=\(arguments["x.min"]!)` leaves \(count) row\(count == 1 ? "" : "s") before it")
            }
            if let high = chart.xAxis.max, case let count = xs.count(where: { $0 > high }), count > 0 {
                cut.append("`x.max=\(arguments["x.max"]!)` leaves \(count) row\(count == 1 ? "" : "s") after it")
            }
        case .categories: break
        }
        guard !cut.isEmpty else { return }
        warn("the chart of `\(name)` cuts values off: \(cut.joined(separator: "; ")) (the chart's data table keeps them)")
    }

    /// Whether an x axis of numbers holds years (whole numbers from 1000 to 2999), which
    /// `numberText` writes as they are.
    private static func isYears(_ domain: Chart.Domain) -> Bool {
        guard case .numbers(let xs) = domain else { return false }
        let finite = xs.filter(\.isFinite)
        return !finite.isEmpty && finite.allSatisfy { $0 == $0.rounded() && (1000...2999).contains($0) }
    }

    /// How the numbers of an x axis read: in their column's format; years (whole numbers from
    /// 1000 to 2999) without a thousands separator.
    private func numberText(_ type: ColumnType, format: ValueFormat?, values: [Double]?, table: Table, x: Int?, held: Pack)
        -> @Sendable (Double) -> String
    {
        let pack = held.pack
        let timeZone = config.timeZone
        let now = now
        let numbers = values ?? x.map { x in table.rows.compactMap { pack.number(of: $0[x]) } } ?? []
        if format == nil, !numbers.isEmpty, numbers.allSatisfy({ $0 == $0.rounded() && (1000...2999).contains($0) }) {
            let symbols = pack.numbers
            return {
                $0 == $0.rounded() && abs($0) < 1e15
                    ? symbols.localizingDigits(String(Int($0))) : held.pack.text(of: .real($0), as: nil, now: now, timeZone: timeZone)
            }
        }
        return { held.pack.text(of: .real($0), as: format, now: now, timeZone: timeZone) }
    }

    /// What `<desc>` says: the chart's title, the span of its x values, and for each of its
    /// first three series where it starts and ends and its highest value; a histogram's range
    /// and its fullest bin.
    private func summarise(
        _ chart: Chart, title: String, plotted: Plotted, marks: [ChartMark], words: Labels.ChartWords, valueText: (Double) -> String
    ) -> String {
        let text = summariseData(chart, title: title, plotted: plotted, words: words, valueText: valueText)
        guard !marks.isEmpty else { return text }
        return text + "; " + (words.marks ?? "marked: <MARKS>").replacingEvery("<MARKS>", with: describe(marks, chart, plotted, words))
    }

    /// What the rules and bands say, for the summary: "Target (100), crossed at Mar 2021;
    /// Recession (Dec 2007 to Jun 2009)". A rule on the value axis names where each of the
    /// first three series first crosses it (not in a stack, whose tops are no series' values).
    private func describe(_ marks: [ChartMark], _ chart: Chart, _ plotted: Plotted, _ words: Labels.ChartWords) -> String {
        let stacked = chart.series.count > 1 && (chart.kind == .area || chart.layout == .stacked)
        var order: [Int] = []
        switch chart.domain {
        case .numbers(let xs), .times(let xs): order = xs.indices.filter { xs[$0].isFinite }.sorted { (xs[$0], $0) < (xs[$1], $1) }
        case .categories(let names): order = Array(names.indices)
        }
        // The first three series' values in the order of x, read once for every rule.
        let shown = chart.series.prefix(3).map { series in
            order.compactMap { index in series.values[index].flatMap { $0.isFinite ? (index, $0) : nil } }
        }
        return marks.map { mark in
            let at =
                mark.texts.count == 2
                ? words.span.replacingEvery("<FIRST>", with: mark.texts[0]).replacingEvery("<LAST>", with: mark.texts[1]) : mark.texts[0]
            var text = mark.annotation.label.map { "\($0) (\(at))" } ?? at
            guard let rule = mark.value, chart.kind != .histogram, !stacked else { return text }
            for (series, shown) in zip(chart.series, shown) {
                guard let side = shown.first(where: { $0.1 != rule }).map({ $0.1 > rule }),
                    let crossing = shown.first(where: { $0.1 == rule ? false : ($0.1 > rule) != side }) ?? nil
                else { continue }
                let x = plotted.xTexts[crossing.0]
                text +=
                    ", "
                    + (chart.series.count > 1
                        ? (words.crossedBy ?? "crossed by <SERIES> at <X>").replacingEvery("<SERIES>", with: series.name)
                            .replacingEvery("<X>", with: x)
                        : (words.crossed ?? "crossed at <X>").replacingEvery("<X>", with: x))
            }
            return text
        }.joined(separator: "; ")
    }

    private func summariseData(_ chart: Chart, title: String, plotted: Plotted, words: Labels.ChartWords, valueText: (Double) -> String)
        -> String
    {
        func between(_ template: String, _ first: String, _ last: String) -> String {
            template.replacingEvery("<FIRST>", with: first).replacingEvery("<LAST>", with: last)
        }
        if chart.kind == .heatmap {
            // The highest and lowest cells, each by its column and row.
            var cells: [(value: Double, at: String)] = []
            for series in chart.series {
                for (index, value) in series.values.enumerated() {
                    if let value, value.isFinite { cells.append((value, "\(plotted.xTexts[index]), \(series.name)")) }
                }
            }
            guard let top = cells.max(by: { $0.value < $1.value }), let bottom = cells.min(by: { $0.value < $1.value }) else {
                return title
            }
            var text =
                "\(title): " + words.highest.replacingEvery("<VALUE>", with: valueText(top.value)).replacingEvery("<X>", with: top.at)
            if let lowest = words.lowest, bottom.value < top.value {
                text += ", " + lowest.replacingEvery("<VALUE>", with: valueText(bottom.value)).replacingEvery("<X>", with: bottom.at)
            }
            return text
        }
        if chart.kind == .box {
            // Where the medians are highest and lowest.
            let boxes = Self.boxes(chart, plotted: plotted)
            guard let top = boxes.max(by: { $0.stats.median < $1.stats.median }),
                let bottom = boxes.min(by: { $0.stats.median < $1.stats.median })
            else { return title }
            let medians = words.boxMedian ?? "Median"
            var text = "\(title): \(medians): "
            text += words.highest.replacingEvery("<VALUE>", with: valueText(top.stats.median)).replacingEvery("<X>", with: top.name)
            if let lowest = words.lowest, boxes.count > 1 {
                text +=
                    ", " + lowest.replacingEvery("<VALUE>", with: valueText(bottom.stats.median)).replacingEvery("<X>", with: bottom.name)
            }
            return text
        }
        if chart.kind == .histogram {
            let values = chart.series.first?.values.compactMap { $0 }.filter(\.isFinite) ?? []
            guard let low = values.min(), let high = values.max() else { return title }
            let bins = chart.bins
            var text = "\(title), \(between(words.change, chart.numberLabel(low), chart.numberLabel(high)))"
            if let fullest = bins.bins.max(by: { $0.count < $1.count }) {
                text +=
                    ": "
                    + words.mostBetween.replacingEvery("<LOW>", with: chart.numberLabel(fullest.lower)).replacingEvery(
                        "<HIGH>", with: chart.numberLabel(fullest.upper))
            }
            return text
        }
        // The x values in the order the axis shows them.
        let order: [Int]
        switch chart.domain {
        case .numbers(let xs), .times(let xs): order = xs.indices.filter { xs[$0].isFinite }.sorted { (xs[$0], $0) < (xs[$1], $1) }
        case .categories(let names): order = Array(names.indices)
        }
        guard let first = order.first, let last = order.last else { return title }
        // A series' part: where it starts and ends, and its highest and lowest values.
        func part(_ values: [Double?], name: String?, text valueText: (Double) -> String) -> String? {
            let shown = order.compactMap { index in (index < values.count ? values[index] : nil).flatMap { $0.isFinite ? (index, $0) : nil }
            }
            guard let start = shown.first, let end = shown.last, let top = shown.max(by: { $0.1 < $1.1 }) else { return nil }
            let highest = words.highest.replacingEvery("<VALUE>", with: valueText(top.1)).replacingEvery("<X>", with: plotted.xTexts[top.0])
            let change = between(words.change, valueText(start.1), valueText(end.1))
            var part = (name.map { $0 + ": " } ?? "") + change + ", " + highest
            if let lowestWords = words.lowest, let bottom = shown.min(by: { $0.1 < $1.1 }), bottom.1 < top.1 {
                part +=
                    ", "
                    + lowestWords.replacingEvery("<VALUE>", with: valueText(bottom.1)).replacingEvery("<X>", with: plotted.xTexts[bottom.0])
            }
            return part
        }
        let named = chart.series.count > 1 || chart.secondAxis != nil
        var parts = chart.series.prefix(3).compactMap { part($0.values, name: named ? $0.name : nil, text: valueText) }
        if chart.series.count > 3 { parts.append(words.others) }
        // The second axis's line, in its own writing.
        if let second = chart.secondAxis {
            parts += part(second.series.values, name: second.legendName ?? second.series.name, text: second.label).map { [$0] } ?? []
        }
        let span = first == last ? plotted.xTexts[first] : between(words.span, plotted.xTexts[first], plotted.xTexts[last])
        return "\(title), \(span)" + (parts.isEmpty ? "" : ": " + parts.joined(separator: "; "))
    }

    /// The chart's data as a table: a row an x value (a bin, for a histogram), a column a series.
    private func dataTable(
        _ chart: Chart, plotted: Plotted, xName: String, valueName: String, pointColumn: String?,
        sizeColumn: (name: String, html: LanguagePack.NumberHTML)? = nil,
        secondColumn: (name: String, values: [Double?], html: LanguagePack.NumberHTML)? = nil, countWord: String, words: Labels.ChartWords,
        countHTML: LanguagePack.NumberHTML, valueHTML: LanguagePack.NumberHTML
    ) -> (headers: [ChartBlockView.Cell], rows: String) {
        if chart.kind == .box {
            // A row a category: how many values, the five numbers, and how many lie beyond the whiskers.
            let boxes = Self.boxes(chart, plotted: plotted)
            let names = [
                words.boxCount ?? "Count", words.boxLow ?? "Low whisker", words.boxQ1 ?? "Lower quartile", words.boxMedian ?? "Median",
                words.boxQ3 ?? "Upper quartile", words.boxHigh ?? "High whisker", words.boxOutliers ?? "Outliers",
            ]
            let headers = [ChartBlockView.Cell(text: xName, numeric: false)] + names.map { ChartBlockView.Cell(text: $0, numeric: true) }
            let rows = ChartBlockView.rowsHTML(
                count: boxes.count, header: { boxes[$0].name },
                cells: { row, output in
                    let stats = boxes[row].stats
                    ChartBlockView.cell(to: &output) { countHTML.append(Double(stats.count), to: &$0) }
                    for value in [stats.low, stats.q1, stats.median, stats.q3, stats.high] {
                        ChartBlockView.cell(to: &output) { valueHTML.append(value, to: &$0) }
                    }
                    ChartBlockView.cell(to: &output) { countHTML.append(Double(stats.outliers.count), to: &$0) }
                })
            return (headers, rows)
        }
        if chart.kind == .histogram {
            let bins = chart.bins
            let headers = [ChartBlockView.Cell(text: valueName, numeric: false), ChartBlockView.Cell(text: countWord, numeric: true)]
            let rows = ChartBlockView.rowsHTML(
                count: bins.bins.count, header: { "\(chart.numberLabel(bins.bins[$0].lower))–\(chart.numberLabel(bins.bins[$0].upper))" },
                cells: { row, output in ChartBlockView.cell(to: &output) { countHTML.append(Double(bins.bins[row].count), to: &$0) } })
            return (headers, rows)
        }
        // A scatter whose points are named (`label=`): a row a point, headed by its name.
        let names = pointColumn == nil ? nil : chart.pointNames
        let headers =
            (pointColumn.map { [ChartBlockView.Cell(text: $0, numeric: false)] } ?? [])
            + [ChartBlockView.Cell(text: xName, numeric: names != nil)]
            + chart.series.map { ChartBlockView.Cell(text: $0.name, numeric: true) }
            // A bubble chart's sizes, after the values: a column a series.
            + (sizeColumn.map { size in
                chart.series.map {
                    ChartBlockView.Cell(text: chart.series.count > 1 ? "\($0.name): \(size.name)" : size.name, numeric: true)
                }
            } ?? [])
            // The second axis's values, last.
            + (secondColumn.map { [ChartBlockView.Cell(text: $0.name, numeric: true)] } ?? [])
        // The values row by row in one array: a cell reads one value, not a series' array.
        let width = chart.series.count
        var values: [Double?] = []
        values.reserveCapacity(plotted.xTexts.count * width)
        for row in plotted.xTexts.indices {
            for series in chart.series { values.append(series.values[row]) }
        }
        let rows = ChartBlockView.rowsHTML(
            count: plotted.xTexts.count,
            header: { row in
                names.map { names in row < names.count ? names[row] ?? LanguagePack.nullText : LanguagePack.nullText }
                    ?? plotted.xTexts[row]
            },
            cells: { row, output in
                if names != nil {
                    ChartBlockView.cell(to: &output) { output in
                        var text = plotted.xTexts[row]
                        text.withUTF8 { HTMLEscaping.append($0, to: &output) }
                    }
                }
                for value in values[(row * width)..<(row * width + width)] {
                    ChartBlockView.cell(to: &output) { output in
                        if let value { valueHTML.append(value, to: &output) } else { output += LanguagePack.nullText.utf8 }
                    }
                }
                if let sizeColumn {
                    for series in chart.series {
                        ChartBlockView.cell(to: &output) { output in
                            if let size = series.sizes?[row] {
                                sizeColumn.html.append(size, to: &output)
                            } else {
                                output += LanguagePack.nullText.utf8
                            }
                        }
                    }
                }
                if let secondColumn {
                    ChartBlockView.cell(to: &output) { output in
                        if row < secondColumn.values.count, let value = secondColumn.values[row] {
                            secondColumn.html.append(value, to: &output)
                        } else {
                            output += LanguagePack.nullText.utf8
                        }
                    }
                }
            })
        return (headers, rows)
    }
}

/// The styles of the series of one page's charts, by name, in the order the page first
/// draws them: a series named "Asia" has one colour in every chart of the page.
final class SeriesStyles {
    /// Each series met so far, with its style.
    var styles: [String: Int] = [:]

    /// The style of series `name`: its own, or the first no series has yet.
    func style(of name: String) -> Int {
        if let known = styles[name] { return known }
        let style = free
        styles[name] = style
        return style
    }

    /// Gives series `name` the style a block chose for it; a series that had it takes the
    /// first style free.
    func assign(_ name: String, _ style: Int) {
        let holder = styles.first { $0.value == style && $0.key != name }?.key
        styles[name] = style
        if let holder { styles[holder] = free }
    }

    private var free: Int {
        let used = Set(styles.values)
        return (0...).first { !used.contains($0) }!
    }
}

extension Labels.ChartWords {
    func word(for kind: Chart.Kind) -> String {
        switch kind {
        case .line: line
        case .area: area
        case .bar: bar
        case .step: step ?? "Step chart"
        case .dot: dot ?? "Dot plot"
        case .bubble: bubble ?? "Bubble chart"
        case .box: box ?? "Box plot"
        case .heatmap: heatmap ?? "Heatmap"
        case .calendar: calendar ?? "Calendar"
        case .column: column
        case .scatter: scatter
        case .histogram: histogram
        }
    }
}

/// The texts of x values, kept across charts: the pages made from a result's rows draw the
/// same months or days, each written once rather than once a chart. Filled and read from the
/// threads that render pages; it stops growing at `limit` texts.
final class XTextMemo: @unchecked Sendable {
    private struct Writing: Hashable {
        let language: String
        let format: ValueFormat?
    }

    /// The texts known for one writing, and the last chart's values with theirs: charts one
    /// after another mostly draw the very same x values, which compare faster than they hash.
    private struct Known {
        var texts: [TableValue: String] = [:]
        var lastValues: [TableValue] = []
        var lastTexts: [String] = []
    }

    private let lock = NSLock()
    /// By language and format (looked up once a chart), then by value.
    private var known: [Writing: Known] = [:]
    private var count = 0
    static let limit = 100_000

    /// The text of each of `values`, made by `make` when it is not known yet.
    func texts(of values: [TableValue], language: String, format: ValueFormat?, make: (TableValue) -> String) -> [String] {
        lock.withLock {
            let writing = Writing(language: language, format: format)
            var memo = known.removeValue(forKey: writing) ?? Known()
            defer { known[writing] = memo }
            if values == memo.lastValues { return memo.lastTexts }
            let texts = values.map { value in
                if let text = memo.texts[value] { return text }
                let made = make(value)
                if count < Self.limit {
                    memo.texts[value] = made
                    count += 1
                }
                return made
            }
            (memo.lastValues, memo.lastTexts) = (values, texts)
            return texts
        }
    }
}

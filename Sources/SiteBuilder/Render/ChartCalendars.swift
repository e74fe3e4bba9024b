import Charts
import CivilTime
import DataTables
import Foundation

/// The `calendar` chart: a day's value a cell, a year of days a block of weeks.
///
///     ```ttsite chart kind=calendar data=daily x=day y=visits
///     ```
///
/// Its `x=` column holds dates (or times, each on its day) and its one `y=` column the values;
/// the rows of one day are added up in its cell, and the data table says so. The week starts
/// on the page's language's first day (CLDR's, Monday in German, Sunday in English, Saturday in
/// Persian), and the colours are the values' classes (`HeatScale`), told in the legend.
extension DataBlocks {
    /// Stops the build where a calendar's block asks for what a calendar does not draw.
    func checkCalendar(
        _ arguments: [String: String], table: Table, x: Int?, ys: [Int], series: Int?, fail: (String) -> BuildError
    ) throws {
        guard let x else { return }
        let type = table.columns[x].type
        guard type == .date || type == .dateTime else {
            throw fail("`calendar` draws a cell a day: its `x=` column must hold dates, and `\(table.columns[x].name)` holds \(type)")
        }
        let years = table.rows.compactMap { row -> Int? in
            switch row[x] {
            case .date(let day): day.year
            case .dateTime(let instant): CalendarDate(instant, in: config.timeZone).year
            default: nil
            }
        }
        if let low = years.min(), let high = years.max(), high - low >= Chart.calendarYears {
            throw fail(
                "`calendar` draws at most \(Chart.calendarYears) years, a block each, and `\(table.columns[x].name)` spans "
                    + "\(high - low + 1) (\(low) to \(high)): ask the query for fewer")
        }
        guard series == nil && ys.count == 1 else {
            throw fail("`calendar` colours each day by one value: give one `y=` and no `series=`")
        }
        let settings =
            ["layout", "log"] + Self.chartAxisArguments + Self.chartMarkArguments + Self.chartRuleQueryArguments + Self.chartLabelArguments
            + Self.chartColorArguments + Self.chartFacetArguments
        if let argument = settings.first(where: { arguments[$0] != nil })
            ?? arguments.keys.sorted().first(where: { $0.hasPrefix("color.") })
        {
            throw fail("a calendar's colours are its values, a year a block: it takes no `\(argument)=`")
        }
    }

    /// Whether two rows fall on one day: their values share its cell.
    static func sharesDays(_ domain: Chart.Domain) -> Bool {
        guard case .times(let seconds) = domain else { return false }
        var days = Set<Int>()
        return seconds.contains { $0.isFinite && !days.insert(Int(($0 / 86_400).rounded(.down))).inserted }
    }

    /// A calendar's summary: its span, and its highest and lowest days (the rows of one day
    /// added up), each written as the data table writes the day.
    func summariseCalendar(_ chart: Chart, title: String, plotted: Plotted, words: Labels.ChartWords, valueText: (Double) -> String)
        -> String
    {
        guard case .times(let seconds) = chart.domain, let values = chart.series.first?.values else { return title }
        var days: [Int: (value: Double, text: String)] = [:]
        for (index, time) in seconds.enumerated() where time.isFinite {
            guard index < values.count, let value = values[index], value.isFinite else { continue }
            let day = Int((time / 86_400).rounded(.down))
            days[day] = ((days[day]?.value ?? 0) + value, days[day]?.text ?? plotted.xTexts[index])
        }
        let order = days.keys.sorted()
        guard let first = order.first, let last = order.last else { return title }
        let span =
            first == last
            ? days[first]!.text
            : words.span.replacingEvery("<FIRST>", with: days[first]!.text).replacingEvery(
                "<LAST>", with: days[last]!.text)
        let top = order.max { days[$0]!.value < days[$1]!.value }!
        let bottom = order.min { days[$0]!.value < days[$1]!.value }!
        var text = "\(title), \(span): "
        text += words.highest.replacingEvery("<VALUE>", with: valueText(days[top]!.value)).replacingEvery("<X>", with: days[top]!.text)
        if let lowest = words.lowest, days[bottom]!.value < days[top]!.value {
            text +=
                ", "
                + lowest.replacingEvery("<VALUE>", with: valueText(days[bottom]!.value)).replacingEvery("<X>", with: days[bottom]!.text)
        }
        return text
    }
}

extension Chart.Week {
    /// The week of `language`, as CLDR gives it through Foundation: the day it starts on and
    /// the weekdays' short names.
    init(language: String) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = Locale(identifier: language)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: language)
        let names: [String] = formatter.shortStandaloneWeekdaySymbols
        self.init(first: (calendar.firstWeekday - 1 + 7) % 7, names: names.count == 7 ? names : Chart.Week().names)
    }
}

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
        return seconds.contains { time in Chart.day(of: time).map { !days.insert($0).inserted } ?? false }
    }

    /// A calendar's summary: its span, and its highest and lowest days (`Chart.calendarDays`:
    /// the rows of one day added up), each written as the data table writes its first row.
    func summariseCalendar(_ chart: Chart, title: String, plotted: Plotted, words: Labels.ChartWords, valueText: (Double) -> String)
        -> String
    {
        guard case .times(let seconds) = chart.domain else { return title }
        let days = chart.calendarDays
        var texts: [Int: String] = [:]
        for (index, time) in seconds.enumerated() {
            if let day = Chart.day(of: time), texts[day] == nil { texts[day] = plotted.xTexts[index] }
        }
        let order = days.keys.sorted()
        guard let first = order.first, let last = order.last, let top = order.max(by: { days[$0]! < days[$1]! }),
            let bottom = order.min(by: { days[$0]! < days[$1]! })
        else { return title }
        let text = { (day: Int) in texts[day] ?? "" }
        let span =
            first == last
            ? text(first) : words.span.replacingEvery("<FIRST>", with: text(first)).replacingEvery("<LAST>", with: text(last))
        var summary = "\(title), \(span): "
        summary += words.highest.replacingEvery("<VALUE>", with: valueText(days[top]!)).replacingEvery("<X>", with: text(top))
        if let lowest = words.lowest, days[bottom]! < days[top]! {
            summary += ", " + lowest.replacingEvery("<VALUE>", with: valueText(days[bottom]!)).replacingEvery("<X>", with: text(bottom))
        }
        return summary
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

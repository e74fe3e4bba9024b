import Charts
import CivilTime
import Foundation
import TextFormatting

/// How a time axis's ticks read in a language: a year as its digits (500, not 0500; "44 BC"
/// before year 1), a month by its short
/// name, a day by its number and month, a time of day on the 24-hour clock.
final class ChartDates: Sendable {
    private let month: DateWriter
    private let day: DateWriter
    private let clock: DateWriter

    private let numbers: NumberSymbols
    private let yearBC: String

    init(_ pack: LanguagePack) {
        numbers = pack.numbers
        yearBC = pack.labels.yearBC
        month = DateWriter("LLL", pack: pack)
        // CLDR's day-and-month pattern for the language ("MMM d", "d MMM", "d. MMM").
        let pattern = DateFormatter.dateFormat(fromTemplate: "dMMM", options: 0, locale: Locale(identifier: pack.code))
        day = DateWriter(
            pattern.flatMap { (try? DateWriter.fields(of: $0, letters: DateWriter.letters)) != nil ? $0 : nil } ?? "d MMM", pack: pack)
        clock = DateWriter("HH:mm", pack: pack)
    }

    func label(_ tick: TimeTicks.Tick) -> String {
        guard abs(tick.seconds) < TimeTicks.limit else { return "" }
        let days = Int((tick.seconds / 86_400).rounded(.down))
        let date = CalendarDate(daysSince1970: days)
        switch tick.unit {
        // A year before year 1 as the pack writes one ("44 BC").
        case .year:
            return numbers.localizingDigits(
                date.year >= 1 ? String(date.year) : yearBC.replacingEvery("<YEAR>", with: String(1 - date.year)))
        case .month: return month.string(date)
        case .day: return day.string(date)
        case .hour, .minute, .second:
            let seconds = Int(tick.seconds) - days * 86_400
            return clock.string(WallClock(date: date, secondOfDay: Double(seconds)))
        }
    }
}

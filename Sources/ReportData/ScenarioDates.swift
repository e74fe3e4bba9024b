import CivilTime
import Foundation
import ValueTransformers

/// Reads the start and end of date-unit scenarios and events: the date transformers of
/// `ValueTransformers` (ISO 8601 with years 0000–9999, proleptic Gregorian; UNIX time; the HTTP
/// formats; `date_formats`), plus ISO 8601's expanded years with a sign (`-0044-03-15T12:00:00`,
/// `+12000-01-01`), which those parsers do not read. Year 0 is 1 BC, year -44 is 45 BC.
/// A text without an offset is read in the site's time zone; before the zone's first rule
/// that is the zone's local mean time (Berlin: +00:53:28), as the tz database says.
struct ScenarioDates: Sendable {
    private let compound: CompoundTransformer
    private let timeZone: TimeZone
    private let iso = ISO8601DateParser()

    init(timeZone: TimeZone, formats: [String]) throws(DateTextError) {
        self.timeZone = timeZone
        compound = try CompoundTransformer.dates(formats: formats, zoneless: .timeZone(timeZone))
    }

    /// The instant at `node`, or nil after recording why not (also when missing).
    func read(_ node: JSONNode) -> Date? {
        if case .string(let text) = node.value, let date = expandedYear(text) { return date }
        return node.date(using: compound, .required)
    }

    /// `±YYYY[YY]-MM-dd…`: parsed with a stand-in year of the same leap-ness, then moved to
    /// the real year by whole days.
    private func expandedYear(_ text: String) -> Date? {
        guard let sign = text.first, sign == "-" || sign == "+" else { return nil }
        let rest = text.dropFirst()
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard (4...6).contains(digits.count), rest.dropFirst(digits.count).first == "-", let magnitude = Int(digits) else {
            return nil
        }
        let year = sign == "-" ? -magnitude : magnitude
        let standIn = CalendarDate.isLeapYear(year) ? 2000 : 2001
        guard let written = try? iso.parse(String(standIn) + rest.dropFirst(digits.count)),
            let moved = WrittenDate(
                year: year, month: written.calendarDate.month, day: written.calendarDate.day,
                hour: written.hour, minute: written.minute, second: written.second,
                nanosecond: written.nanosecond, utcOffset: written.utcOffset, hasTime: written.hasTime)
        else { return nil }
        return moved.date(zoneless: .timeZone(timeZone))
    }
}

import Foundation
@testable import IntervalText

/// Lengths in seconds for readable tables (fixed lengths: a year is 365 days).
let second: TimeInterval = 1
let minute: TimeInterval = 60
let hour: TimeInterval = 3_600
let day: TimeInterval = 86_400
let week: TimeInterval = 7 * day
let month: TimeInterval = 365 * day / 12
let year: TimeInterval = 365 * day
let century: TimeInterval = 100 * year
let millennium: TimeInterval = 1_000 * year

let utc = TimeZone(identifier: "UTC")!
let berlin = TimeZone(identifier: "Europe/Berlin")!
let newYork = TimeZone(identifier: "America/New_York")!

/// An instant from an ISO 8601 string with an offset ("2024-03-31T12:00:00+02:00").
func instant(_ text: String) -> Date {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    guard let date = formatter.date(from: text) else { fatalError("bad test instant \(text)") }
    return date
}

/// A calendar date from "yyyy-MM-dd".
func calendarDay(_ text: String) -> CalendarDate {
    let parts = text.split(separator: "-").compactMap { Int($0) }
    guard parts.count == 3, let date = CalendarDate(year: parts[0], month: parts[1], day: parts[2]) else {
        fatalError("bad test date \(text)")
    }
    return date
}

extension Language {
    /// This language writing one unit without a number.
    var withoutNumberForOne: Language {
        var language = self
        language.showsNumberForOne = false
        return language
    }

    /// The words for a signed fixed-length interval, as the seed's `stringRepresentation`.
    func text(_ interval: TimeInterval, rounding: Rounding = .truncate) -> String? {
        configuration(rounding: rounding).stringRepresentation(for: interval)
    }
}

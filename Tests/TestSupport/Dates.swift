import CivilTime
import Foundation

/// An instant from an ISO 8601 text with an offset ("2024-03-31T12:00:00+02:00"), read by
/// Foundation's own parser, which the code under test does not use.
public func instant(_ text: String) -> Date {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    guard let date = formatter.date(from: text) else { fatalError("bad test instant \(text)") }
    return date
}

/// A calendar date from "yyyy-MM-dd".
public func calendarDay(_ text: String) -> CalendarDate {
    let parts = text.split(separator: "-").compactMap { Int($0) }
    guard parts.count == 3, let date = CalendarDate(year: parts[0], month: parts[1], day: parts[2]) else {
        fatalError("bad test date \(text)")
    }
    return date
}

public let utc = TimeZone(identifier: "UTC")!
public let berlin = TimeZone(identifier: "Europe/Berlin")!
public let newYork = TimeZone(identifier: "America/New_York")!

import Foundation

/// Reads the `--now` instant: an ISO 8601 date-time with a zone (fractions allowed), or a
/// date alone, which means midnight UTC.
public enum Instant {
    public static func parse(_ text: String) -> Date? {
        let withFraction = ISO8601DateFormatter()
        withFraction.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let plain = ISO8601DateFormatter()
        plain.formatOptions = [.withInternetDateTime]
        let dateOnly = ISO8601DateFormatter()
        dateOnly.formatOptions = [.withFullDate]
        return plain.date(from: text) ?? withFraction.date(from: text) ?? dateOnly.date(from: text)
    }
}

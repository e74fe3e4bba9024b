import Foundation

/// The seed's `Date` API.
extension Date {
    /// The interval from now to `date` in words: "3 days ago" for a date in the past.
    /// Reads the clock; pass `now` explicitly with `timeInterval(to:with:counting:)` for
    /// reproducible output.
    public static func timeIntervalFromNow(to date: Date, with configuration: IntervalTextConfiguration) -> String? {
        Date().timeInterval(to: date, with: configuration)
    }

    /// The interval from this date to `date` in words, as in the seed: past format when
    /// this date is later (`self.timeIntervalSince(date) > 0`), future format when earlier.
    public func timeInterval(to date: Date, with configuration: IntervalTextConfiguration, counting: IntervalCounting = .fixed) -> String? {
        configuration.stringRepresentation(for: counting.counts(of: date, relativeTo: self))
    }
}

import CivilTime
import Foundation

/// Interval text ready to use: a language's configuration and a way of counting.
/// (Not named after the module, so that `IntervalText.Language` stays a valid qualified name.)
///
///     let text = IntervalFormatter(language: .german, counting: .calendar(berlin))
///     text.string(for: launch, relativeTo: now)          // "vor 55 Jahren"
///     text.string(for: nextBirthday, relativeTo: today)  // "in 23 Tagen", "heute"
///     text.standalone(34, .years)                        // "34 Jahre"
public struct IntervalFormatter: Sendable {
    public var language: Language
    public var configuration: IntervalTextConfiguration
    public var counting: IntervalCounting

    /// - Parameters:
    ///   - rounding: how counts are rounded; default truncate (complete units only).
    ///   - past, future: phrases replacing the language's, e.g. for "3 days after the start".
    public init(
        language: Language, counting: IntervalCounting = .fixed, rounding: Rounding = .truncate,
        past: Phrase? = nil, future: Phrase? = nil
    ) {
        self.language = language
        self.configuration = language.configuration(rounding: rounding, past: past, future: future)
        self.counting = counting
    }

    /// `date` relative to `reference` in the largest fitting component: "3 days ago" when
    /// `date` lies before `reference`, "in 3 days" after, the language's zero text ("now")
    /// when they are equal.
    public func string(for date: Date, relativeTo reference: Date) -> String? {
        configuration.stringRepresentation(for: counting.counts(of: date, relativeTo: reference))
    }

    /// A calendar day relative to another, in days: "in 23 days", "3 days ago", or the
    /// language's `today` text for the same day. For "next birthday in 23 days".
    public func string(for day: CalendarDate, relativeTo today: CalendarDate) -> String? {
        var dayConfiguration = configuration
        dayConfiguration.zeroTimeIntervalPlaceholder = language.today
        return dayConfiguration.formattedString(for: .days, with: Double(day.days(to: today)))
    }

    /// Exactly `count` of `component` in a direction: `string(2, .weeks, .future)` is
    /// "in 2 weeks"; 0 gives the zero text.
    public func string(_ count: Double, _ component: TimeComponent, _ direction: Direction) -> String? {
        configuration.formattedString(for: component, with: direction == .past ? abs(count) : -abs(count))
    }

    /// A count standing alone: "34 years", "3 Tage".
    public func standalone(_ count: Double, _ component: TimeComponent) -> String? {
        language.standalone(count, component, rounding: configuration.rounding)
    }

    public enum Direction: Sendable {
        /// "ago": the date lies before the reference.
        case past
        /// "in": the date lies after the reference.
        case future
    }
}

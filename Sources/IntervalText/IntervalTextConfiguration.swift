import Foundation
import TextFormatting

/// The seed's configuration: a zero placeholder, past and future formats with the keys
/// `<VALUE>` and `<TIME_COMPONENT>`, and a declension rule per component.
///
/// The largest component with a count of at least 1 is used. When it has no rule, the next
/// smaller component with a rule is used with its own count (no `weeks` rule: 2 weeks read
/// "14 days"). With no rule from there down to seconds the result is nil.
public struct IntervalTextConfiguration: Sendable {
    /// Placeholder for the number in `pastFormat` and `futureFormat`.
    public static let numberValueKey = "<VALUE>"
    /// Placeholder for the word in `pastFormat` and `futureFormat`.
    public static let timeComponentValueKey = "<TIME_COMPONENT>"

    /// Returned for a zero interval (and for one that rounds to 0 seconds). Default "".
    public var zeroTimeIntervalPlaceholder: String
    /// Format for positive intervals: the date lies before the reference. Default "<VALUE>".
    public var pastFormat: String
    /// Format for negative intervals: the date lies after the reference. Default "<VALUE>".
    public var futureFormat: String

    public var seconds: DeclensionRule?
    public var minutes: DeclensionRule?
    public var hours: DeclensionRule?
    public var days: DeclensionRule?
    public var weeks: DeclensionRule?
    public var months: DeclensionRule?
    public var years: DeclensionRule?
    public var centuries: DeclensionRule?
    /// Beyond the seed, for long timelines. Without it, 2000 years read "20 centuries".
    public var millennia: DeclensionRule?

    /// How counts are rounded before the rule sees them. Default: truncate (the seed).
    public var rounding: Rounding
    /// How the number is written.
    public var numberSymbols: NumberSymbols

    public init(
        zeroTimeIntervalPlaceholder: String = "",
        pastFormat: String = IntervalTextConfiguration.numberValueKey,
        futureFormat: String = IntervalTextConfiguration.numberValueKey,
        rounding: Rounding = .truncate,
        numberSymbols: NumberSymbols = NumberSymbols()
    ) {
        self.zeroTimeIntervalPlaceholder = zeroTimeIntervalPlaceholder
        self.pastFormat = pastFormat
        self.futureFormat = futureFormat
        self.rounding = rounding
        self.numberSymbols = numberSymbols
    }

    /// The rule of `component`.
    public subscript(component: TimeComponent) -> DeclensionRule? {
        get {
            switch component {
            case .seconds: seconds
            case .minutes: minutes
            case .hours: hours
            case .days: days
            case .weeks: weeks
            case .months: months
            case .years: years
            case .centuries: centuries
            case .millennia: millennia
            }
        }
        set {
            switch component {
            case .seconds: seconds = newValue
            case .minutes: minutes = newValue
            case .hours: hours = newValue
            case .days: days = newValue
            case .weeks: weeks = newValue
            case .months: months = newValue
            case .years: years = newValue
            case .centuries: centuries = newValue
            case .millennia: millennia = newValue
            }
        }
    }

    /// The seed's entry point: a signed interval in seconds (positive = past), counted in
    /// fixed-length units.
    public func stringRepresentation(for interval: TimeInterval) -> String? {
        guard interval.isFinite else { return nil }
        return stringRepresentation(for: IntervalCounts(fixed: interval))
    }

    /// The words for counts made by any `IntervalCounting`.
    public func stringRepresentation(for counts: IntervalCounts) -> String? {
        if counts.isZero { return zeroTimeIntervalPlaceholder }
        guard var component = ruledComponent(atOrBelow: counts.largestWholeComponent) else { return nil }
        var value = rounding.apply(to: counts.count(of: component))
        // Rounding may reach the next unit: 59.6 s → "1 minute", not "60 seconds".
        while let carry = component.roundingCarry, value >= carry,
            let larger = component.larger, self[larger] != nil
        {
            let largerValue = rounding.apply(to: counts.count(of: larger))
            guard largerValue >= 1 else { break }
            component = larger
            value = largerValue
        }
        return formattedString(for: self[component], with: counts.isPast ? value : -value)
    }

    /// The seed's formatter: `value` (signed, positive = past) with `rule`.
    /// 0 gives the zero placeholder, a missing rule or a rule returning nil gives nil.
    /// The value is used as given, not rounded.
    public func formattedString(for rule: DeclensionRule?, with value: Double) -> String? {
        guard value.isFinite else { return nil }
        if value == 0 { return zeroTimeIntervalPlaceholder }
        guard let rule, let (word, showsNumber) = rule(value) else { return nil }
        let format = value > 0 ? pastFormat : futureFormat
        return Self.fill(format, number: showsNumber ? numberSymbols.magnitudeString(for: value) : nil, word: word)
    }

    /// `value` (signed, positive = past) of exactly `component`, rounded with `rounding`;
    /// falls through to smaller components when `component` has no rule, converting the
    /// value with the fixed lengths.
    public func formattedString(for component: TimeComponent, with value: Double) -> String? {
        guard let ruled = ruledComponent(atOrBelow: component) else { return nil }
        let converted = value * component.fixedLength / ruled.fixedLength
        return formattedString(for: self[ruled], with: rounding.apply(to: converted))
    }

    private func ruledComponent(atOrBelow component: TimeComponent) -> TimeComponent? {
        var candidate: TimeComponent? = component
        while let current = candidate {
            if self[current] != nil { return current }
            candidate = current.smaller
        }
        return nil
    }

    /// Puts number and word into a format. Without a number, the `<VALUE>` key and one
    /// space next to it are removed: "<VALUE> <TIME_COMPONENT> ago" → "a minute ago".
    ///
    /// A byte scan, not Foundation's `replacingOccurrences` (an `NSString` copy): this runs
    /// for every date on every page.
    static func fill(_ format: String, number: String?, word: String) -> String {
        var text = format
        if let number {
            text = text.replacingEvery(numberValueKey, with: number)
        } else {
            for pattern in [numberValueKey + " ", " " + numberValueKey, numberValueKey] {
                text = text.replacingEvery(pattern, with: "")
            }
        }
        return text.replacingEvery(timeComponentValueKey, with: word)
    }
}

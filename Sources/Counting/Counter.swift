import Foundation
import TextFormatting

/// One animated number on a page: it counts from `from` to `to` in `duration` seconds
/// along an `easing` curve, and is written through `format` ("{value} %").
///
/// The page always holds the final text (`finalText(locale:)`), so it is right with no
/// script and for screen readers; `dataAttributes` tell `counter.js` how to animate it.
///
///     let counter = try Counter(to: 34, duration: 1.5, easing: .easeOut, format: "{value} years")
///     counter.value(at: 0.75)                               // 29.75
///     counter.finalText(locale: Locale(identifier: "de"))   // "34 years"
public struct Counter: Hashable, Sendable {
    public var from: Double
    public var to: Double
    /// Seconds; 0 shows the final value at once.
    public var duration: Double
    public var easing: Easing
    public var kind: ValueKind
    /// The text around the number; every `{value}` is replaced by it.
    public var format: String

    /// The seed's defaults: from 0, 2 seconds, `none` (linear), whole numbers.
    public init(
        from: Double = 0, to: Double, duration: Double = 2, easing: Easing = .none,
        kind: ValueKind = .integer, format: String = "{value}"
    ) throws(CounterError) {
        guard from.isFinite else { throw .notANumber(name: "from", value: from) }
        guard to.isFinite else { throw .notANumber(name: "to", value: to) }
        guard duration.isFinite, duration >= 0 else { throw .badDuration(duration) }
        if case .decimals(let n) = kind, !(0...ValueKind.maximumDecimals).contains(n) {
            throw .badDecimals(n)
        }
        guard format.contains(Self.placeholder) else { throw .formatWithoutValue(format) }
        self.from = from
        self.to = to
        self.duration = duration
        self.easing = easing
        self.kind = kind
        self.format = format
    }

    /// The mark in `format` that the number replaces.
    public static let placeholder = "{value}"

    /// The value `seconds` after the start, `seconds` clamped to 0…duration.
    /// At the end (and always when the duration is 0) it is exactly `to`.
    public func value(at seconds: Double) -> Double {
        guard duration > 0, seconds < duration else { return to }
        let t = max(seconds, 0) / duration
        return from + (to - from) * easing.progress(t)
    }

    /// `value` as the page shows it: rounded to the kind's decimals (half away from zero,
    /// see `NumberSymbols.string(for:fractionDigits:)`), written for the language, and put
    /// into `format`.
    public func text(for value: Double, locale: Locale) -> String {
        text(for: value, language: locale.identifier)
    }

    /// As `text(for:locale:)`, for a BCP 47 language tag such as "de" or "uk-UA".
    public func text(for value: Double, language: String) -> String {
        text(for: value, symbols: NumberSymbols(language: language))
    }

    /// As `text(for:locale:)`, with the number written with `symbols`.
    public func text(for value: Double, symbols: NumberSymbols) -> String {
        format.replacingEvery(Self.placeholder, with: symbols.string(for: value, fractionDigits: kind.fractionDigits))
    }

    /// The text of `to`: what the HTML holds and what the page shows when the counter stops.
    public func finalText(locale: Locale) -> String {
        text(for: to, locale: locale)
    }

    /// As `finalText(locale:)`, for a BCP 47 language tag.
    public func finalText(language: String) -> String {
        text(for: to, language: language)
    }

    /// As `finalText(locale:)`, with the number written with `symbols`.
    public func finalText(symbols: NumberSymbols) -> String {
        text(for: to, symbols: symbols)
    }

    /// The attributes `counter.js` reads, in a fixed order, values unescaped (escaping them
    /// is the template's job). Numbers are written so that JavaScript's `Number()` reads
    /// back the same double: "34", "1.5", "1e-07".
    public var dataAttributes: [(String, String)] {
        [
            ("data-counter", ""),
            ("data-from", Self.attributeText(from)),
            ("data-to", Self.attributeText(to)),
            ("data-duration", Self.attributeText(duration)),
            ("data-easing", easing.rawValue),
            ("data-decimals", String(kind.fractionDigits)),
            ("data-format", format),
        ]
    }

    static func attributeText(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return value.description
    }
}

/// Whether a counter shows whole numbers or a fixed number of decimals.
public enum ValueKind: Hashable, Sendable {
    /// Whole numbers; `to` = 99.5 shows "100" (half away from zero, like the decimals).
    /// The seed truncated (`Int(value)`); ttsite rounds so that the page's script, which
    /// uses `Intl.NumberFormat`, and the HTML agree.
    case integer
    /// Exactly this many decimals, 0…`maximumDecimals`: `.decimals(1)` shows "2.0", "2.5".
    case decimals(Int)

    public static let maximumDecimals = 20

    public var fractionDigits: Int {
        switch self {
        case .integer: return 0
        case .decimals(let n): return n
        }
    }
}

/// A counter that cannot be shown, in words for a site author.
public enum CounterError: Error, Hashable, Sendable, CustomStringConvertible {
    case notANumber(name: String, value: Double)
    case badDuration(Double)
    case badDecimals(Int)
    case formatWithoutValue(String)

    public var description: String {
        switch self {
        case .notANumber(let name, let value):
            return "counter: \(name) must be a finite number, not \(value)"
        case .badDuration(let duration):
            return "counter: the duration must be 0 or more seconds, not \(duration)"
        case .badDecimals(let n):
            return "counter: decimals must be 0 to \(ValueKind.maximumDecimals), not \(n)"
        case .formatWithoutValue(let format):
            return "counter: the format \"\(format)\" has no {value} to put the number in"
        }
    }
}

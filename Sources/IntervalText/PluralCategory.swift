import Foundation
import TextFormatting

/// A CLDR plural category (https://cldr.unicode.org/index/cldr-spec/plural-rules).
/// English and German use one/other; Russian and Ukrainian one/few/many/other.
public enum PluralCategory: String, CaseIterable, Codable, Sendable {
    case zero, one, two, few, many, other
}

/// The CLDR plural operands of a number as written (UTS #35, "Plural Operand Meanings").
public struct PluralOperands: Hashable, Sendable {
    /// Absolute value.
    public var n: Double
    /// Integer digits of n.
    public var i: Int
    /// Number of visible fraction digits, with trailing zeros.
    public var v: Int
    /// Visible fraction digits, with trailing zeros, as an integer.
    public var f: Int
    /// Visible fraction digits, without trailing zeros, as an integer.
    public var t: Int
    /// Number of visible fraction digits, without trailing zeros.
    public var w: Int
    /// The exponent of a number in compact notation ("1.2c6"); ttsite writes none, so 0.
    public var e: Int = 0

    /// Operands of a number written with these digits, e.g. ("21", "50") for 21.50.
    public init(integerDigits: String, fractionDigits: String) {
        i = Int(integerDigits) ?? 0
        v = fractionDigits.count
        f = Int(fractionDigits) ?? 0
        var trimmed = Substring(fractionDigits)
        while trimmed.hasSuffix("0") { trimmed = trimmed.dropLast() }
        t = Int(trimmed) ?? 0
        w = trimmed.count
        n = Double(integerDigits + (fractionDigits.isEmpty ? "" : "." + fractionDigits)) ?? 0
    }

    /// Operands of a number as ttsite writes it (at most 6 decimals, no trailing zeros).
    public init(_ value: Double) {
        let digits = NumberSymbols.digits(of: value)
        self.init(integerDigits: digits.integer, fractionDigits: digits.fraction)
    }

    /// Operands of a decimal literal such as "1.50" (trailing zeros count for `v` and `f`).
    public init?(literal: String) {
        let parts = literal.trimmingCharacters(in: .whitespaces)
            .trimmingCharacters(in: CharacterSet(charactersIn: "-"))
            .split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), !parts[0].isEmpty,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
        else { return nil }
        self.init(integerDigits: String(parts[0]), fractionDigits: parts.count == 2 ? String(parts[1]) : "")
    }
}

/// A CLDR number pattern (UTS #35, "Number Patterns") such as `#,##0.###`, `#,##0 %`,
/// `¤#,##0.00` or a compact one such as `00 mil M`: text before and after the number, whether
/// the number is grouped, and how many decimals it has. Written with a language's
/// `NumberSymbols`, so separators, grouping and digits are the language's.
///
/// Only what the patterns of ttsite's language packs use: one pattern for both signs (a
/// negative number takes the minus sign in front), groups of three, `%` and `¤` standing for
/// the percent sign and the currency symbol, and text in single quotes.
public struct NumberPattern: Hashable, Sendable {
    /// The text before and after the number, `%` and `¤` filled in, quotes removed.
    public var prefix: String
    public var suffix: String
    /// True when the number part has a grouping separator (`#,##0`).
    public var groups: Bool
    /// The zeros before the decimal point: "000 mil" has 3 (compact patterns say with them
    /// how many digits the number keeps).
    public var integerZeros: Int
    public var minimumFractionDigits: Int
    public var maximumFractionDigits: Int

    /// Reads `pattern`; nil when it has no number part (no `0` or `#`) or two of them.
    public init?(_ pattern: String, percentSign: String = "%") {
        var prefix = ""
        var suffix = ""
        var number = ""
        var inQuote = false
        var seenNumber = false
        var characters = Array(pattern)[...]
        while let character = characters.popFirst() {
            var literal: String
            if character == "'" {
                if characters.first == "'" {
                    characters.removeFirst()
                    literal = "'"
                } else {
                    inQuote.toggle()
                    continue
                }
            } else if inQuote {
                literal = String(character)
            } else if "#0,.".contains(character) {
                guard !seenNumber else { return nil }
                number.append(character)
                while let next = characters.first, "#0,.".contains(next) { number.append(characters.removeFirst()) }
                seenNumber = true
                continue
            } else if character == "%" {
                literal = percentSign
            } else {
                literal = String(character)
            }
            if seenNumber { suffix += literal } else { prefix += literal }
        }
        guard number.contains(where: { $0 == "0" || $0 == "#" }) else { return nil }
        let halves = number.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        self.prefix = prefix
        self.suffix = suffix
        groups = halves[0].contains(where: { $0 == "," })
        integerZeros = halves[0].filter { $0 == "0" }.count
        let fraction = halves.count > 1 ? halves[1] : ""
        minimumFractionDigits = fraction.filter { $0 == "0" }.count
        maximumFractionDigits = fraction.count
    }

    /// `number` written with the pattern: rounded to its decimals (halves to even), trailing
    /// zeros beyond the minimum dropped, grouped as `symbols` groups (from its
    /// `minimumDigitsToGroup` on), in `symbols`' digits. A negative number that does not round
    /// to zero starts with `minusSign`.
    public func string(_ number: DecimalNumber, symbols: NumberSymbols, minusSign: String = "-") -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(prefix.utf8.count + number.digits.count + 16 + suffix.utf8.count)
        append(number, symbols: symbols, minusSign: minusSign, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `string(_:symbols:minusSign:)` written into `bytes`.
    public func append(_ number: DecimalNumber, symbols: NumberSymbols, minusSign: String = "-", to bytes: inout [UInt8]) {
        let rounded = number.rounded(toPlaces: maximumFractionDigits)
        if rounded.isNegative { bytes += minusSign.utf8 }
        bytes += prefix.utf8
        // A rounded number has no trailing zeros: the fraction gets those the minimum asks for.
        symbols.appendWritten(
            integer: rounded.integerASCII, fraction: rounded.fractionASCII(minimumDigits: minimumFractionDigits),
            grouping: groups, to: &bytes)
        bytes += suffix.utf8
    }

    /// `append(DecimalNumber(value), …)`, the same bytes, with no array made on the way for
    /// a number that is an integer over a power of ten with no more places than the pattern
    /// keeps (most data: 12.34, 1500, 0.5), which needs no rounding. A chart's data table
    /// writes one a cell.
    public func append(_ value: Double, symbols: NumberSymbols, minusSign: String = "-", to bytes: inout [UInt8]) {
        guard let (integer, places) = DecimalNumber.scaledInteger(value), places <= maximumFractionDigits else {
            return append(DecimalNumber(value), symbols: symbols, minusSign: minusSign, to: &bytes)
        }
        if value < 0 && integer != 0 { bytes += minusSign.utf8 }
        if !prefix.isEmpty { bytes += prefix.utf8 }
        // ASCII digits, at least one before the point: 0.05 is integer 5, places 2, "005".
        let room = 21 + minimumFractionDigits
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: room) { buffer in
            var digits = 20
            var rest = integer
            repeat {
                digits -= 1
                buffer[digits] = 48 + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            while 20 - digits < places + 1 {
                digits -= 1
                buffer[digits] = 48
            }
            let point = 20 - places
            var end = 20
            while end > point && buffer[end - 1] == 48 { end -= 1 }
            while end - point < minimumFractionDigits {
                buffer[end] = 48
                end += 1
            }
            symbols.appendWritten(
                integer: UnsafeBufferPointer(rebasing: buffer[digits..<point]),
                fraction: UnsafeBufferPointer(rebasing: buffer[point..<end]), grouping: groups, to: &bytes)
        }
        if !suffix.isEmpty { bytes += suffix.utf8 }
    }
}

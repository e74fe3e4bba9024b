
/// How a count is written: decimal and grouping separators (by default "." and none,
/// as the seed writes numbers). ttsite formats numbers itself
/// (no locale data from the system) so that output is the same on every machine.
public struct NumberFormat: Hashable, Sendable {
    public var decimalSeparator: String
    public var groupingSeparator: String
    /// Integers with fewer digits than this are not grouped (CLDR's minimum grouping digits
    /// plus three: 4 groups "1,000", 5 leaves "1000" alone and groups "10 000").
    public var minimumDigitsToGroup: Int

    public init(decimalSeparator: String = ".", groupingSeparator: String = "", minimumDigitsToGroup: Int = 4) {
        self.decimalSeparator = decimalSeparator
        self.groupingSeparator = groupingSeparator
        self.minimumDigitsToGroup = minimumDigitsToGroup
    }

    /// The absolute value of `value` as written: "2.5", "1,000", "1,5" (German).
    public func string(for value: Double) -> String {
        let digits = Self.digits(of: value)
        var integer = digits.integer
        if integer.count >= minimumDigitsToGroup, !groupingSeparator.isEmpty {
            integer = Self.grouped(integer, separator: groupingSeparator)
        }
        return digits.fraction.isEmpty ? integer : integer + decimalSeparator + digits.fraction
    }

    /// The decimal digits of |value|, at most 6 decimals, trailing zeros dropped.
    /// Plural operands are computed from the same digits, so the category always
    /// matches the number shown.
    static func digits(of value: Double) -> (integer: String, fraction: String) {
        guard value.isFinite else { return ("0", "") }
        let magnitude = abs(value)
        // Whole numbers (ages, days, counts) are most of them: their digits are the integer's.
        if magnitude < 1e15, magnitude == magnitude.rounded(.towardZero) {
            return (String(Int(magnitude)), "")
        }
        let text = CFormat.fixed(magnitude, decimals: 6)
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        let integer = String(parts[0])
        var fraction = parts.count > 1 ? String(parts[1]) : ""
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return (integer, fraction)
    }

    private static func grouped(_ digits: String, separator: String) -> String {
        var groups: [Substring] = []
        var end = digits.endIndex
        while end > digits.startIndex {
            let start = digits.index(end, offsetBy: -3, limitedBy: digits.startIndex) ?? digits.startIndex
            groups.insert(digits[start..<end], at: 0)
            end = start
        }
        return groups.joined(separator: separator)
    }
}

/// A number as the decimal digits a reader sees: exactly an integer's digits, or the shortest
/// text that reads back as a `Double` (Swift's `description`, Python's `str(float)`: 0.35,
/// not 0.34999…). Shifting by powers of ten (percent, thousands) and rounding happen on these
/// digits, so 1.005 rounds as written and 0.125 is a tie.
public struct DecimalNumber: Hashable, Sendable {
    public var isNegative: Bool
    /// The digits, without leading or trailing zeros; empty for zero.
    public private(set) var digits: [UInt8]
    /// Where the decimal point goes: digits [1, 2] with point 4 are 1200, with point 0 they
    /// are 0.12.
    public private(set) var point: Int

    /// `value`, which must be finite.
    public init(_ value: Double) {
        let (digits, point) = NumberSymbols.shortestDigits(of: abs(value))
        self.init(isNegative: value < 0, digits: digits.map(UInt8.init), point: point)
    }

    public init(_ value: Int64) {
        let digits = String(value.magnitude).utf8.map { $0 - 48 }
        self.init(isNegative: value < 0, digits: digits, point: digits.count)
    }

    private init(isNegative: Bool, digits: [UInt8], point: Int) {
        var digits = digits[...], point = point
        while digits.first == 0 { digits.removeFirst(); point -= 1 }
        while digits.last == 0 { digits.removeLast() }
        self.isNegative = isNegative && !digits.isEmpty
        self.digits = Array(digits)
        self.point = digits.isEmpty ? 0 : point
    }

    public var isZero: Bool { digits.isEmpty }

    /// The number times 10^`exponent`: a percent is `shifted(by: 2)`, thousands `shifted(by: -3)`.
    public func shifted(by exponent: Int) -> DecimalNumber {
        DecimalNumber(isNegative: isNegative, digits: digits, point: isZero ? 0 : point + exponent)
    }

    /// How many digits the integer part has: 0 for 0.5, 4 for 1234.5.
    public var integerDigitCount: Int { max(point, 0) }

    /// The number rounded to at most `places` decimals, halves to the even digit (CLDR's and
    /// Python's `decimal` default, and ICU's): 0.125 → 0.12, 0.135 → 0.14, 2.5 → 2. A number
    /// that rounds to zero loses its sign.
    public func rounded(toPlaces places: Int) -> DecimalNumber {
        let keep = point + places
        guard keep < digits.count else { return self }
        guard keep >= 0 else { return DecimalNumber(isNegative: false, digits: [], point: 0) }
        var kept = Array(digits[..<keep])
        let first = digits[keep]
        let beyondIsZero = digits[(keep + 1)...].allSatisfy { $0 == 0 }
        let lastIsOdd = (kept.last ?? 0) % 2 == 1
        if first > 5 || (first == 5 && (!beyondIsZero || lastIsOdd)) {
            var index = kept.count - 1
            while index >= 0, kept[index] == 9 {
                kept[index] = 0
                index -= 1
            }
            if index >= 0 {
                kept[index] += 1
                return DecimalNumber(isNegative: isNegative, digits: kept, point: point)
            }
            return DecimalNumber(isNegative: isNegative, digits: [1] + kept, point: point + 1)
        }
        return DecimalNumber(isNegative: isNegative, digits: kept, point: point)
    }

    /// The integer digits ("0" for none) and the fraction digits, at least
    /// `minimumFractionDigits` of them (trailing zeros added), as ASCII.
    public func parts(minimumFractionDigits: Int = 0) -> (integer: String, fraction: String) {
        var integer = ""
        for index in 0..<integerDigitCount { integer.append(Character(Unicode.Scalar(48 + (index < digits.count ? digits[index] : 0)))) }
        if integer.isEmpty { integer = "0" }
        var fraction = ""
        if point < 0 { fraction = String(repeating: "0", count: -point) }
        for digit in digits.dropFirst(integerDigitCount) { fraction.append(Character(Unicode.Scalar(48 + digit))) }
        if fraction.count < minimumFractionDigits { fraction += String(repeating: "0", count: minimumFractionDigits - fraction.count) }
        return (integer, fraction)
    }

    /// The value as a `Double` (nearest).
    public var doubleValue: Double {
        let (integer, fraction) = parts()
        let magnitude = Double(fraction.isEmpty ? integer : integer + "." + fraction) ?? 0
        return isNegative ? -magnitude : magnitude
    }
}

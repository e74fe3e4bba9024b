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
        // Most data has a few decimals (12.34, 1500, 0.5): such a number is an integer of at
        // most 15 digits over a power of ten that reads back as the same Double. A decimal of
        // 15 significant digits or fewer is the only one of them that reads back as its
        // Double (IEEE double's 15 decimal digits of precision), so it is the shortest text
        // too, found without writing the description.
        if let (integer, places) = Self.scaledInteger(value) {
            var integer = integer
            var digits: [UInt8] = []
            digits.reserveCapacity(16)
            while integer > 0 {
                digits.append(UInt8(integer % 10))
                integer /= 10
            }
            digits.reverse()
            self.init(isNegative: value < 0, digits: digits, point: digits.count - places)
            return
        }
        self.init(describing: value)
    }

    /// `value`'s magnitude as an integer over 10^`places`, with the fewest places from 0 to 6
    /// that read back as the same Double; nil for a magnitude of 10^15 or more, one that
    /// needs more places, infinity and NaN.
    @inline(__always)
    static func scaledInteger(_ value: Double) -> (integer: UInt64, places: Int)? {
        let magnitude = abs(value)
        guard magnitude < 1e15 else { return nil }
        var scale = 1.0
        for places in 0...6 {
            let scaled = (magnitude * scale).rounded()
            if scaled >= 1e15 { return nil }
            if scaled / scale == magnitude { return (UInt64(scaled), places) }
            scale *= 10
        }
        return nil
    }

    /// `value` read from its description, the shortest round-trip text: "0.35", "1e-07",
    /// "1.5e+21" (what `init(_:)` does for a number its quick way does not read).
    public init(describing value: Double) {
        var digits: [UInt8] = []
        digits.reserveCapacity(17)
        var point = 0
        var exponent = 0
        var exponentSign = 1
        var seenPoint = false
        var inExponent = false
        for byte in abs(value).description.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if inExponent {
                    exponent = exponent * 10 + Int(byte - 48)
                } else {
                    digits.append(byte - 48)
                    if !seenPoint { point += 1 }
                }
            case UInt8(ascii: "."): seenPoint = true
            case UInt8(ascii: "e"), UInt8(ascii: "E"): inExponent = true
            case UInt8(ascii: "-"): exponentSign = -1
            default: break
            }
        }
        self.init(isNegative: value < 0, digits: digits, point: point + exponentSign * exponent)
    }

    public init(_ value: Int64) {
        let digits = String(value.magnitude).utf8.map { $0 - 48 }
        self.init(isNegative: value < 0, digits: digits, point: digits.count)
    }

    private init(isNegative: Bool, digits: [UInt8], point: Int) {
        var digits = digits
        var point = point
        // Copied only when there are zeros to drop: most numbers have none.
        if digits.first == 0 || digits.last == 0 {
            let start = digits.firstIndex { $0 != 0 } ?? digits.count
            let end = (digits.lastIndex { $0 != 0 } ?? -1) + 1
            digits = start < end ? Array(digits[start..<end]) : []
            point -= start
        }
        self.isNegative = isNegative && !digits.isEmpty
        self.digits = digits
        self.point = digits.isEmpty ? 0 : point
    }

    public var isZero: Bool { digits.isEmpty }

    /// The number times 10^`exponent`: a percent is `shifted(by: 2)`, thousands `shifted(by: -3)`.
    public func shifted(by exponent: Int) -> DecimalNumber {
        DecimalNumber(isNegative: isNegative, digits: digits, point: isZero ? 0 : point + exponent)
    }

    /// How many digits the integer part has: 0 for 0.5, 4 for 1234.5.
    public var integerDigitCount: Int { max(point, 0) }

    /// How a rounding breaks a tie (a last kept digit followed by exactly 5).
    public enum Ties: Sendable {
        /// To the even digit: CLDR's, ICU's and Python's `decimal` default (0.125 → 0.12).
        case toEven
        /// Away from zero, as the counters write their numbers (2.5 → 3, −2.5 → −3).
        case awayFromZero
    }

    /// The number rounded to at most `places` decimals, ties broken as `ties` says (halves to
    /// the even digit by default: 0.125 → 0.12, 0.135 → 0.14, 2.5 → 2). A number that rounds
    /// to zero loses its sign.
    public func rounded(toPlaces places: Int, ties: Ties = .toEven) -> DecimalNumber {
        let keep = point + places
        guard keep < digits.count else { return self }
        guard keep >= 0 else { return DecimalNumber(isNegative: false, digits: [], point: 0) }
        var kept = Array(digits[..<keep])
        let first = digits[keep]
        let isTie = first == 5 && digits[(keep + 1)...].allSatisfy { $0 == 0 }
        let roundsUp = first > 5 || (first == 5 && (!isTie || ties == .awayFromZero || (kept.last ?? 0) % 2 == 1))
        guard roundsUp else { return DecimalNumber(isNegative: isNegative, digits: kept, point: point) }
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

    /// The integer digits as ASCII, "0" for none: `parts().integer`'s bytes, read off the digits.
    public var integerASCII: ASCIIDigits {
        let count = integerDigitCount
        return ASCIIDigits(digits, from: count == 0 ? -1 : 0, count: max(count, 1))
    }

    /// The fraction digits as ASCII, at least `minimumDigits` of them (trailing zeros added):
    /// `parts(minimumFractionDigits:).fraction`'s bytes, read off the digits.
    public func fractionASCII(minimumDigits: Int = 0) -> ASCIIDigits {
        let integerCount = integerDigitCount
        let leadingZeros = max(-point, 0)
        let count = max(leadingZeros + max(digits.count - integerCount, 0), minimumDigits)
        return ASCIIDigits(digits, from: integerCount - leadingZeros, count: count)
    }

    /// `count` digits as ASCII from the digit at `from`, a zero for each before the first
    /// digit or after the last: a number's integer or fraction part, with no string or array
    /// made for it (a table writes a number per cell).
    public struct ASCIIDigits: RandomAccessCollection {
        private let digits: [UInt8]
        private let from: Int
        public let count: Int

        init(_ digits: [UInt8], from: Int, count: Int) {
            self.digits = digits
            self.from = from
            self.count = count
        }

        public var startIndex: Int { 0 }
        public var endIndex: Int { count }

        public subscript(position: Int) -> UInt8 {
            let index = from + position
            return index >= 0 && index < digits.count ? digits[index] + 48 : 48
        }
    }

    /// The integer digits ("0" for none) and the fraction digits, at least
    /// `minimumFractionDigits` of them (trailing zeros added), as ASCII.
    public func parts(minimumFractionDigits: Int = 0) -> (integer: String, fraction: String) {
        (
            String(decoding: integerASCII, as: UTF8.self),
            String(decoding: fractionASCII(minimumDigits: minimumFractionDigits), as: UTF8.self)
        )
    }
}

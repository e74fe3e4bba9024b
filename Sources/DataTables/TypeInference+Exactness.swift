import Foundation

extension TypeInference {
    /// Whether `value`, the Double nearest to the number `text` (already checked by
    /// `numberShape`), stands for it: not 0 for a text with a digit other than 0, not infinite,
    /// and the same number to the text's own significant digits (at most 17, all a Double
    /// tells apart). `-1e-400` is not 0, and `9007199254740993.0` is not 9007199254740992.
    /// Digits past the 17th are noise a Double cannot keep; they may round either way.
    static func holds(_ value: Double, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard value.isFinite else { return false }
        let written = DecimalDigits(text)
        guard !written.digits.isEmpty else { return true }
        guard value != 0 else { return false }
        // Fifteen digits of a normal Double always come back as written (DBL_DIG).
        if written.digits.count <= 15, value.isNormal { return true }
        let count = min(written.digits.count, 17)
        let held = DecimalDigits(String(format: "%.*e", count - 1, value))
        let rounded = written.rounded(to: count)
        if held.digits == rounded.digits, held.exponent == rounded.exponent { return true }
        guard written.digits.count > 17, held.exponent == rounded.exponent, let a = held.integer(count), let b = rounded.integer(count)
        else { return false }
        return a > b ? a - b <= 1 : b - a <= 1
    }
}

/// A decimal number as its significant digits (no leading or trailing zeros) and the power of
/// ten of the place before the first: `0.0120` is digits 1 2, exponent -1 (0.12 × 10⁻¹).
struct DecimalDigits: Equatable {
    var digits: [UInt8] = []
    var exponent = 0

    init(_ text: UnsafeBufferPointer<UInt8>) {
        var index = 0
        var afterPoint = false
        while index < text.count {
            let byte = text[index]
            if byte == UInt8(ascii: ".") {
                afterPoint = true
            } else if byte | 0x20 == UInt8(ascii: "e") {
                exponent += Self.exponent(text[(index + 1)...])
                break
            } else if byte &- 48 < 10 {
                let digit = byte &- 48
                if digits.isEmpty, digit == 0 {
                    if afterPoint { exponent -= 1 }
                } else {
                    digits.append(digit)
                    if !afterPoint { exponent += 1 }
                }
            }
            index += 1
        }
        while digits.last == 0 { digits.removeLast() }
        if digits.isEmpty { exponent = 0 }
    }

    init(_ text: String) {
        var text = text
        self = text.withUTF8 { DecimalDigits($0) }
    }

    private init(digits: [UInt8], exponent: Int) {
        self.digits = digits
        self.exponent = exponent
    }

    /// An exponent's text (`+12`, `-400`), held within ±100,000: far past any Double.
    private static func exponent(_ text: Slice<UnsafeBufferPointer<UInt8>>) -> Int {
        var value = 0
        var negative = false
        for byte in text {
            if byte == UInt8(ascii: "-") { negative = true } else if byte &- 48 < 10 { value = min(value * 10 + Int(byte &- 48), 100_000) }
        }
        return negative ? -value : value
    }

    /// The number rounded half up to `count` significant digits.
    func rounded(to count: Int) -> DecimalDigits {
        guard digits.count > count else { return self }
        var kept = Array(digits.prefix(count))
        var exponent = self.exponent
        if digits[count] >= 5 {
            var index = count - 1
            while index >= 0, kept[index] == 9 {
                kept[index] = 0
                index -= 1
            }
            if index >= 0 {
                kept[index] += 1
            } else {
                kept.insert(1, at: 0)
                kept.removeLast()
                exponent += 1
            }
        }
        while kept.last == 0 { kept.removeLast() }
        return DecimalDigits(digits: kept, exponent: exponent)
    }

    /// The first `count` digits (zeros after the last) as one integer; nil past 18 digits.
    func integer(_ count: Int) -> UInt64? {
        guard count <= 18 else { return nil }
        var value: UInt64 = 0
        for index in 0..<count { value = value * 10 + UInt64(index < digits.count ? digits[index] : 0) }
        return value
    }
}

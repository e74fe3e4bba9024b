import Foundation
import Testing
import TextFormatting

/// A Double's decimal digits, read the quick way (an integer over a power of ten) where that
/// applies, are the digits of its shortest round-trip text (Swift's description, read by
/// `init(describing:)`), on numbers of the shapes data has and on arbitrary bit patterns.
@Suite struct DecimalNumberTests {
    @Test func theQuickWayGivesTheShortestTextsDigits() {
        var random = SystemRandomNumberGenerator()
        var values: [Double] = [
            0, -0.0, 1, -1, 0.1, 0.2, 0.1 + 0.2, 0.3, 1.005, 0.125, 1e-7, 123_456_789_012_345, 999_999_999_999_999,
            1e15, 1e15 - 1, 4.35, 1e-6, 0.000001, 0.0000015, 12.34, 99.995, 1e300, 5e-324, .ulpOfOne,
        ]
        for _ in 0..<100_000 {
            // Decimals of 0 to 8 places and up to 16 digits, as a CSV or a sum would hold them.
            let places = Int.random(in: 0...8, using: &random)
            let integer =
                Int64.random(in: -9_999_999_999_999_999...9_999_999_999_999_999, using: &random)
                / Int64(pow(10, Double(Int.random(in: 0...16, using: &random))))
            values.append(Double(integer) / pow(10, Double(places)))
            values.append(Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &random)))
            values.append(Double.random(in: -1e6...1e6, using: &random))
        }
        var mismatches: [String] = []
        for value in values where value.isFinite {
            if DecimalNumber(value) != DecimalNumber(describing: value) { mismatches.append("\(value)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    /// A pattern writes a Double the quick way (no array made) exactly as it writes the
    /// Double's `DecimalNumber`, which the Babel oracle holds to CLDR: on the same numbers,
    /// with patterns that keep none to eight places and pad to some, in three languages'
    /// symbols (Persian's own digits among them).
    @Test func aPatternWritesADoubleAsItsDecimalNumber() {
        var random = SystemRandomNumberGenerator()
        var values: [Double] = [
            0, -0.0, 1, -1, 0.05, -0.05, 0.5, 1500, -1500, 1234.5, 0.125, 99.995, 1e15 - 1, 1e15, 1e-7, 123456.000001, .nan,
        ]
        for _ in 0..<30_000 {
            let places = Int.random(in: 0...8, using: &random)
            let integer =
                Int64.random(in: -9_999_999_999_999_999...9_999_999_999_999_999, using: &random)
                / Int64(pow(10, Double(Int.random(in: 0...16, using: &random))))
            values.append(Double(integer) / pow(10, Double(places)))
            values.append(Double.random(in: -1e6...1e6, using: &random))
        }
        let patterns = ["#,##0", "#,##0.###", "#,##0.00", "0.0", "#,##0.########", "#0.000000", "¤#,##0.00", "#,##0 %"].compactMap {
            NumberPattern($0)
        }
        let symbols = [NumberSymbols.english, .german, NumberSymbols(language: "fa")]
        var mismatches: [String] = []
        for value in values {
            for pattern in patterns {
                for symbol in symbols {
                    var quick: [UInt8] = []
                    var slow: [UInt8] = []
                    pattern.append(value, symbols: symbol, minusSign: "\u{2212}", to: &quick)
                    pattern.append(DecimalNumber(value), symbols: symbol, minusSign: "\u{2212}", to: &slow)
                    if quick != slow {
                        mismatches.append("\(value): \(String(decoding: quick, as: UTF8.self)) ≠ \(String(decoding: slow, as: UTF8.self))")
                    }
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
        // By hand: padding, leading zeros, a zero with a sign, grouping.
        func written(_ value: Double, _ pattern: String, _ symbols: NumberSymbols = .english) -> String {
            var bytes: [UInt8] = []
            NumberPattern(pattern)!.append(value, symbols: symbols, to: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }
        #expect(written(0.05, "#,##0.00") == "0.05")
        #expect(written(-0.0, "#,##0.##") == "0")
        #expect(written(1500, "#,##0.00") == "1,500.00")
        #expect(written(-1234.5, "#,##0.###") == "-1,234.5")
        #expect(written(1234.5, "#,##0.###", .german) == "1.234,5")
        #expect(written(0.125, "#,##0.##") == "0.12")
        #expect(written(12.3, "0.0", NumberSymbols(language: "fa")) == "۱۲٫۳")
    }
}

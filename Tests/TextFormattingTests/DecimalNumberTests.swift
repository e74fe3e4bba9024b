import Foundation
import Testing
import TextFormatting

/// A Double's decimal digits, read the quick way (an integer over a power of ten) where that
/// applies, are the digits of its shortest round-trip text (Swift's description, read by
/// `init(describing:)`), on numbers of the shapes data has and on arbitrary bit patterns.
@Suite struct DecimalNumberTests {
    @Test func theQuickWayGivesTheShortestTextsDigits() {
        var random = SystemRandomNumberGenerator()
        var values: [Double] = [0, -0.0, 1, -1, 0.1, 0.2, 0.1 + 0.2, 0.3, 1.005, 0.125, 1e-7, 123456789012345, 999999999999999,
                                1e15, 1e15 - 1, 4.35, 1e-6, 0.000001, 0.0000015, 12.34, 99.995, 1e300, 5e-324, .ulpOfOne]
        for _ in 0..<100_000 {
            // Decimals of 0 to 8 places and up to 16 digits, as a CSV or a sum would hold them.
            let places = Int.random(in: 0...8, using: &random)
            let integer = Int64.random(in: -9_999_999_999_999_999...9_999_999_999_999_999, using: &random) / Int64(pow(10, Double(Int.random(in: 0...16, using: &random))))
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
}

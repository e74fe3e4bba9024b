import Testing
import TextFormatting

/// Expected texts are Python's: `"%.*f" % (decimals, value)` (correctly rounded, as glibc's
/// printf and Foundation's `String(format:)` are) and `str.replace` for the key fills.
struct CFormatTests {
    @Test(arguments: [
        (2.5, 0, "2"), (0.5, 0, "0"), (1.5, 0, "2"), (0.125, 2, "0.12"), (1.005, 2, "1.00"),
        (-0.0001, 2, "-0.00"), (1e20, 2, "100000000000000000000.00"), (123.456789, 6, "123.456789"),
        (5e-324, 6, "0.000000"), (2.0 / 3.0, 4, "0.6667"), (-7.25, 1, "-7.2"),
    ])
    func fixed(value: Double, decimals: Int, text: String) {
        #expect(CFormat.fixed(value, decimals: decimals) == text)
    }

    @Test func aNumberLongerThanTheFirstBufferIsWrittenWhole() {
        // Python: "%.1f" % 1e300 has 301 digits before the point; ends in "…386865459400540160.0".
        let text = CFormat.fixed(1e300, decimals: 1)
        #expect(text.count == 303)
        #expect(text.hasPrefix("10000000000000000525047602552044202487"))
        #expect(text.hasSuffix("459400540160.0"))
    }

    @Test(arguments: [(7, 2, "07"), (1969, 4, "1969"), (12345, 4, "12345"), (0, 2, "00"), (-5, 4, "-0005")])
    func padded(value: Int, width: Int, text: String) {
        #expect(CFormat.padded(value, width) == text)
    }

    /// The digits written into the string's bytes, against the same text made of strings.
    @Test func paddedEqualsItsTextMadeOfStrings() {
        for _ in 0..<20_000 {
            let value = Int.random(in: -1_000_000...1_000_000) / [1, 10, 1000, 100_000][Int.random(in: 0...3)]
            let width = Int.random(in: 0...8)
            let digits = String(value.magnitude)
            let expected = (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
            #expect(CFormat.padded(value, width) == expected)
            var bytes: [UInt8] = [UInt8(ascii: "x")]
            CFormat.appendPadded(value, width, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == "x" + expected)
        }
        #expect(CFormat.padded(Int.min, 2) == "-9223372036854775808")
    }

    @Test(arguments: [
        ("<VALUE> <TIME_COMPONENT> ago", "<VALUE>", "3", "3 <TIME_COMPONENT> ago"),
        ("aaa", "aa", "b", "ba"),
        ("vor <VALUE> Jahren, <VALUE>", "<VALUE>", "55", "vor 55 Jahren, 55"),
        ("через <VALUE> дня", "<VALUE>", "3", "через 3 дня"),
        ("no key here", "<AGE>", "34", "no key here"),
        ("<VALUE>", "<VALUE>", "", ""),
    ])
    func replacingEvery(text: String, key: String, replacement: String, result: String) {
        #expect(text.replacingEvery(key, with: replacement) == result)
    }
}

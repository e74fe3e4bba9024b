import Testing
import TextFormatting

/// The digits interval texts and distances are written with: |value| to six decimals, the
/// trailing zeros dropped. Expected pairs are Python's: `"%.6f" % abs(value)`, split at the
/// point, the fraction's zeros stripped on the right.
struct NumberDigitsTests {
    @Test(arguments: [
        (2.5, "2", "5"), (-2.5, "2", "5"), (0.1, "0", "1"), (1e-7, "0", ""), (149_597_870.7, "149597870", "7"),
        (3.141_592_65, "3", "141593"), (1.000_000_1, "1", ""), (12.000_05, "12", "00005"), (1e20, "100000000000000000000", ""),
        (0.000_001, "0", "000001"), (999_999.999_999_9, "1000000", ""), (1234.5, "1234", "5"), (34, "34", ""),
    ])
    func digits(value: Double, integer: String, fraction: String) {
        let digits = NumberSymbols.digits(of: value)
        #expect(digits.integer == integer)
        #expect(digits.fraction == fraction)
    }
}

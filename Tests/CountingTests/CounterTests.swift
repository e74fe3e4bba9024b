import Counting
import Foundation
import Testing
import TextFormatting

@Suite struct CounterTests {
    @Test func valueFollowsTheCurveAndIsClampedToTheDuration() throws {
        let counter = try Counter(from: 10, to: 110, duration: 4, easing: .easeIn)
        #expect(counter.value(at: -1) == 10)
        #expect(counter.value(at: 0) == 10)
        #expect(counter.value(at: 2) == 22.5)  // 10 + 100 × 0.5³
        #expect(counter.value(at: 3) == 52.1875)  // 10 + 100 × 0.75³
        #expect(counter.value(at: 4) == 110)
        #expect(counter.value(at: 99) == 110)
    }

    @Test func theEndIsExactlyTheFinalValue() throws {
        // 0.1 + (0.3 − 0.1) × 1 would be 0.30000000000000004.
        let counter = try Counter(from: 0.1, to: 0.3, duration: 1, easing: .linear)
        #expect(counter.value(at: 1) == 0.3)
    }

    @Test func countsDownToo() throws {
        let counter = try Counter(from: 100, to: 0, duration: 2, easing: .easeOut)
        #expect(counter.value(at: 1) == 12.5)  // 100 − 100 × 0.875
        #expect(counter.value(at: 2) == 0)
    }

    @Test func zeroDurationShowsTheFinalValueAtOnce() throws {
        let counter = try Counter(from: 0, to: 7, duration: 0)
        #expect(counter.value(at: 0) == 7)
        #expect(counter.value(at: -1) == 7)
    }

    @Test func seedDefaults() throws {
        let counter = try Counter(to: 100)
        #expect(counter.from == 0)
        #expect(counter.duration == 2)
        #expect(counter.easing == .none)
        #expect(counter.kind == .integer)
        #expect(counter.format == "{value}")
    }

    /// Half away from zero, on the shortest decimal of the value (as Intl.NumberFormat does):
    /// 1.005 is stored as 1.00499999…, but reads "1.005", so it rounds up.
    @Test(arguments: [
        (2.5, ValueKind.integer, "3"), (-2.5, .integer, "-3"), (2.4999, .integer, "2"),
        (33.6, .integer, "34"), (99.5, .integer, "100"), (-0.4, .integer, "0"), (-0.0, .integer, "0"),
        (0.35, .decimals(1), "0.4"), (0.25, .decimals(1), "0.3"), (0.125, .decimals(2), "0.13"),
        (1.005, .decimals(2), "1.01"), (2.675, .decimals(2), "2.68"), (-0.004, .decimals(2), "0.00"),
        (-0.005, .decimals(2), "-0.01"), (999.95, .decimals(1), "1,000.0"), (2, .decimals(2), "2.00"),
        (1e-7, .decimals(2), "0.00"), (1e-7, .decimals(7), "0.0000001"),
        (1e21, .integer, "1,000,000,000,000,000,000,000"), (123.456, .decimals(0), "123"),
    ])
    func rounding(value: Double, kind: ValueKind, expected: String) throws {
        let counter = try Counter(to: 1, kind: kind)
        #expect(counter.text(for: value, language: "en") == expected)
    }

    @Test(arguments: [
        ("en", "1,234.5"), ("de", "1.234,5"), ("ru", "1\u{00A0}234,5"), ("uk", "1\u{00A0}234,5"),
        ("de-AT", "1.234,5"), ("uk_UA", "1\u{00A0}234,5"), ("EN-gb", "1,234.5"), ("ja", "1,234.5"), ("", "1,234.5"),
    ])
    func languages(language: String, expected: String) throws {
        let counter = try Counter(to: 1234.5, kind: .decimals(1))
        #expect(counter.finalText(language: language) == expected)
        #expect(counter.finalText(locale: Locale(identifier: language)) == expected)
    }

    @Test func groupsOnlyTheIntegerPartAndFromFourDigits() throws {
        let counter = try Counter(to: 0, kind: .decimals(4))
        #expect(counter.text(for: 999.1234, language: "de") == "999,1234")
        #expect(counter.text(for: 1000, language: "de") == "1.000,0000")
        #expect(counter.text(for: -1_234_567.5, language: "ru") == "-1\u{00A0}234\u{00A0}567,5000")
        // Polish, Spanish and Italian leave four digits alone.
        #expect(counter.text(for: 1234, language: "pl") == "1234,0000")
        #expect(counter.text(for: 12345, language: "pl") == "12\u{00A0}345,0000")
        #expect(counter.text(for: 12345, language: "es") == "12.345,0000")
    }

    @Test(arguments: [
        ("{value}", "34"), ("{value} %", "34 %"), ("{value} / 100", "34 / 100"),
        ("about {value} years", "about 34 years"), ("{value}–{value}", "34–34"),
    ])
    func format(format: String, expected: String) throws {
        let counter = try Counter(to: 34, format: format)
        #expect(counter.finalText(language: "en") == expected)
    }

    @Test func formatAppliesToEveryValueOnTheWay() throws {
        let counter = try Counter(from: 0, to: 100, duration: 5, easing: .easeIn, format: "{value} / 100")
        #expect(counter.text(for: counter.value(at: 2.5), language: "de") == "13 / 100")  // 12.5 → 13
    }

    @Test func dataAttributesInAFixedOrder() throws {
        let counter = try Counter(from: 0, to: 34, duration: 1.5, easing: .easeOut, format: "{value} %")
        #expect(
            counter.dataAttributes.map(\.0) == [
                "data-counter", "data-from", "data-to", "data-duration", "data-easing", "data-decimals", "data-format",
            ])
        #expect(counter.dataAttributes.map(\.1) == ["", "0", "34", "1.5", "easeOut", "0", "{value} %"])
    }

    @Test func dataAttributesOfDecimalsAndOddNumbers() throws {
        let counter = try Counter(
            from: -0.5, to: 1e-7, duration: 2, easing: .easeInOut,
            kind: .decimals(2), format: "<{value}> & \"so\"")
        #expect(counter.dataAttributes.map(\.1) == ["", "-0.5", "1e-07", "2", "easeInOut", "2", "<{value}> & \"so\""])
    }

    @Test func invalidCountersAreErrorsInWords() {
        #expect(throws: CounterError.formatWithoutValue("%")) { try Counter(to: 1, format: "%") }
        #expect(throws: CounterError.badDuration(-1)) { try Counter(to: 1, duration: -1) }
        #expect(throws: CounterError.badDecimals(21)) { try Counter(to: 1, kind: .decimals(21)) }
        #expect(throws: CounterError.notANumber(name: "to", value: .infinity)) { try Counter(to: .infinity) }
        #expect(
            CounterError.formatWithoutValue("%").description
                == "counter: the format \"%\" has no {value} to put the number in")
        #expect(CounterError.badDuration(-1).description == "counter: the duration must be 0 or more seconds, not -1.0")
    }
}

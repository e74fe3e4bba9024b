import CivilTime
import DataTables
import Foundation
import IntervalText
import Testing
import TextFormatting
import Yams

@testable import SiteBuilder

/// The value formats of reports against Babel (Oracle/generate_format_oracle.py writes
/// FormatOracle.swift): every shipped language, numbers, percentages, currencies, compact
/// numbers, dates, months, dates with times and spans, byte for byte, narrow no-break spaces
/// and all.
///
/// Where ttsite writes differently on purpose, Babel's text is changed by a rule before the
/// comparison (`expected`), or, where no rule can say what ttsite writes, the case is left
/// out and the difference is tested by hand below (`compactDiffersOnPurpose`):
///
/// - Persian digits and signs. Babel writes ASCII digits, "-" and "%" whatever the numbering
///   system; CLDR's `arabext` system, which the fa pack and browsers use, writes "۱۲۳",
///   "\u{200E}−" and "٪". Applied to dates, times and spans too.
/// - A number that rounds to zero has no sign: "0 %", "0.00 €", where Babel writes "-0 %"
///   (ttsite's counters never write "-0" either, `NumberSymbols`).
/// - Spanish and Polish do not group a four-digit integer part ("1234,57 €"): CLDR's
///   minimumGroupingDigits is 2 for them, which the packs' `numbers` follow (as browsers do)
///   and Babel ignores.
/// - Date and time are joined with the pack's `punctuation.date_and_time`, the one joint of
///   every date with a time on its pages: Persian "، " where CLDR's pattern has "،\u{200F} ".
/// - Spans: Persian "in N days" reads "N روز بعد" like every other unit
///   (`LanguagePackTests.deliberateDifferences`). Only instants where Babel and ttsite agree
///   by design are in the oracle: Babel rounds to the nearest unit and moves to the next unit
///   from 0.85 of it (6 days are "1 week", 1.6 days "2 days"), counts a month as 30 days and
///   a year as 365, and writes "in 0 seconds" for now; ttsite's interval text (documented in
///   Docs/Content/interval-text.md) counts complete calendar units on the site's clock
///   ("6 days", "1 day") and writes the pack's `zero` ("now").
/// - Compact numbers (left out, tested by hand): one decimal at most below a thousand too
///   ("12.3", Babel "12.345"); a number that rounds up to the next power of ten takes its
///   pattern ("1M", Babel "1000K"); and where CLDR's pattern is "0" (German below a million)
///   the number is written in full as `decimal` writes it, grouped, one decimal at most
///   ("1.234,6", Babel "1234,5678").
struct ValueFormatTests {
    static let shipped = LanguagePackTests.shipped

    struct Case: CustomStringConvertible {
        let language: String
        let format: ValueFormat
        let value: TableValue
        let literal: String
        let zone: TimeZone
        let now: Date
        let babel: String

        var description: String { "\(language) \(format) \(literal)" }
    }

    static let cases: [Case] = FormatOracle.rows.split(separator: "\n").map { line in
        let field = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        let literal = field[3]
        let value: TableValue =
            switch field[2] {
            case "i": .integer(Int64(literal)!)
            case "r": .real(Double(literal)!)
            case "d": .date(calendarDay(literal))
            default: .dateTime(Date(timeIntervalSince1970: Double(literal)!))
            }
        return Case(
            language: field[0], format: try! ValueFormat(parsing: field[1]), value: value, literal: literal,
            zone: field[4].isEmpty ? .utc : TimeZone(identifier: field[4])!,
            now: Date(timeIntervalSince1970: Double(field[5]) ?? 0), babel: field[6]
        )
    }

    static func calendarDay(_ text: String) -> CalendarDate {
        let parts = text.split(separator: "-").map { Int($0)! }
        return CalendarDate(year: parts[0], month: parts[1], day: parts[2])!
    }

    static func pack(_ code: String) throws -> LanguagePack {
        try #require(LanguagePack.builtIn(code: code))
    }

    /// Babel's text with the rules above applied; nil for a compact case left out.
    static func expected(_ test: Case, pack: LanguagePack) -> String? {
        if test.format.kind == .compact, compactDiffersOnPurpose(test) { return nil }
        var text = test.babel
        if text.hasPrefix("-"), !text.contains(where: { ("1"..."9").contains($0) }) { text.removeFirst() }
        if ["es", "pl"].contains(test.language) {
            text = ungroupingFourDigitIntegers(text, separator: Character(pack.numbers.groupingSeparator))
        }
        if test.format.kind == .span {
            for difference in LanguagePackTests.deliberateDifferences
            where difference.language == test.language && difference.form == "future" {
                text = text.replacingOccurrences(of: difference.babel, with: difference.ours)
            }
        }
        if test.language == "fa" {
            // Written here, not read from the pack under test: CLDR's Persian minus (a
            // left-to-right mark and U+2212) and the pack's own joint of a date and a time.
            text = text.replacingOccurrences(of: "\u{060C}\u{200F} ", with: "\u{060C} ")
            text = text.replacingOccurrences(of: "-", with: "\u{200E}\u{2212}").replacingOccurrences(of: "%", with: "\u{066A}")
            text = pack.numbers.localizingDigits(text)
        }
        return text
    }

    /// `text` with the separator of a four-digit integer part taken out: "1.234,57" → "1234,57",
    /// "12.345" and "1.234.567" as they are.
    static func ungroupingFourDigitIntegers(_ text: String, separator: Character) -> String {
        var characters = Array(text)
        var index = 0
        func isDigit(_ at: Int) -> Bool { characters.indices.contains(at) && characters[at].isASCII && characters[at].isNumber }
        while index + 4 < characters.count {
            if isDigit(index), !isDigit(index - 1), characters[index + 1] == separator, (2...4).allSatisfy({ isDigit(index + $0) }),
                !isDigit(index + 5), !(characters.indices.contains(index + 5) && characters[index + 5] == separator && isDigit(index + 6))
            {
                characters.remove(at: index + 1)
            }
            index += 1
        }
        return String(characters)
    }

    /// The compact cases ttsite writes differently on purpose (see above).
    static func compactDiffersOnPurpose(_ test: Case) -> Bool {
        let magnitude: Double
        switch test.value {
        case .integer(let integer): magnitude = Double(integer.magnitude)
        case .real(let real): magnitude = abs(real)
        default: return false
        }
        let decimals = test.literal.split(separator: ".").dropFirst().first.map { $0.count } ?? (test.literal.contains("e-") ? 7 : 0)
        if magnitude < 1000, decimals > 1 { return true }
        if test.language == "de", magnitude >= 1000, magnitude < 1_000_000 { return true }
        return magnitude == 999_999
    }

    @Test func theOracleNamesItsBabelAndCLDR() {
        #expect(FormatOracle.babelVersion == "2.18.0" && FormatOracle.cldrVersion == "47")
        #expect(Self.cases.count == 4_640)
    }

    /// Every case of the oracle in every shipped language, exactly.
    @Test(arguments: shipped)
    func everyFormatIsBabels(code: String) throws {
        let pack = try Self.pack(code)
        var compared = 0
        var leftOut = 0
        for test in Self.cases where test.language == code {
            guard let expected = Self.expected(test, pack: pack) else {
                leftOut += 1
                continue
            }
            let written = pack.text(of: test.value, as: test.format, now: test.now, timeZone: test.zone)
            #expect(written == expected, "\(test): Babel \(test.babel.debugDescription)")
            // The bytes a chart's data table writes are the same text (no number holds `<` or `&`).
            if case .real(let number) = test.value {
                let format = test.format
                var bytes: [UInt8] = []
                pack.appendHTML(of: number, as: format, now: test.now, timeZone: test.zone, to: &bytes)
                #expect(String(decoding: bytes, as: UTF8.self) == expected, "\(test): appendHTML")
            }
            compared += 1
        }
        #expect(compared + leftOut == 580)
        #expect(leftOut == (code == "de" ? 15 : 11))
    }

    /// The decimals of currencies are CLDR's, as Babel holds them: JPY and IRR have none.
    @Test func currencyDecimalsAreCLDRs() {
        #expect(ValueFormatting.currencyDecimals == FormatOracle.currencyDecimals)
    }

    /// The compact differences from Babel, by hand.
    @Test(arguments: [
        ("en", TableValue.integer(999_999), "1M"), ("en", .real(999.95), "1K"), ("en", .real(12.345), "12.3"),
        ("en", .real(0.125), "0.1"), ("en", .real(0.001), "0"), ("en", .real(-0.0004), "0"),
        ("de", .real(1234.5678), "1.234,6"), ("de", .integer(999_999), "999.999"), ("de", .real(999_999.96), "1\u{00A0}Mio."),
        ("de", .real(45_678.9), "45.678,9"),
        ("ru", .integer(999_999), "1\u{00A0}млн"), ("pl", .real(1234.5678), "1,2\u{00A0}tys."),
        ("fa", .integer(999_999), "\u{06F1}\u{00A0}میلیون"),
    ])
    func compactNumbersRoundToTheNextPowerAndKeepOneDecimal(code: String, value: TableValue, expected: String) throws {
        #expect(try Self.pack(code).text(of: value, as: ValueFormat(.compact), now: Date(), timeZone: .utc) == expected)
    }

    /// A compact pattern may differ by plural category; the form is the shown number's.
    @Test func compactFormsFollowThePluralRule() throws {
        var pack = try Self.pack("ru")
        // CLDR's long forms: "other" is the one of fractions.
        pack.formats.compact[6] = [
            .one: NumberPattern("0 миллион")!, .few: NumberPattern("0 миллиона")!, .many: NumberPattern("0 миллионов")!,
            .other: NumberPattern("0 миллиона")!,
        ]
        let compact = ValueFormat(.compact)
        #expect(pack.text(of: .integer(1_000_000), as: compact, now: Date(), timeZone: .utc) == "1 миллион")
        #expect(pack.text(of: .integer(2_000_000), as: compact, now: Date(), timeZone: .utc) == "2 миллиона")
        #expect(pack.text(of: .integer(5_000_000), as: compact, now: Date(), timeZone: .utc) == "5 миллионов")
        #expect(pack.text(of: .real(1.5e6), as: compact, now: Date(), timeZone: .utc) == "1,5 миллиона")
    }

    // MARK: - Names

    @Test(arguments: [
        ("integer", ValueFormat.Kind.integer), ("decimal", .decimal(places: nil)), ("decimal:0", .decimal(places: 0)),
        ("decimal:10", .decimal(places: 10)), ("percent", .percent(places: 0)), ("percent:2", .percent(places: 2)),
        ("currency:EUR", .currency(code: "EUR")), ("currency:XYZ", .currency(code: "XYZ")), ("compact", .compact),
        ("date", .date), ("month", .month), ("datetime", .datetime), ("span", .span), ("text", .text),
    ])
    func namesAreRead(name: String, kind: ValueFormat.Kind) throws {
        let format = try ValueFormat(parsing: name)
        #expect(format.kind == kind)
        #expect(try ValueFormat(parsing: format.name) == format)
    }

    /// A name that is no format lists the names there are; a known one with a wrong argument
    /// says what it takes. `currency:eur` is refused with the capitals it needs: an ISO 4217
    /// code is written in capitals, and a table's formats read alike.
    @Test(arguments: [
        (
            "percentage",
            "there is no format `percentage`; a format is one of `integer`, `year`, `decimal`, `decimal:N`, `percent`, `percent:N`, "
                + "`currency:CODE`, `compact`, `date`, `month`, `datetime`, `birthday`, `span`, `text`"
        ),
        (
            "",
            "there is no format ``; a format is one of `integer`, `year`, `decimal`, `decimal:N`, `percent`, `percent:N`, `currency:CODE`, "
                + "`compact`, `date`, `month`, `datetime`, `birthday`, `span`, `text`"
        ),
        ("decimal:11", "the format `decimal:11`: `decimal:` takes a number of decimals from 0 to 10, such as `decimal:2`"),
        ("decimal:", "the format `decimal:`: `decimal:` takes a number of decimals from 0 to 10, such as `decimal:2`"),
        ("percent:-1", "the format `percent:-1`: `percent:` takes a number of decimals from 0 to 10, such as `percent:2`"),
        ("currency", "the format `currency`: `currency` needs a currency's ISO 4217 code, such as `currency:EUR`"),
        ("currency:eur", "the format `currency:eur`: `eur` is not an ISO 4217 currency code: write it in capitals, `currency:EUR`"),
        (
            "currency:EURO",
            "the format `currency:EURO`: `EURO` is not an ISO 4217 currency code, three capital letters such as `currency:EUR`"
        ),
        ("date:long", "the format `date:long`: `date` takes nothing after a colon"),
    ])
    func badNamesSayWhatIsAllowed(name: String, message: String) {
        #expect(throws: ValueFormatError.self) { try ValueFormat(parsing: name) }
        do {
            _ = try ValueFormat(parsing: name)
        } catch {
            #expect(error.description == message)
        }
    }

    // MARK: - Defaults and values that do not fit a format

    static let moonLanding = Date(timeIntervalSince1970: -14_182_940)

    @Test func eachTypeHasADefault() throws {
        let en = try Self.pack("en")
        let de = try Self.pack("de")
        func both(_ value: TableValue) -> [String] {
            [en, de].map { $0.text(of: value, as: nil, now: Self.moonLanding, timeZone: .utc) }
        }
        #expect(both(.integer(1_234_567)) == ["1,234,567", "1.234.567"])
        #expect(both(.real(1234.5678)) == ["1,234.568", "1.234,568"])
        #expect(both(.date(Self.calendarDay("1969-07-20"))) == ["Jul 20, 1969", "20.07.1969"])
        #expect(both(.dateTime(Self.moonLanding)) == ["Jul 20, 1969, 8:17\u{202F}PM", "20.07.1969, 20:17"])
        #expect(both(.boolean(true)) == ["yes", "ja"])
        #expect(both(.boolean(false)) == ["no", "nein"])
        #expect(both(.text("Apollo 11")) == ["Apollo 11", "Apollo 11"])
        #expect(both(.null) == ["\u{2013}", "\u{2013}"])
    }

    @Test func aFormatThatDoesNotFitWritesTheDefault() throws {
        let de = try Self.pack("de")
        func text(_ value: TableValue, _ name: String) throws -> String {
            de.text(of: value, as: try ValueFormat(parsing: name), now: Self.moonLanding, timeZone: .utc)
        }
        #expect(try text(.integer(1234), "date") == "1.234")
        #expect(try text(.real(0.5), "span") == "0,5")
        #expect(try text(.date(Self.calendarDay("1969-07-20")), "percent") == "20.07.1969")
        #expect(try text(.text("12"), "currency:EUR") == "12")
        #expect(try text(.boolean(true), "integer") == "ja")
        #expect(try text(.null, "date") == "\u{2013}")
        // `text` writes the value as the data has it.
        #expect(try text(.real(1234.5), "text") == "1234.5")
        #expect(try text(.integer(-1234), "text") == "-1234")
        #expect(try text(.boolean(false), "text") == "false")
        #expect(try text(.date(Self.calendarDay("1969-07-20")), "text") == "1969-07-20")
        #expect(try text(.dateTime(Self.moonLanding), "text") == "1969-07-20T20:17:40Z")
        // A date with `datetime` is its date; an instant with `date` or `month` its local date.
        #expect(try text(.date(Self.calendarDay("1969-07-20")), "datetime") == "20.07.1969")
        #expect(try text(.dateTime(Self.moonLanding), "month") == "Juli 1969")
    }

    /// A day's span counts whole days on the site's calendar, and the day itself is `today`.
    @Test func aDaysSpanIsCountedInCalendarDays() throws {
        let en = try Self.pack("en")
        let now = Date(timeIntervalSince1970: 1_688_212_800)  // 2023-07-01 12:00 UTC
        let span = ValueFormat(.span)
        #expect(en.text(of: .date(Self.calendarDay("2023-07-01")), as: span, now: now, timeZone: .utc) == "today")
        #expect(en.text(of: .date(Self.calendarDay("2023-06-28")), as: span, now: now, timeZone: .utc) == "3 days ago")
        #expect(en.text(of: .date(Self.calendarDay("2023-09-01")), as: span, now: now, timeZone: .utc) == "in 2 months")
        #expect(en.text(of: .dateTime(now), as: span, now: now, timeZone: .utc) == "now")
    }

    @Test func numbersForTheCountingAnimation() throws {
        let en = try Self.pack("en")
        #expect(en.number(of: .integer(42)) == 42)
        #expect(en.number(of: .real(0.25)) == 0.25)
        #expect(en.number(of: .real(.nan)) == nil)
        #expect(en.number(of: .text("42")) == nil)
        #expect(en.number(of: .null) == nil)
        #expect(en.number(of: .boolean(true)) == nil)
        #expect(en.number(of: .date(Self.calendarDay("1969-07-20"))) == nil)
    }

    // MARK: - Packs

    static func layer(_ text: String, file: String = "Templates/languages/x.yml") throws -> LanguagePack.Layer {
        let reader = YAMLReader(file: file, lineOffset: 0, kind: .configuration)
        return LanguagePack.Layer(reader: reader, node: .mapping(try reader.parseMapping(text)), keyPrefix: "")
    }

    /// A site's pack written before formats existed (a new language, no built-in pack under
    /// it) still reads, with English's formats and its own numbers.
    @Test func aPackWithoutFormatsTakesEnglishs() throws {
        let dutch = LanguagePackSiteTests.dutchPack()
            .replacingOccurrences(of: "decimal: \".\"", with: "decimal: \",\"")
            .replacingOccurrences(of: "grouping: \",\"", with: "grouping: \".\"")
        let withoutFormats = String(dutch[..<dutch.range(of: "\n# How the values of reports")!.lowerBound])
        #expect(!withoutFormats.contains("formats:"))
        let pack = try LanguagePack.load(code: "nl", layers: [try Self.layer(withoutFormats)])
        #expect(pack.text(of: .real(1234.5), as: ValueFormat(.currency(code: "EUR")), now: Date(), timeZone: .utc) == "€1.234,50")
        #expect(pack.text(of: .boolean(true), as: nil, now: Date(), timeZone: .utc) == "yes")
    }

    /// A site changes a built-in pack's formats key by key; a compact table is replaced whole.
    @Test func aLayerChangesFormatsKeyByKey() throws {
        let layer = try Self.layer(
            """
            formats:
              boolean: ["ja!", "nein!"]
              currency_symbols: { CHF: "Fr." }
              compact:
                1000: "0 Tsd'.'"
            """)
        let pack = try LanguagePack.load(code: "de", layers: [try #require(LanguagePack.builtInLayer("de")), layer])
        #expect(pack.formats.yes == "ja!")
        #expect(pack.formats.currencySymbols["CHF"] == "Fr." && pack.formats.currencySymbols["EUR"] == "€")
        #expect(pack.text(of: .real(12_345), as: ValueFormat(.compact), now: Date(), timeZone: .utc) == "12,3 Tsd.")
        #expect(pack.text(of: .real(4_200_000), as: ValueFormat(.compact), now: Date(), timeZone: .utc) == "4200 Tsd.")
        #expect(pack.text(of: .real(0.25), as: ValueFormat(.percent(places: 0)), now: Date(), timeZone: .utc) == "25\u{00A0}%")
    }

    @Test(arguments: [
        ("formats:\n  percnt: \"#,##0 %\"\n", 2, "unknown key `percnt` in `formats`; did you mean `percent`?"),
        ("formats:\n  percent: \"#,##0\"\n", 2, "`formats.percent` \"#,##0\" is not a CLDR number pattern with `%`, such as \"#,##0 %\""),
        ("formats:\n  date: \"d MMM\"\n", 2, "`formats.date` \"d MMM\" needs a day, a month and a year, such as \"MMM d, y\""),
        ("formats:\n  time: \"h:mm\"\n", 2, "`formats.time` \"h:mm\" needs hours and minutes, such as \"HH:mm\" or \"h:mm a\""),
        (
            "formats:\n  month: \"QQQ y\"\n", 2,
            "`formats.month` \"QQQ y\": the date pattern letter \"Q\" is not supported "
                + "(a date or time is written with `d`, `M`, `L`, `y`, `H`, `h`, `m`, `a` and text in single quotes)"
        ),
        ("formats:\n  boolean: [\"yes\"]\n", 2, "`formats.boolean` must list two words, true's first, such as [\"yes\", \"no\"], found 1"),
        (
            "formats:\n  compact:\n    1500: \"0K\"\n", 3,
            "`formats.compact` has `1500`: its keys are the powers of ten from 1000 to 100000000000000, written out"
        ),
        (
            "formats:\n  compact:\n    1000: { one: \"0K\" }\n", 3,
            "`formats.compact.1000` needs an `other` form (the one for numbers the plural rule gives no category of their own)"
        ),
        (
            "formats:\n  currency_symbols: { eur: \"€\" }\n", 2,
            "`formats.currency_symbols` has `eur`, which is not an ISO 4217 code (three capital letters, such as EUR)"
        ),
    ])
    func badFormatsNameTheKeyAndLine(yaml: String, line: Int, message: String) throws {
        let layer = try Self.layer(yaml)
        #expect {
            _ = try LanguagePack.load(code: "de", layers: [try #require(LanguagePack.builtInLayer("de")), layer])
        } throws: { error in
            guard let error = error as? BuildError else { return false }
            return error.message == message && error.line == line && error.location == "Templates/languages/x.yml"
        }
    }
}

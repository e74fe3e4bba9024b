import CivilTime
import Foundation
import Testing

@testable import DataTables

/// A column's type from all its values, and the values it gives. Every expectation is worked
/// out by hand; the instants in Berlin were also checked with Python's `zoneinfo`.
@Suite struct TypeInferenceTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!

    /// The column `v` of a CSV file with one row per value (each quoted, so an empty one is "").
    static func column(
        _ values: [String], declared: ColumnType? = nil, dateFormats: [String] = [], timeZone: TimeZone = .gmt
    ) throws -> (type: ColumnType, values: [TableValue]) {
        let text = "k,v\n" + values.map { "k,\"\($0)\"\n" }.joined()
        var options = CSVOptions()
        if let declared { options.types = ["v": declared] }
        let inference = try TypeInference(dateFormats: dateFormats, timeZone: timeZone)
        let table = try CSVTable.read(Data(text.utf8), options: options, inference: inference)
        var column: [TableValue] = []
        try table.forEachRow { column.append($0[1]) }
        return (table.columns[1].type, column)
    }

    static func type(_ values: [String], dateFormats: [String] = []) throws -> ColumnType {
        try column(values, dateFormats: dateFormats).type
    }

    @Test func integers() throws {
        let column = try Self.column(["0", "-0", "42", "-9223372036854775808", "9223372036854775807", ""])
        #expect(column.type == .integer)
        #expect(column.values == [.integer(0), .integer(0), .integer(42), .integer(.min), .integer(.max), .null])
    }

    @Test(arguments: [
        ["01234"],  // a postcode keeps its zero
        ["-01"],
        ["9223372036854775808"],  // one more than Int64 holds
        ["-9223372036854775809"],
        ["+5"],
        ["1 000"],
        [" 1"],
        ["1", "abc"],
    ])
    func textThatLooksAlmostLikeAnInteger(values: [String]) throws {
        let column = try Self.column(values)
        #expect(column.type == .text)
        #expect(column.values == values.map(TableValue.text))
    }

    @Test func integersAndRealsMakeReals() throws {
        let column = try Self.column(["1", "1.5", "-2e3", "0.25E-2", "1e+2"])
        #expect(column.type == .real)
        #expect(column.values == [.real(1), .real(1.5), .real(-2000), .real(0.0025), .real(100)])
    }

    /// Not numbers (`nan` and `NaN` are markers of missing values: `MissingValuesTests`).
    @Test(arguments: [".5", "1.", "00.5", "inf", "-Infinity", "0x1A", "1e", "1e999", "1.5.2", "1,5"])
    func notAReal(value: String) throws {
        #expect(try Self.type(["1.5", value]) == .text)
    }

    /// A number no Int64 or Double holds stays text, and the table says which column and
    /// value (Python: float("-1e-400") == -0.0, float("9007199254740993.0") == 9007199254740992.0).
    @Test(arguments: ["-1e-400", "9007199254740993.0", "123456789012345678901234567890", "2.5e-324"])
    func aNumberNoDoubleHoldsMakesItsColumnTextWithAWarning(value: String) throws {
        let table = try CSVTable.read(Data("k,v\n1,1.5\n2,\(value)\n3,\(value)\n".utf8), options: CSVOptions(), inference: TypeInference())
        #expect(table.columns[1] == Column("v", .text))
        #expect(table.warnings.map(\.column) == ["v"])
        #expect(table.warnings.first?.reason.hasPrefix("the number \(value) cannot be held exactly as a number") == true)
        let held = try CSVTable.read(
            Data("k,v\n1,1.5\n2,0.10000000000000001\n3,3.14159265358979323846\n".utf8), options: CSVOptions(), inference: TypeInference())
        #expect(held.columns[1] == Column("v", .real))
        #expect(held.warnings.isEmpty)
    }

    @Test func booleansInAnyCase() throws {
        let column = try Self.column(["true", "TRUE", "False", "tRuE", ""])
        #expect(column.type == .boolean)
        #expect(column.values == [.boolean(true), .boolean(true), .boolean(false), .boolean(true), .null])
    }

    @Test func zeroAndOneAreIntegersNotBooleans() throws {
        #expect(try Self.type(["0", "1"]) == .integer)
        #expect(try Self.type(["true", "1"]) == .text)
        #expect(try Self.type(["yes", "no"]) == .text)
    }

    @Test func isoDates() throws {
        let column = try Self.column(["2024-05-01", "2024-02-29", "1900-01-01"])
        #expect(column.type == .date)
        #expect(
            column.values == [
                .date(CalendarDate(year: 2024, month: 5, day: 1)!), .date(CalendarDate(year: 2024, month: 2, day: 29)!),
                .date(CalendarDate(year: 1900, month: 1, day: 1)!),
            ])
    }

    @Test func aDayThatDoesNotExistIsText() throws {
        #expect(try Self.type(["2024-05-01", "2023-02-29"]) == .text)
    }

    @Test func aDateFormat() throws {
        let column = try Self.column(["01.05.2024", "31.12.1999"], dateFormats: ["dd.MM.yyyy"])
        #expect(column.type == .date)
        #expect(
            column.values == [.date(CalendarDate(year: 2024, month: 5, day: 1)!), .date(CalendarDate(year: 1999, month: 12, day: 31)!)])
        #expect(try Self.type(["01.05.2024"]) == .text)
    }

    @Test func dateTimesWithoutAZoneAreReadInTheSitesTimeZone() throws {
        // Berlin is UTC+2 in May (CEST) and UTC+1 in January (CET): 12:00 is 10:00Z, 08:30 is 07:30Z.
        // 2024-05-01T00:00Z is 1714521600; 2024-01-15T00:00Z is 1705276800.
        let column = try Self.column(["2024-05-01T12:00:00", "2024-01-15 08:30"], timeZone: Self.berlin)
        #expect(column.type == .dateTime)
        #expect(
            column.values == [
                .dateTime(Date(timeIntervalSince1970: 1_714_521_600 + 10 * 3600)),
                .dateTime(Date(timeIntervalSince1970: 1_705_276_800 + 7 * 3600 + 30 * 60)),
            ])
    }

    @Test func dateTimesWithAZoneKeepIt() throws {
        // 12:00 at +05:30 is 06:30Z, in any site time zone.
        let column = try Self.column(["2024-05-01T12:00:00+05:30", "2024-05-01T10:00:00Z"], timeZone: Self.berlin)
        #expect(column.type == .dateTime)
        #expect(
            column.values == [
                .dateTime(Date(timeIntervalSince1970: 1_714_521_600 + 6 * 3600 + 30 * 60)),
                .dateTime(Date(timeIntervalSince1970: 1_714_521_600 + 10 * 3600)),
            ])
    }

    @Test func aPatternWithATimeMakesDateTimes() throws {
        // 01.05.2024 12:00 in Berlin is 10:00Z.
        let column = try Self.column(["01.05.2024 12:00"], dateFormats: ["dd.MM.yyyy HH:mm"], timeZone: Self.berlin)
        #expect(column.type == .dateTime)
        #expect(column.values == [.dateTime(Date(timeIntervalSince1970: 1_714_521_600 + 10 * 3600))])
    }

    @Test(arguments: [
        ["2024-05-01", "2024-05-01T10:00"],  // dates and date-times
        ["2024-05-01", "5"],
        ["true", "2024-05-01"],
        ["1.5", "x"],
    ])
    func mixedColumnsAreText(values: [String]) throws {
        let column = try Self.column(values)
        #expect(column.type == .text)
        #expect(column.values == values.map(TableValue.text))
    }

    @Test func aColumnOfNullsIsText() throws {
        let column = try Self.column(["", ""])
        #expect(column.type == .text)
        #expect(column.values == [.null, .null])
    }

    // MARK: Declared types

    @Test func declaredTextKeepsTheTextAsWritten() throws {
        let column = try Self.column(["007", "1.50", "TRUE", "2024-05-01", ""], declared: .text)
        #expect(column.type == .text)
        #expect(column.values == [.text("007"), .text("1.50"), .text("TRUE"), .text("2024-05-01"), .null])
    }

    @Test func aDeclaredIntegerReadsLeadingZeros() throws {
        #expect(try Self.column(["007", "12"], declared: .integer).values == [.integer(7), .integer(12)])
    }

    @Test func aDeclaredRealReadsIntegers() throws {
        #expect(try Self.column(["7", "1.5"], declared: .real).values == [.real(7), .real(1.5)])
    }

    @Test func aDeclaredDateTimeReadsADateAsMidnightInTheTimeZone() throws {
        // Midnight of 2024-05-01 in Berlin (CEST) is 22:00Z the day before.
        let column = try Self.column(["2024-05-01"], declared: .dateTime, timeZone: Self.berlin)
        #expect(column.values == [.dateTime(Date(timeIntervalSince1970: 1_714_521_600 - 2 * 3600))])
    }

    @Test(arguments: [
        (ColumnType.integer, "1.5", "\"1.5\" is not an integer"),
        (.integer, "9223372036854775808", "\"9223372036854775808\" is not an integer"),
        (.real, "1,5", "\"1,5\" is not a number"),
        (.boolean, "1", "\"1\" is not a Boolean (true or false)"),
        (.date, "2024-05-01T10:00", "\"2024-05-01T10:00\" is not a date (ISO 8601)"),
        (.date, "2023-02-29", "\"2023-02-29\" is not a date (ISO 8601)"),
        (.dateTime, "yesterday", "\"yesterday\" is not a date and time (ISO 8601)"),
    ])
    func aValueThatIsNotItsDeclaredType(type: ColumnType, value: String, reason: String) {
        #expect(throws: TableProblem(reason, line: 3, column: "v")) {
            try Self.column(["", value], declared: type)
        }
    }

    @Test func anUnreadableDateFormat() {
        let error = #expect(throws: (any Error).self) { try TypeInference(dateFormats: ["dd.MM"]) }
        #expect(error.map { "\($0)" } == #"the date pattern "dd.MM" has no "y" field"#)
    }
}

import CivilTime
import Foundation
import Testing

@testable import DataTables

/// The CSV reader's columns, rows and refusals; the fields themselves are checked against
/// Python in `CSVOracleTests`.
@Suite struct CSVReaderTests {
    static func read(_ text: String, _ options: CSVOptions = CSVOptions()) throws -> CSVTable {
        try CSVTable.read(Data(text.utf8), options: options, inference: TypeInference())
    }

    static func rows(_ table: CSVTable) throws -> [[TableValue]] {
        var rows: [[TableValue]] = []
        try table.forEachRow { rows.append($0) }
        return rows
    }

    /// The problem `text` is refused with, as a site author reads it.
    static func problem(_ text: String, _ options: CSVOptions = CSVOptions()) -> String? {
        problem(Array(text.utf8), options)
    }

    static let inference = try! TypeInference()

    static func problem(_ bytes: [UInt8], _ options: CSVOptions = CSVOptions()) -> String? {
        do throws(TableProblem) {
            _ = try CSVTable.read(Data(bytes), options: options, inference: inference)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func aTableHasTypedColumnsAndRows() throws {
        let table = try Self.read("id,name,price,active\n1,Ann,9.5,true\n2,\"Bob, Jr.\",10,FALSE\n3,,,\n")
        #expect(table.columns == [Column("id", .integer), Column("name", .text), Column("price", .real), Column("active", .boolean)])
        #expect(table.rowCount == 3)
        #expect(
            try Self.rows(table) == [
                [.integer(1), .text("Ann"), .real(9.5), .boolean(true)],
                [.integer(2), .text("Bob, Jr."), .real(10), .boolean(false)],
                [.integer(3), .null, .null, .null],
            ])
    }

    @Test func rowsCanBeReadAgain() throws {
        let table = try Self.read("n\n1\n2\n")
        #expect(try Self.rows(table) == Self.rows(table))
        #expect(try Self.rows(table).count == 2)
    }

    @Test func withoutAHeaderColumnsAreNumbered() throws {
        let table = try Self.read("1,a\n2,b\n", CSVOptions(hasHeader: false))
        #expect(table.columns == [Column("column_1", .integer), Column("column_2", .text)])
        #expect(try Self.rows(table) == [[.integer(1), .text("a")], [.integer(2), .text("b")]])
    }

    @Test(arguments: [
        ("a,,c", ["a", "column_2", "c"]),
        (" a ,\tb\t", ["a", "b"]),
        ("name,name,Name", ["name", "name_2", "Name_3"]),
        ("a,a,a_2", ["a", "a_3", "a_2"]),
        (",\"\",x", ["column_1", "column_2", "x"]),
    ])
    func headerNamesAreUniqueAndNeverEmpty(header: String, names: [String]) throws {
        let table = try Self.read(header + "\n")
        #expect(table.columns.map(\.name) == names)
        #expect(table.rowCount == 0)
    }

    @Test func aHeaderAloneIsATableOfTextColumnsWithoutRows() throws {
        let table = try Self.read("a,b")
        #expect(table.columns == [Column("a", .text), Column("b", .text)])
        #expect(try Self.rows(table).isEmpty)
    }

    @Test func otherDelimiters() throws {
        let semicolons = try Self.read("a;b\n1,5;\"x;y\"\n", CSVOptions(delimiter: UInt8(ascii: ";")))
        #expect(try Self.rows(semicolons) == [[.text("1,5"), .text("x;y")]])
        let tabs = try Self.read("a\tb\n1\t2\n", CSVOptions(delimiter: UInt8(ascii: "\t")))
        #expect(try Self.rows(tabs) == [[.integer(1), .integer(2)]])
    }

    @Test func aLineBreakInAQuotedFieldIsKeptAsWritten() throws {
        let table = try Self.read("a,b\r\n\"x\r\ny\",\"1\n2\"\r\n")
        #expect(try Self.rows(table) == [[.text("x\r\ny"), .text("1\n2")]])
    }

    // MARK: Refusals, with the line an editor shows

    /// A header of a million columns failed after 23 s without naming the limit (issue 50):
    /// it is told at once, with SQLite's 2,000; 2,000 columns are a table.
    @Test func aHeaderWiderThanATableIsToldAtOnce() throws {
        let wide = (1...1_000_000).map { "c\($0)" }.joined(separator: ",") + "\n" + String(repeating: "1,", count: 999_999) + "1\n"
        #expect(Self.problem(wide) == "line 1: the header has 1,000,000 columns, and a table holds at most 2,000 (SQLite's limit)")
        var options = CSVOptions()
        options.hasHeader = false
        #expect(
            Self.problem(String(repeating: "x,", count: 2000) + "x\n", options)?.hasPrefix("line 1: the first row has 2,001 columns")
                == true)
        let widest = try Self.read((1...2000).map { "c\($0)" }.joined(separator: ",") + "\n" + String(repeating: "1,", count: 1999) + "1\n")
        #expect(widest.columns.count == 2000)
    }

    @Test func aRowWithMoreFieldsThanTheHeader() {
        #expect(Self.problem("a,b\n1,2\n1,2,3\n") == "line 3: the row has 3 fields, the header has 2")
    }

    @Test func aRowWithFewerFieldsAfterAQuotedLineBreak() {
        #expect(Self.problem("a,b\n\"x\ny\",1\r\n2\n") == "line 4: the row has 1 field, the header has 2")
    }

    @Test func aRaggedRowWithoutAHeader() {
        #expect(Self.problem("1,2\n\n3\n", CSVOptions(hasHeader: false)) == "line 3: the row has 1 field, the first row has 2")
    }

    @Test func aNULByte() {
        #expect(
            Self.problem("a,b\n1,x\0y\n")
                == "line 2, column `b`: a NUL byte (zero) in the text: a CSV file is text in UTF-8, "
                + "and this looks like a binary file or UTF-16"
        )
    }

    @Test func aNULByteInTheHeaderNamesTheFieldByNumber() {
        #expect(Self.problem("a,b,\0\n")?.hasPrefix("line 1, column `3`: a NUL byte") == true)
    }

    @Test func utf16WithoutAByteOrderMarkIsRefusedForItsNULs() {
        let bytes = "a,b\n".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(Self.problem(bytes)?.hasPrefix("line 1, column `1`: a NUL byte") == true)
    }

    @Test(arguments: [[0xFF, 0xFE], [0xFE, 0xFF]] as [[UInt8]])
    func utf16WithAByteOrderMark(mark: [UInt8]) {
        #expect(
            Self.problem(mark + [0x61, 0, 0x0A, 0])
                == "line 1, column `1`: the file starts with a UTF-16 byte order mark: save it as UTF-8")
    }

    @Test func bytesThatAreNotUTF8NameTheirLineInAQuotedField() {
        let bytes = Array("a,b\n1,\"x\ncaf".utf8) + [0xE9] + Array("\"\n".utf8)
        #expect(
            Self.problem(bytes)
                == "line 3, column `b`: byte 0xE9 is not UTF-8: save the file as UTF-8 (it may be Latin-1 or Windows-1252)")
    }

    @Test(
        arguments: [
            [0xC0, 0x80],  // an overlong NUL
            [0xED, 0xA0, 0x80],  // a surrogate
            [0xF4, 0x90, 0x80, 0x80],  // above U+10FFFF
            [0xE2, 0x82],  // cut short at the end
            [0x80],  // a continuation byte alone
        ] as [[UInt8]])
    func invalidUTF8(sequence: [UInt8]) {
        #expect(Self.problem(Array("a\nx".utf8) + sequence)?.hasPrefix("line 2, column `a`: byte 0x") == true)
    }

    @Test func aQuoteThatIsNeverClosedNamesTheLineItOpensOn() {
        #expect(
            Self.problem("a,b\n1,2\n3,\"open\n4,5\n6,7\n")
                == "line 3: the quote that opens field 2 here is never closed (a quote inside a quoted field is written twice: \"\")")
    }

    @Test func aValueThatIsNotItsDeclaredType() {
        let options = CSVOptions(types: ["price": .real])
        #expect(
            Self.problem("id,price\n1,9.5\n\"two\nlines\",3\n4,cheap\n", options)
                == "line 5, column `price`: \"cheap\" is not a number")
    }

    @Test func aLongValueIsShortenedInTheMessage() {
        let long = String(repeating: "x", count: 100)
        #expect(
            Self.problem("n\n\(long)\n", CSVOptions(types: ["n": .integer]))
                == "line 2, column `n`: \"\(String(repeating: "x", count: 40))…\" is not an integer")
    }

    @Test func aDeclaredTypeForAColumnThatIsNotThere() {
        #expect(
            Self.problem("a,b\n1,2\n", CSVOptions(types: ["c": .integer]))
                == "a type is declared for the column `c`, but there is none; the columns are `a`, `b`")
    }

    @Test func anEmptyFile() {
        #expect(Self.problem("") == "the file is empty: there is no header row")
        #expect(Self.problem("\n\r\n", CSVOptions(hasHeader: false)) == "the file is empty: there is no row")
        #expect(Self.problem([0xEF, 0xBB, 0xBF]) == "the file is empty: there is no header row")
    }

    @Test(arguments: [UInt8(ascii: "\""), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0, 0xC3])
    func aDelimiterThatCannotSeparateFields(delimiter: UInt8) {
        #expect(Self.problem("a\n", CSVOptions(delimiter: delimiter)) != nil)
    }
}

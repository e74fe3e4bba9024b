import CSQLite
import CivilTime
import Foundation
import Testing
import ValueTransformers

@testable import DataTables

/// A CSV table stored by `SQLDatabase.load`, which binds the file's bytes without making
/// values, against the same rows made into `TableValue`s by `forEachRow` and stored as a
/// `Table`: the same values of the same storage classes, in the same order.
@Suite struct CSVLoadTests {
    static let inference = try! TypeInference(
        dateFormats: ["dd.MM.yyyy", "dd.MM.yyyy HH:mm"], timeZone: TimeZone(identifier: "Europe/Berlin")!)

    static func table(_ text: String, _ options: CSVOptions = CSVOptions()) throws -> CSVTable {
        try CSVTable.read(Data(text.utf8), options: options, inference: inference)
    }

    /// Every value of `t` with its storage class, in rowid order.
    static func stored(_ database: SQLDatabase, _ columns: [Column]) throws -> Table {
        let list = columns.map { "\"\($0.name)\", typeof(\"\($0.name)\")" }.joined(separator: ", ")
        return try database.query("SELECT \(list) FROM t ORDER BY rowid", limits: SQLLimits(rows: 10_000_000))
    }

    /// Loads `csv` both ways and expects the same stored table; returns its row count.
    @discardableResult
    static func expectSameAsValues(_ csv: CSVTable) throws -> Int {
        var rows: [[TableValue]] = []
        try csv.forEachRow { rows.append($0) }
        let direct = try SQLDatabase()
        let count = try direct.load("t", csv)
        let viaValues = try SQLDatabase()
        #expect(try viaValues.load("t", Table(columns: csv.columns, rows: rows)) == rows.count)
        #expect(count == rows.count)
        #expect(count == csv.rowCount)
        let stored = try stored(direct, csv.columns)
        #expect(stored == (try Self.stored(viaValues, csv.columns)))
        #expect(stored.rows.count == rows.count)
        return count
    }

    /// Rows of every kind of cell: quoted with `""` and with text after the closing quote,
    /// dates as ISO 8601 and as a pattern, instants with and without a zone, empty cells.
    static func mixedRows(_ count: Int) -> String {
        var text = "id,name,day,at,price,yes,code\n"
        for row in 0..<count {
            let name =
                switch row % 4 {
                case 0: "plain \(row)"
                case 1: "\"quoted, \"\"\(row)\"\"\""
                case 2: "\"after\"tail\(row)"
                default: ""
                }
            let day = row % 3 == 0 ? "2024-02-\(String(format: "%02d", row % 29 + 1))" : row % 3 == 1 ? "0\(row % 9 + 1).03.2023" : ""
            let at = row % 2 == 0 ? "2024-03-31 0\(row % 4):30" : "2024-10-27T02:\(String(format: "%02d", row % 60)):00.25+01:00"
            let price = row % 5 == 0 ? "" : "\(row).\(row % 100)e-1"
            let yes = row % 2 == 0 ? "True" : "false"
            text += "\(row),\(name),\(day),\(at),\(price),\(yes),0\(row % 10)7\n"
        }
        return text
    }

    @Test func everyKindOfCellIsStoredAsItsValue() throws {
        let csv = try Self.table(Self.mixedRows(40))
        #expect(csv.columns.map(\.type) == [.integer, .text, .date, .dateTime, .real, .boolean, .text])
        try Self.expectSameAsValues(csv)
    }

    @Test func declaredTypesAreStoredAsTheirValues() throws {
        var options = CSVOptions()
        options.types = ["code": .integer, "id": .real, "day": .dateTime]
        let csv = try Self.table(Self.mixedRows(40), options)
        #expect(csv.columns.map(\.type) == [.real, .text, .dateTime, .dateTime, .real, .boolean, .integer])
        try Self.expectSameAsValues(csv)
    }

    @Test func aDateThatDoesNotExistIsNotStoredAsWritten() throws {
        #expect(
            Array("2024-02-29".utf8).withUnsafeBufferPointer { TypeInference.isoDate($0) } == CalendarDate(year: 2024, month: 2, day: 29))
        for text in ["2023-02-29", "2024-13-01", "2024-00-10", "2024-1-010", "20240229xx", "2024-02-2x"] {
            let bytes = Array(text.utf8)
            #expect(bytes.withUnsafeBufferPointer { TypeInference.isoDate($0) } == nil, "\(text)")
        }
        // As text they are stored as written all the same.
        let csv = try Self.table("day\n2023-02-29\n2024-02-29\n")
        #expect(csv.columns == [Column("day", .text)])
        try Self.expectSameAsValues(csv)
    }

    /// A plain decimal read without a string is the Double `strtod` reads, bit for bit.
    @Test func plainDecimalsAreTheDoublesStrtodReads() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: UInt64) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % bound)
        }
        var texts = [
            "0.1", "-0.0", "0", "-0", "0.3", "2.675", "999999999999999", "1.000000000000001", "123456789012.345",
            "0.0000000000000000000001", "9007199254740993", "1234567890123456.5",
        ]
        for _ in 0..<100_000 {
            let count = 1 + next(17)
            var digits = (0..<count).map { _ in String(next(10)) }.joined()
            if next(3) > 0 { digits.insert(".", at: digits.index(digits.startIndex, offsetBy: next(UInt64(count)))) }
            if digits.hasPrefix(".") { digits = "0" + digits }
            if digits.hasSuffix(".") { digits += "5" }
            texts.append((next(2) == 0 ? "-" : "") + digits)
        }
        var fast = 0
        for text in texts {
            let bytes = Array(text.utf8)
            let read = bytes.withUnsafeBufferPointer { TypeInference.plainReal($0) }
            if let read {
                fast += 1
                #expect(read.bitPattern == Double(text)!.bitPattern, "\(text)")
            }
            #expect(
                bytes.withUnsafeBufferPointer { TypeInference.real($0, rounded: true) }?.bitPattern == Double(text)!.bitPattern, "\(text)")
        }
        // Most of them take the fast path; more than 15 digits never do.
        #expect(fast > 50_000)
        #expect(Array("1234567890123456".utf8).withUnsafeBufferPointer { TypeInference.plainReal($0) } == nil)
    }

    /// Dates and instants written into a batch's bytes are the texts `SQLText` writes.
    @Test func datesAndInstantsAreWrittenAsSQLTextWritesThem() {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: UInt64) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % bound)
        }
        var instants = [0, -0.25, 946_684_799.5, 1_709_211_909.000123, -62_135_596_800, 253_402_300_799.999, -86_400.001]
            .map { Date(timeIntervalSince1970: $0) }
        for _ in 0..<20_000 {
            let seconds = Double(next(20_000_000_000)) - 10_000_000_000
            let fraction = [0, Double(next(1000)) / 1000, Double(next(1_000_000)) / 1_000_000][next(3)]
            instants.append(Date(timeIntervalSince1970: seconds + fraction))
        }
        for instant in instants {
            var bytes: [UInt8] = []
            SQLText.appendInstant(instant, to: &bytes)
            // The oracle: the project's ISO 8601 formatter, with the fraction's digits chosen
            // here from the instant's nanoseconds.
            let nanoseconds = WrittenDate(utc: instant).nanosecond
            let digits = nanoseconds == 0 ? 0 : nanoseconds % 1_000_000 == 0 ? 3 : 6
            #expect(String(decoding: bytes, as: UTF8.self) == ISO8601DateParser.format(instant, fractionDigits: digits))
            #expect(SQLText.instant(instant) == String(decoding: bytes, as: UTF8.self))
            let day = CalendarDate(instant, in: .gmt)
            bytes.removeAll()
            SQLText.appendISO(day, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == day.description)
        }
    }

    /// A date and time read without a string is what the ISO 8601 parser reads, and a text
    /// it does not read whole is left to the parser.
    @Test func dateTimesReadWithoutAStringAreTheParsers() throws {
        let parser = ISO8601DateParser()
        var texts = [
            "2024-02-29T13:05:09", "2024-02-29 13:05:09Z", "2024-02-29t00:00:00z", "0000-01-01T23:59:59", "2023-02-29T10:00:00",
            "2024-01-01T24:00:00", "2024-01-01T10:60:00", "2024-01-01T10:00:60", "2024-01-01X10:00:00", "2024-01-01T10:00:00+",
            "2024-01-01T10:00", "2024-1-01T10:00:00", "2024-01-01T10:00:0a", "2024-01-01T10:00:00.5", "2024-01-01T10-00-00",
        ]
        for year in [1, 1970, 2000, 2024, 9999] {
            for month in [1, 2, 12, 13] {
                for day in [0, 1, 28, 29, 31] {
                    for time in ["00:00:00", "23:59:59", "12:30:45"] {
                        texts.append(String(format: "%04d-%02d-%02dT%@", year, month, day, time))
                    }
                }
            }
        }
        var fast = 0
        for text in texts {
            let bytes = Array(text.utf8)
            let read = bytes.withUnsafeBufferPointer { TypeInference.isoDateTime($0) }
            if let read {
                fast += 1
                #expect(read == (try? parser.parse(text)), "\(text)")
            } else if text.count == 19, let parsed = try? parser.parse(text) {
                Issue.record("\(text) is \(parsed) to the parser but not read without a string")
            }
        }
        #expect(fast > 100)
    }

    @Test func manyBatchesAndTheRestOfTheLastAreAllStored() throws {
        // 7 columns: batches of 2,304 rows; 5,000 rows leave a last batch that is no whole
        // number of 64-row INSERTs.
        for count in [0, 1, 63, 64, 65, 5_000] {
            let csv = try Self.table(Self.mixedRows(count))
            #expect(try Self.expectSameAsValues(csv) == count)
        }
    }

    @Test func aLargeFileIsStoredByTwoThreadsInOrder() throws {
        // Over a megabyte: tokenized on a thread of its own, and typed by parts on all cores.
        let csv = try Self.table(Self.mixedRows(30_000))
        #expect(csv.rowCount == 30_000)
        try Self.expectSameAsValues(csv)
    }

    @Test func aWideTableHasFewerRowsAStatement() throws {
        let header = (1...300).map { "c\($0)" }.joined(separator: ",")
        let rows = (0..<20).map { row in (1...300).map { "\(row * $0)" }.joined(separator: ",") }
        let csv = try Self.table(header + "\n" + rows.joined(separator: "\n"))
        #expect(try Self.expectSameAsValues(csv) == 20)
    }

    /// A file over two megabytes whose middle is one quoted field of many lines that read as
    /// rows: a part that starts after one of its line breaks starts inside the field, and
    /// would find rows that are none.
    @Test func aLineBreakInsideAQuotedFieldIsNoPlaceToStartAPart() throws {
        var text = "n,note,tail\n"
        for row in 0..<60_000 { text += "\(row),x,t\n" }
        text += "60000,t,\"" + String(repeating: "7,z,z\n", count: 300_000) + "8,q,q\"\n"
        for row in 60_001..<120_000 { text += "\(row),\(row == 119_999 ? "last" : "y"),t\n" }
        let csv = try Self.table(text)
        #expect(csv.rowCount == 120_000)
        #expect(csv.columns == [Column("n", .integer), Column("note", .text), Column("tail", .text)])
        try Self.expectSameAsValues(csv)
    }

    /// The type of a column is decided by the values of every part: here only the last part
    /// has a text among integers, or any value at all.
    @Test func everyPartVotesOnTheTypes() throws {
        var text = "a,b,c\n"
        for row in 0..<200_000 { text += "\(row),\(row),\n" }
        text += "9,nine,1.5\n"
        let csv = try Self.table(text)
        #expect(csv.rowCount == 200_001)
        #expect(csv.columns == [Column("a", .integer), Column("b", .text), Column("c", .real)])
    }

    /// A problem late in a large file is found where it is, with its line.
    @Test func aProblemInALaterPartHasItsLine() throws {
        var text = "a,b\n"
        for row in 0..<200_000 { text += "\(row),\"q\nr\"\n" }
        let bad = text + "1,2,3\n" + "4,5\n"
        #expect(throws: TableProblem("the row has 3 fields, the header has 2", line: 400_002)) { try Self.table(bad) }
        var options = CSVOptions()
        options.types = ["a": .integer]
        let mismatch = text + "x,y\n"
        #expect(throws: TableProblem("\"x\" is not an integer", line: 400_002, column: "a")) { try Self.table(mismatch, options) }
    }

    /// SQLite refusing a row of a large file stops the thread that tokenizes it, leaves no
    /// table, and the database goes on.
    @Test func aRowSQLiteRefusesStopsBothThreads() throws {
        var text = "n,note\n"
        for row in 0..<100_000 { text += "\(row),\(row == 70_000 ? String(repeating: "z", count: 5_000) : "short")\n" }
        let csv = try Self.table(text)
        let database = try SQLDatabase()
        sqlite3_limit(database.connection, SQLITE_LIMIT_LENGTH, 1_000)
        let error = try #require(throws: SQLError.self) { try database.load("t", csv) }
        #expect(error.message.hasPrefix("could not store rows 69953–70016 of `t`: "), "\(error.message)")
        #expect(try database.tables().isEmpty)
        sqlite3_limit(database.connection, SQLITE_LIMIT_LENGTH, 1_000_000)
        #expect(try database.load("t", csv) == 100_000)
    }
}

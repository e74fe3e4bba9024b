import CivilTime
import DataTables
import Foundation
import TestSupport
import Testing

/// Day `n` of 2024 (1 is January 1st).
private func day(_ n: Int) -> CalendarDate {
    CalendarDate(daysSince1970: CalendarDate(year: 2024, month: 1, day: 1)!.daysSince1970 + n - 1)
}

/// A table stored in a file of its own (`SQLDatabase(creatingFile:)`), from batches filled
/// value by value, and copied back into a build's database with its declared types.
@Suite struct TableFileTests {
    struct Batches: BatchedRowSource {
        let columns = [Column("n", .integer), Column("name", .text), Column("day", .date), Column("flag", .boolean), Column("x", .real)]
        let rows: Int

        func forEachRow(_ body: ([TableValue]) throws -> Void) throws {
            try forEachBatch { try $0.forEachRow(columns: columns.count, body) }
        }

        func forEachBatch(_ body: (RowBatch) throws -> Void) throws {
            var batch = RowBatch()
            for number in 1...rows {
                batch.appendInteger(Int64(number))
                var name = Array("row \(number)".utf8)
                name.withUnsafeBufferPointer { batch.appendText($0) }
                batch.append(.date(day(number)))
                batch.appendInteger(Int64(number % 2))
                if number % 3 == 0 { batch.appendNull() } else { batch.appendReal(Double(number) / 4) }
                batch.endRow()
                if batch.rows == 100 {
                    try body(batch)
                    batch = RowBatch()
                }
            }
            if batch.rows > 0 { try body(batch) }
        }
    }

    @Test func aTableWrittenToAFileIsCopiedBackWithItsTypes() throws {
        let folder = try TemporaryFolder("table-file")
        defer { folder.remove() }
        let file = folder.url("t.sqlite")
        #expect(try SQLDatabase(creatingFile: file).load("t", Batches(rows: 250)) == 250)

        let database = try SQLDatabase()
        let copied = try database.copyTable("t", from: file)
        #expect(copied.rows == 250)
        #expect(copied.columns == Batches(rows: 0).columns)
        let result = try database.query(
            "SELECT n, name, day, flag, x FROM t WHERE n IN (3, 250) ORDER BY n", parameters: [:], limits: SQLLimits())
        #expect(result.columns.map(\.type) == [.integer, .text, .date, .boolean, .real])
        #expect(
            result.rows == [
                [.integer(3), .text("row 3"), .date(day(3)), .boolean(true), .null],
                [.integer(250), .text("row 250"), .date(day(250)), .boolean(false), .real(62.5)],
            ])
        // The name is the build's now: a second copy is refused, and the file was let go.
        #expect(throws: SQLError.self) { try database.copyTable("t", from: file) }
        #expect(try database.tables().map(\.name) == ["t"])
    }
}

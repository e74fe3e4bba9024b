import CivilTime
import Dispatch
import Foundation
import TestSupport
import Testing

@testable import DataTables

/// A query prepared once and run again keeps every limit, and readers (`SQLDatabase.readers`)
/// answer as the database does.
@Suite struct SQLReadersTests {
    static let numbers = Table(
        columns: [Column("id", .integer), Column("name", .text), Column("day", .date)],
        rows: (1...500).map {
            [.integer(Int64($0)), .text("n\($0 % 37)"), .date(CalendarDate(year: 2000, month: 1 + $0 % 12, day: 1 + $0 % 28)!)]
        }
    )

    static func database() throws -> SQLDatabase {
        let database = try SQLDatabase()
        try database.load("t", numbers)
        try database.createIndex(on: "t", columns: ["name"])
        return database
    }

    @Test func aReusedStatementKeepsTheRowByteAndTimeLimits() throws {
        let database = try Self.database()
        let rows = "SELECT id FROM t WHERE id <= :n"
        #expect(try database.query(rows, parameters: ["n": .integer(3)], limits: SQLLimits(rows: 3)).rows.count == 3)
        #expect(database.statements.count == 1)
        let tooMany = try #require(throws: SQLError.self) {
            try database.query(rows, parameters: ["n": .integer(4)], limits: SQLLimits(rows: 3))
        }
        #expect(tooMany == SQLError(.rowLimit, "the query returned more than 3 rows (the row limit)"))
        // Stopped part way, the statement is reset: it runs again from the start.
        #expect(
            try database.query(rows, parameters: ["n": .integer(2)], limits: SQLLimits(rows: 3)).rows == [[.integer(1)], [.integer(2)]])

        let blobs = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < :n) SELECT randomblob(100) FROM c"
        let bytes = SQLLimits(bytes: 10_000)
        #expect(try database.query(blobs, parameters: ["n": .integer(10)], limits: bytes).rows.count == 10)
        let tooBig = try #require(throws: SQLError.self) { try database.query(blobs, parameters: ["n": .integer(1000)], limits: bytes) }
        #expect(tooBig == SQLError(.byteLimit, "the query's values came to more than 10,000 bytes (the byte limit)"))

        // The length limit is put in place for each run: a text longer than it is never made.
        let text = "SELECT printf('%.*c', :n, 'x') IS NULL AS missing"
        #expect(try database.query(text, parameters: ["n": .integer(900)], limits: SQLLimits(bytes: 1000)).rows == [[.integer(0)]])
        let tooLong = try #require(throws: SQLError.self) {
            try database.query(text, parameters: ["n": .integer(1001)], limits: SQLLimits(bytes: 1000))
        }
        #expect(tooLong == SQLError(.byteLimit, "the query's values came to more than 1,000 bytes (the byte limit)"))
        #expect(try database.query(text, parameters: ["n": .integer(1001)], limits: SQLLimits(bytes: 2000)).rows == [[.integer(0)]])

        let count = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < :n) SELECT count(*) FROM c"
        let quick = SQLLimits(seconds: 0.2)
        #expect(try database.query(count, parameters: ["n": .integer(10)], limits: quick).rows == [[.integer(10)]])
        let slow = try #require(throws: SQLError.self) { try database.query(count, parameters: ["n": .integer(1 << 60)], limits: quick) }
        #expect(slow == SQLError(.timeLimit, "the query ran longer than 0.2 seconds (the time limit)"))
        #expect(try database.query(count, parameters: ["n": .integer(5)], limits: quick).rows == [[.integer(5)]])
        #expect(database.statements.count == 5, "one for each SQL text and length limit")
    }

    @Test func aRefusedQueryIsRefusedEveryTimeAndNeverKept() throws {
        let database = try Self.database()
        for _ in 1...2 {
            let error = try #require(throws: SQLError.self) {
                try database.query("DELETE FROM t WHERE id = :id", parameters: ["id": .integer(1)])
            }
            #expect(error == SQLError(.refused, "writes are not allowed: DELETE from `t`"))
            let parameter = try #require(throws: SQLError.self) { try database.query("SELECT * FROM t WHERE id = ?") }
            #expect(parameter == SQLError(.parameter, "the query has a `?` parameter; name every parameter as `:name`"))
        }
        #expect(database.statements.count == 1)
        #expect(try database.query("SELECT count(*) FROM t").rows == [[.integer(500)]])
    }

    /// A kept statement runs again as SQLite prepared it, on the database and on a reader:
    /// nothing expires it between two runs. (An authorizer installed for each run did, and
    /// SQLite parsed the query again every time.)
    @Test func aKeptStatementIsNotPreparedAgain() throws {
        let database = try Self.database()
        let sql = "SELECT id FROM t WHERE name = :name ORDER BY id"
        for number in 1...5 {
            #expect(try database.query(sql, parameters: ["name": .text("n\(number)")]).rows.count == 14)
        }
        #expect(database.statements.count == 1)
        #expect(database.statements.reprepared == 0)
        let readers = try #require(try database.readers(2))
        for number in 1...5 {
            #expect(try readers.query(on: 1, sql, parameters: ["name": .text("n\(number)")]).rows.count == 14)
        }
        #expect(readers.connection(1).statements.count == 1)
        #expect(readers.connection(1).statements.reprepared == 0)
    }

    @Test func aTableLoadedLetsThePreparedQueriesGo() throws {
        let database = try Self.database()
        _ = try database.query("SELECT count(*) FROM t")
        _ = try database.query("SELECT max(id) FROM t")
        #expect(database.statements.count == 2)
        try database.load("u", Table(columns: [Column("a", .integer)], rows: [[.integer(1)]]))
        #expect(try database.query("SELECT count(*) FROM t").rows == [[.integer(500)]])
        #expect(database.statements.count == 1)
    }

    @Test func aReaderSeesTheTablesIndexesAndAttachedFiles() async throws {
        let folder = try TemporaryFolder("sql-readers")
        defer { folder.remove() }
        let file = try await SQLiteOracle.makeFixture(in: folder)
        let database = try Self.database()
        try database.attach(file: file, as: "f")
        let readers = try #require(try database.readers(3))
        #expect(readers.count == 3)
        for index in 0..<3 {
            #expect(try readers.query(on: index, "SELECT count(*) FROM f.numbers").rows == [[.integer(5)]])
            #expect(try readers.query(on: index, "SELECT count(*) FROM t WHERE name = 'n1'").rows == [[.integer(14)]])
            #expect(try readers.query(on: index, "SELECT name FROM pragma_index_list('t')").rows == [[.text("t(name)")]])
            #expect(
                try readers.query(on: index, "SELECT name FROM pragma_database_list ORDER BY seq").rows == [[.text("main")], [.text("f")]])
            // The query reads the index: SQLite's plan says so.
            let plan = try readers.query(on: index, "EXPLAIN QUERY PLAN SELECT id FROM t WHERE name = 'n1'")
            #expect(plan.rows.contains { $0.contains(.text("SEARCH t USING INDEX t(name) (name=?)")) })
        }
    }

    @Test func aDatabaseWithoutTablesHasNoReaders() throws {
        #expect(try SQLDatabase().readers(2) == nil)
        #expect(try Self.database().readers(1) == nil)
    }

    @Test(arguments: SQLHostileTests.refusedStatements + SQLHostileTests.stoppedQueries)
    func aReaderRefusesAndStopsWhatTheDatabaseDoes(_ hostile: SQLHostileTests.Case) async throws {
        let folder = try TemporaryFolder("sql-readers")
        defer { folder.remove() }
        let (database, file, bytes) = try await SQLHostileTests.hostileDatabase(in: folder)
        let readers = try #require(try database.readers(2))
        let sql = hostile.sql.replacingOccurrences(of: "FOLDER", with: folder.url.path)
        // Twice: the second time from a statement kept, where one was.
        for _ in 1...2 {
            let error = try #require(throws: SQLError.self) {
                try readers.query(on: 1, sql, parameters: hostile.parameters, limits: hostile.limits)
            }
            #expect(error.kind == hostile.kind)
            #expect(error.message == hostile.message)
        }
        #expect(try readers.query(on: 1, "SELECT * FROM t ORDER BY id") == SQLHostileTests.table.selected(from: "t"))
        #expect(try readers.query(on: 1, "SELECT count(*) FROM f.numbers").rows == [[.integer(5)]])
        #expect(try database.query("SELECT * FROM t ORDER BY id") == SQLHostileTests.table.selected(from: "t"))
        #expect(try Data(contentsOf: file) == bytes)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["fixture.sqlite"])
    }

    @Test func aReaderCannotWriteEvenPastTheGuard() throws {
        // The authorizer refuses first; below it, the reader's main schema is read-only.
        let database = try Self.database()
        let readers = try #require(try database.readers(2))
        let error = try #require(throws: SQLError.self) { try readers.query(on: 1, "CREATE TEMP TABLE x (a)") }
        #expect(error.kind == .refused)
        #expect(try readers.query(on: 1, "SELECT count(*) FROM t").rows == [[.integer(500)]])
    }

    @Test func queriesOnSeveralThreadsGiveWhatOneAfterAnotherGives() throws {
        let database = try Self.database()
        let sql = "SELECT id, day FROM t WHERE name = :name ORDER BY day, id"
        let names = (0..<400).map { "n\($0 % 41)" }
        let serial = try names.map { try database.query(sql, parameters: ["name": .text($0)]) }
        let readers = try #require(try database.readers(3))
        let results = Results(count: names.count)
        DispatchQueue.concurrentPerform(iterations: names.count) { index in
            results.set(index, Result { () throws(SQLError) in try readers.query(sql, parameters: ["name": .text(names[index])]) })
        }
        #expect(try results.all().map { try $0.get() } == serial)
        #expect(serial.contains { $0.rows.isEmpty } && serial.contains { $0.rows.count == 13 })
    }

    final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [Result<Table, SQLError>?]
        init(count: Int) { values = Array(repeating: nil, count: count) }
        func set(_ index: Int, _ value: Result<Table, SQLError>) { lock.withLock { values[index] = value } }
        func all() -> [Result<Table, SQLError>] { lock.withLock { values.map { $0! } } }
    }
}

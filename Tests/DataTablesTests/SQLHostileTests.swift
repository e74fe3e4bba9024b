import DataTables
import Foundation
import TestSupport
import Testing

/// Queries a page should never be able to run: each is refused or stopped with the exact
/// kind and message, and the database, and the attached file, are as they were.
@Suite struct SQLHostileTests {
    struct Case: Sendable, CustomTestStringConvertible {
        /// `FOLDER` stands for the test's temporary folder, where a file written would be seen.
        var sql: String
        var kind: SQLError.Kind
        var message: String
        /// The time limit is wall time, kept by a watchdog whatever SQLite is doing: ten
        /// minutes, so that only a case about time meets it on a loaded machine.
        var limits = SQLLimits(seconds: 600)
        var parameters: [String: TableValue] = [:]
        var testDescription: String { sql.count > 60 ? String(sql.prefix(60)) + "…" : sql }
    }

    static let refusedStatements: [Case] = [
        Case(sql: "INSERT INTO t VALUES (4, 'd')", kind: .refused, message: "writes are not allowed: INSERT into `t`"),
        Case(sql: "UPDATE t SET name = 'x'", kind: .refused, message: "writes are not allowed: UPDATE of `t`"),
        Case(sql: "DELETE FROM t", kind: .refused, message: "writes are not allowed: DELETE from `t`"),
        Case(sql: "DROP TABLE t", kind: .refused, message: "writes are not allowed: DROP TABLE `t`"),
        Case(sql: "CREATE TABLE u (a)", kind: .refused, message: "writes are not allowed: CREATE TABLE `u`"),
        Case(sql: "CREATE TEMP TABLE u AS SELECT 1", kind: .refused, message: "writes are not allowed: CREATE TABLE `temp.u`"),
        Case(sql: "CREATE VIEW v AS SELECT 1", kind: .refused, message: "writes are not allowed: CREATE VIEW `v`"),
        Case(sql: "CREATE INDEX i ON t (name)", kind: .refused, message: "writes are not allowed: CREATE INDEX `i` on `t`"),
        Case(
            sql: "CREATE TRIGGER g AFTER INSERT ON t BEGIN SELECT 1; END", kind: .refused,
            message: "writes are not allowed: CREATE TRIGGER `g`"),
        Case(sql: "CREATE VIRTUAL TABLE v USING fts5(a)", kind: .refused, message: "writes are not allowed: CREATE VIRTUAL TABLE `v`"),
        Case(sql: "ALTER TABLE t ADD COLUMN z", kind: .refused, message: "writes are not allowed: ALTER TABLE `t`"),
        Case(
            sql: "WITH x AS (SELECT 9, 'z') INSERT INTO t SELECT * FROM x", kind: .refused,
            message: "writes are not allowed: INSERT into `t`"),
        Case(sql: "REPLACE INTO t VALUES (1, 'a')", kind: .refused, message: "writes are not allowed: INSERT into `t`"),
        Case(sql: "INSERT INTO f.numbers (i) VALUES (1)", kind: .refused, message: "writes are not allowed: INSERT into `f.numbers`"),
        Case(sql: "UPDATE f.numbers SET i = 0", kind: .refused, message: "writes are not allowed: UPDATE of `f.numbers`"),
        Case(sql: "DELETE FROM f.texts", kind: .refused, message: "writes are not allowed: DELETE from `f.texts`"),
        Case(sql: "DROP TABLE f.numbers", kind: .refused, message: "writes are not allowed: DROP TABLE `f.numbers`"),
        Case(sql: "CREATE TABLE f.u (a)", kind: .refused, message: "writes are not allowed: CREATE TABLE `f.u`"),
        Case(
            sql: "ATTACH DATABASE 'FOLDER/other.sqlite' AS o", kind: .refused,
            message: "ATTACH is not allowed: a query reads only the tables already in the database"),
        Case(sql: "DETACH DATABASE f", kind: .refused, message: "DETACH is not allowed"),
        Case(
            sql: "PRAGMA writable_schema = 1", kind: .refused,
            message:
                "PRAGMA writable_schema is not allowed: "
                + "a query may only read (pragma_table_info and the other pragmas that describe tables are allowed)"
        ),
        Case(
            sql: "PRAGMA journal_mode = WAL", kind: .refused,
            message:
                "PRAGMA journal_mode is not allowed: "
                + "a query may only read (pragma_table_info and the other pragmas that describe tables are allowed)"
        ),
        Case(
            sql: "SELECT * FROM pragma_user_version", kind: .refused,
            message:
                "PRAGMA user_version is not allowed: "
                + "a query may only read (pragma_table_info and the other pragmas that describe tables are allowed)"
        ),
        Case(sql: "SELECT load_extension('x')", kind: .refused, message: "load_extension() is not allowed"),
        Case(sql: "SELECT fts3_tokenizer('simple')", kind: .refused, message: "fts3_tokenizer() is not allowed"),
        Case(sql: "BEGIN", kind: .refused, message: "transactions are not allowed: BEGIN"),
        Case(sql: "COMMIT", kind: .refused, message: "transactions are not allowed: COMMIT"),
        Case(sql: "SAVEPOINT s", kind: .refused, message: "transactions are not allowed: SAVEPOINT"),
        Case(sql: "ANALYZE", kind: .refused, message: "writes are not allowed: ANALYZE"),
        Case(sql: "REINDEX", kind: .refused, message: "writes are not allowed: REINDEX"),
        Case(sql: "VACUUM", kind: .refused, message: "the statement would change the database; a query may only read"),
        Case(
            sql: "VACUUM INTO 'FOLDER/copy.sqlite'", kind: .refused,
            message: "the statement would change the database; a query may only read"),
        Case(
            sql: "SELECT 1; DROP TABLE t", kind: .refused,
            message: "a query may hold only one statement; another follows the first: `DROP TABLE t` (line 1)"),
        Case(
            sql: "SELECT 1 -- one\n;\n/* two */ ; SELECT 2", kind: .refused,
            message: "a query may hold only one statement; another follows the first: `SELECT 2` (line 3)"),
    ]

    static let stoppedQueries: [Case] = [
        Case(
            sql: "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c",
            kind: .timeLimit, message: "the query ran longer than 0.2 seconds (the time limit)", limits: SQLLimits(seconds: 0.2)),
        // One call for seconds (80 billion comparisons), a few steps of SQLite's machine: the
        // progress handler never runs; the watchdog interrupts it at its limit.
        Case(
            sql: "SELECT instr(printf('%.*c', 4000000, 'a'), printf('%.*c', 20000, 'a') || 'b')",
            kind: .timeLimit, message: "the query ran longer than 0.2 seconds (the time limit)", limits: SQLLimits(seconds: 0.2)),
        Case(
            sql: "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 100000000) SELECT x FROM c",
            kind: .rowLimit, message: "the query returned more than 100,000 rows (the row limit)"),
        Case(
            sql: "SELECT zeroblob(200 * 1024 * 1024)",
            kind: .byteLimit, message: "the query's values came to more than 104,857,600 bytes (the byte limit)"),
        Case(
            sql: "SELECT printf('%.*c', 600000, 'x') FROM (VALUES (1), (2))",
            kind: .byteLimit, message: "the query's values came to more than 1,000,000 bytes (the byte limit)",
            limits: SQLLimits(seconds: 600, bytes: 1_000_000)),
        Case(
            sql: "SELECT randomblob(2000000)",
            kind: .byteLimit, message: "the query's values came to more than 1,000,000 bytes (the byte limit)",
            limits: SQLLimits(seconds: 600, bytes: 1_000_000)),
        // Each value is under the limit; together they are over it.
        Case(
            sql: "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 5000) SELECT randomblob(1000), x FROM c",
            kind: .byteLimit, message: "the query's values came to more than 1,000,000 bytes (the byte limit)",
            limits: SQLLimits(seconds: 600, bytes: 1_000_000)),
        // No text at all: 20,000 rows of 10 numbers are 200,000 values of 32 bytes each.
        Case(
            sql:
                "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 20000) "
                + "SELECT x, x, x, x, x, x, x, x, x, x FROM c",
            kind: .byteLimit, message: "the query's values came to more than 1,000,000 bytes (the byte limit)",
            limits: SQLLimits(seconds: 600, bytes: 1_000_000)),
        Case(
            sql: "SELECT * FROM t WHERE id = :id", kind: .parameter,
            message: "the query uses `:id`, which is not given (given: `:ID`, `:name`)",
            parameters: ["name": .text("a"), "ID": .integer(1)]),
        Case(
            sql: "SELECT * FROM t WHERE id = :id", kind: .parameter,
            message: "the query uses `:id`, which is not given (no parameters are given)"),
        Case(
            sql: "SELECT * FROM t WHERE id = ?", kind: .parameter,
            message: "the query has a `?` parameter; name every parameter as `:name`",
            parameters: ["1": .integer(1)]),
        Case(
            sql: "SELECT * FROM t WHERE id = ?1", kind: .parameter,
            message: "the query has the parameter `?1`; name every parameter as `:name`"),
        Case(
            sql: "SELECT * FROM t WHERE id = @id", kind: .parameter,
            message: "the query has the parameter `@id`; name every parameter as `:name`"),
        Case(
            sql: "SELECT * FROM t WHERE id = $id", kind: .parameter,
            message: "the query has the parameter `$id`; name every parameter as `:name`"),
    ]

    static let table = Table(
        columns: [Column("id", .integer), Column("name", .text)],
        rows: [[.integer(1), .text("a")], [.integer(2), .text("b")], [.integer(3), .text("c")]])

    /// A database of `table` as `t` and the oracle's SQLite file attached as `f`,
    /// with the file's bytes as they were.
    static func hostileDatabase(in folder: TemporaryFolder) async throws -> (database: SQLDatabase, file: URL, bytes: Data) {
        let file = try await SQLiteOracle.makeFixture(in: folder)
        let bytes = try Data(contentsOf: file)
        let database = try SQLDatabase()
        try database.load("t", table)
        try database.attach(file: file, as: "f")
        return (database, file, bytes)
    }

    @Test(arguments: refusedStatements + stoppedQueries)
    func isRefusedAndChangesNothing(_ hostile: Case) async throws {
        let folder = try TemporaryFolder("sql-hostile")
        defer { folder.remove() }
        let (database, file, bytes) = try await Self.hostileDatabase(in: folder)
        let before = try database.tables()

        let error = try #require(throws: SQLError.self) {
            try database.query(
                hostile.sql.replacingOccurrences(of: "FOLDER", with: folder.url.path), parameters: hostile.parameters,
                limits: hostile.limits)
        }
        #expect(error.kind == hostile.kind)
        #expect(error.message == hostile.message)

        // The database still answers, and nothing changed.
        #expect(try database.query("SELECT * FROM t ORDER BY id") == SQLHostileTests.table.selected(from: "t"))
        #expect(try database.query("SELECT count(*) FROM f.numbers").rows == [[.integer(5)]])
        #expect(try database.tables() == before)
        #expect(try database.query("SELECT name FROM pragma_database_list ORDER BY seq").rows == [[.text("main")], [.text("f")]])
        #expect(try Data(contentsOf: file) == bytes)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["fixture.sqlite"])
    }

    @Test func aTextLongerThanTheByteLimitIsNeverMade() throws {
        // SQLite's length limit is the byte limit while a query runs: a zeroblob that long is
        // an error, and so is a printf() that long (SQLite 3.40 made it NULL, silently: a
        // wrong value in the page, shown as a missing one).
        // (Ten minutes of wall time: making 100 MB takes seconds on a loaded machine.)
        let database = try SQLDatabase()
        let limit = SQLLimits(seconds: 600, bytes: 1000)
        for sql in [
            "SELECT printf('%.*c', 200000000, 'x') IS NULL", "SELECT format('%.*c', 1001, 'x')", "SELECT printf('%1001d', 1) || 'a'",
        ] {
            let error = try #require(throws: SQLError.self) {
                try database.query(sql, limits: sql.contains("200000000") ? SQLLimits(seconds: 600) : limit)
            }
            #expect(error.kind == .byteLimit, "\(sql)")
        }
        #expect(try database.query("SELECT length(printf('%.*c', 900, 'x'))", limits: limit).rows == [[.integer(900)]])
        // NULL is still what printf makes of a NULL format, or of none.
        #expect(
            try database.query("SELECT printf(NULL) IS NULL, printf() IS NULL, format(NULL, 1) IS NULL", limits: limit).rows == [
                [.integer(1), .integer(1), .integer(1)]
            ])
    }

    /// printf() and format() still format as SQLite's own do (they run them): each of these
    /// is the value Python's sqlite3 reads from the built-in.
    @Test func printfFormatsAsSQLitesOwn() async throws {
        let folder = try TemporaryFolder("sql-printf")
        defer { folder.remove() }
        let expressions = [
            "printf('%d|%5d|%-5d|%05d|%+d|% d|%,d', 42, 42, 42, 42, 42, 42, 1234567)",
            "printf('%u|%x|%X|%o|%#x|%#o|%lld|%llx', -1, 255, 255, 8, 255, 8, 9223372036854775807, -2)",
            "printf('%f|%.2f|%10.3f|%-10.1f|%e|%E|%g|%G|%!.20g|%.0f', 3.14159, 3.14159, 3.14159, 3.14159, "
                + "12345.678, 0.000123, 1e100, 1e-5, 0.1, 2.5)",
            "printf('%s|%10s|%-10s|%.2s|%z|%q|%Q|%Q|%w', 'abc', 'abc', 'abc', 'abc', 'zz', 'it''s', 'it''s', NULL, 'a\"b')",
            "printf('%c|%5c|%-3c|%.3c|%c|%c', 'xyz', 'a', 'b', 'c', 'żółw', NULL)",
            "printf('%*d|%-*d|%.*f|%*.*f|%*d', 6, 42, 6, 42, 2, 3.14159, 8, 3, 2.71828, -4, 7)",
            "printf('100%%|%s|%d|%f', 'missing')",
            "printf('%d %s', '12abc', 12.5)",
            "format('%s and %s', 'this', 'that')",
            "printf('%n%d', 5)",
            "printf('%k|%d', 1, 2)",
            "printf(12)",
        ]
        try folder.write(expressions.joined(separator: "\n"), to: "expressions.sql")
        let output = try await SQLiteOracle.run(["evaluate", folder.url("expressions.sql").path], in: folder.url)
        let expected = try JSONDecoder().decode([String?].self, from: Data(output.utf8))
        let database = try SQLDatabase()
        for (expression, value) in zip(expressions, expected) {
            let row = try database.query("SELECT " + expression).rows[0][0]
            #expect(row == (value.map(TableValue.text) ?? .null), "\(expression)")
        }
    }

    @Test func thePragmasThatDescribeTablesAreAllowed() throws {
        let database = try SQLDatabase()
        try database.load("t", Table(columns: [Column("id", .integer), Column("at", .dateTime)], rows: []))
        let info = try database.query("SELECT name, type FROM pragma_table_info('t')")
        #expect(info.rows == [[.text("id"), .text("INTEGER")], [.text("at"), .text("DATETIME")]])
        #expect(try database.query("PRAGMA table_info(t)").rows.count == 2)
        #expect(try database.query("SELECT name FROM pragma_table_list WHERE schema = 'main' AND name = 't'").rows == [[.text("t")]])
    }

    @Test func aStatementsOwnTrailingSemicolonAndCommentsAreFine() throws {
        let database = try SQLDatabase()
        #expect(try database.query("SELECT 1 AS one; -- the answer\n/* done */;\n").rows == [[.integer(1)]])
        let empty = try #require(throws: SQLError.self) { try database.query("  -- nothing\n") }
        #expect(empty == SQLError(.sql, "the query is empty: it holds no SQL statement"))
    }

    @Test func aFunctionThatAViewOfAnAttachedFileCallsIsCheckedToo() async throws {
        let folder = try TemporaryFolder("sql-hostile")
        defer { folder.remove() }
        let file = try await SQLiteOracle.makeFixture(in: folder, named: "views.sqlite")
        // A view in the file that would load an extension when read.
        let script =
            "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); "
            + "c.execute(\"CREATE VIEW sneaky AS SELECT load_extension('x') AS y\"); c.commit()"
        let made = try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, file.path], in: folder.url)
        #expect(made.status == 0)
        let database = try SQLDatabase()
        try database.attach(file: file, as: "f")
        let error = try #require(throws: SQLError.self) { try database.query("SELECT * FROM f.sneaky") }
        #expect(error.kind == .refused || error.kind == .sql)
        #expect(error.message.contains("load_extension"))
    }
}

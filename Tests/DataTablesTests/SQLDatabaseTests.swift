import CivilTime
import DataTables
import Foundation
import TestSupport
import Testing

/// Python's `sqlite3` module as the judge of the SQLite files ttsite attaches
/// (`Oracle/sqlite_oracle.py`).
enum SQLiteOracle {
    struct Reading: Decodable {
        var tables: [TableReading]
    }

    struct TableReading: Decodable {
        var name: String
        var columns: [ColumnReading]
        var rows: [[ValueReading]]
    }

    struct ColumnReading: Decodable {
        var name: String
        var declared: String
    }

    struct ValueReading: Decodable {
        /// "null", "integer", "real", "text" or "blob".
        var `class`: String
        var value: String?
        var date: [Int]?
        var epoch: String?
    }

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Oracle/sqlite_oracle.py")

    /// Writes the fixture database into `folder` and returns its URL.
    static func makeFixture(in folder: TemporaryFolder, named name: String = "fixture.sqlite") async throws -> URL {
        let file = folder.url(name)
        _ = try await run(["make", file.path], in: folder.url)
        return file
    }

    static func read(_ file: URL) async throws -> Reading {
        let output = try await run(["read", file.path], in: file.deletingLastPathComponent())
        return try JSONDecoder().decode(Reading.self, from: Data(output.utf8))
    }

    static func run(_ arguments: [String], in folder: URL) async throws -> String {
        let result = try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", script.path] + arguments, in: folder)
        guard result.status == 0 else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "sqlite_oracle.py: \(result.stderr)"])
        }
        return result.stdout
    }
}

func date(_ year: Int, _ month: Int, _ day: Int) -> CalendarDate {
    CalendarDate(year: year, month: month, day: day)!
}

@Suite struct SQLDatabaseTests {
    /// A value of every kind, at its edges, in a column of its type.
    static let everyKind = Table(
        columns: [
            Column("n", .integer), Column("x", .real), Column("yes", .boolean), Column("day", .date),
            Column("at", .dateTime), Column("name", .text),
        ],
        rows: [
            [
                .integer(Int64.max), .real(0.1), .boolean(true), .date(date(2024, 2, 29)),
                .dateTime(Date(timeIntervalSince1970: 1_709_211_909)), .text("Zürich"),
            ],
            [
                .integer(Int64.min), .real(-1.7976931348623157e308), .boolean(false), .date(date(1, 1, 1)),
                .dateTime(Date(timeIntervalSince1970: 946_684_799.5)), .text(""),
            ],
            [
                .integer(0), .real(5e-324), .null, .date(date(9999, 12, 31)),
                .dateTime(Date(timeIntervalSince1970: -86_400.25)), .text("日本語 👩‍🚀 e\u{301} \"q\" 'a'\t\n"),
            ],
            [.null, .real(.infinity), .boolean(true), .null, .null, .text("nul\u{0}inside")],
            [.integer(-1), .real(2), .boolean(false), .date(date(1970, 1, 1)), .dateTime(Date(timeIntervalSince1970: 0)), .null],
        ]
    )

    @Test func everyKindOfValueComesBackAsItWasLoaded() throws {
        let database = try SQLDatabase()
        #expect(try database.load("kinds", Self.everyKind) == 5)
        let result = try database.query("SELECT * FROM kinds")
        #expect(result == Self.everyKind.selected(from: "kinds"))
    }

    @Test func valuesAreStoredAsSQLiteWouldWriteThem() throws {
        let database = try SQLDatabase()
        try database.load("kinds", Self.everyKind)
        let stored = try database.query(
            """
            SELECT typeof(yes), yes, typeof(day), quote(day), quote(at), quote(date(day, '+1 day')) FROM kinds ORDER BY rowid LIMIT 3
            """)
        #expect(
            stored.rows == [
                [
                    .text("integer"), .boolean(true), .text("text"), .text("'2024-02-29'"), .text("'2024-02-29T13:05:09Z'"),
                    .text("'2024-03-01'"),
                ],
                [
                    .text("integer"), .boolean(false), .text("text"), .text("'0001-01-01'"), .text("'1999-12-31T23:59:59.500Z'"),
                    .text("'0001-01-02'"),
                ],
                [.text("null"), .null, .text("text"), .text("'9999-12-31'"), .text("'1969-12-30T23:59:59.750Z'"), .text("NULL")],
            ])
    }

    @Test func aRealThatIsNotANumberIsStoredAsNull() throws {
        // SQLite has no NaN: binding one stores NULL.
        let database = try SQLDatabase()
        try database.load("t", Table(columns: [Column("x", .real)], rows: [[.real(.nan)]]))
        #expect(try database.query("SELECT x, typeof(x) FROM t").rows == [[.null, .text("null")]])
    }

    @Test func resultColumnsAreTypedByDeclaredTypeElseByTheirValues() throws {
        let database = try SQLDatabase()
        try database.load("kinds", Self.everyKind)
        let result = try database.query(
            """
            SELECT n, day, 1 AS one, 1.5 AS half, 'a' AS letter, NULL AS absent,
                   CASE WHEN n > 0 THEN 1 ELSE 0.5 END AS mixedNumbers,
                   CASE WHEN n > 0 THEN 1 ELSE 'one' END AS mixedKinds,
                   date(day) AS sameDay, x'CAFE' AS bytes
            FROM kinds WHERE n IS NOT NULL ORDER BY n DESC LIMIT 2
            """)
        #expect(result.columns.map(\.type) == [.integer, .date, .integer, .real, .text, .text, .real, .text, .date, .text])
        #expect(result.rows.map { $0[6] } == [.real(1), .real(0.5)])
        #expect(result.rows.map { $0[7] } == [.integer(1), .text("one")])
        #expect(result.rows.map { $0[8] } == [.date(date(2024, 2, 29)), .date(date(9999, 12, 31))])
        #expect(result.rows.first?[9] == .text("CAFE"))
        // An aggregate has no declared type: its values, all dates, make it a date column.
        let latest = try database.query("SELECT max(day) AS latest FROM kinds")
        #expect(latest == Table(columns: [Column("latest", .date)], rows: [[.date(date(9999, 12, 31))]]))
    }

    /// SQLite's date functions return text; a column of such texts and nothing else is typed
    /// as a source's column would be. Expected values worked out by hand from the SQL.
    @Test func datesMadeBySQLKeepTheirType() throws {
        let database = try SQLDatabase()
        try database.load(
            "days",
            Table(
                columns: [Column("day", .date), Column("code", .text)],
                rows: [
                    [.date(date(2012, 8, 14)), .text("2012-01-01")], [.date(date(2012, 9, 2)), .text("x")], [.null, .null],
                ]))
        let result = try database.query(
            """
            SELECT date(day, 'start of month') AS month, datetime(day, '+12 hours') AS noon,
                   strftime('%Y', day) AS year, CASE WHEN day > '2012-09-01' THEN date(day) ELSE datetime(day) END AS mixed,
                   code, CASE WHEN code = 'x' THEN 'soon' ELSE date(day) END AS notAllDates
            FROM days ORDER BY day
            """)
        #expect(result.columns.map(\.type) == [.date, .dateTime, .text, .text, .text, .text])
        #expect(result.rows.map { $0[0] } == [.null, .date(date(2012, 8, 1)), .date(date(2012, 9, 1))])
        // 2012-08-14 12:00:00 UTC is 1,344,945,600 seconds after 1970.
        #expect(result.rows[1][1] == .dateTime(Date(timeIntervalSince1970: 1_344_945_600)))
        #expect(result.rows.map { $0[2] } == [.null, .text("2012"), .text("2012")], "numbers in text stay text")
        // A column declared text keeps its texts, dates or not.
        #expect(result.rows[1][4] == .text("2012-01-01"))
        let grouped = try database.query("SELECT min(day) AS first, max(day) AS last FROM days")
        #expect(grouped.rows == [[.date(date(2012, 8, 14)), .date(date(2012, 9, 2))]])
    }

    /// SQL's `now` is the clock the database was given, in its readers too; without one it is
    /// the machine's.
    @Test func sqlsNowIsTheBuildsClock() throws {
        // 2026-11-22T08:00:00Z is 1,795,334,400 seconds after 1970 (Python:
        // datetime(2026, 11, 22, 8, tzinfo=timezone.utc).timestamp()).
        let now = Date(timeIntervalSince1970: 1_795_334_400)
        let database = try SQLDatabase(now: now)
        try database.load("t", Table(columns: [Column("x", .integer)], rows: [[.integer(1)]]))
        let sql = "SELECT date('now') AS today, datetime('now') AS moment, CURRENT_DATE AS current, unixepoch() AS seconds FROM t"
        let expected: [TableValue] = [.date(date(2026, 11, 22)), .dateTime(now), .date(date(2026, 11, 22)), .integer(1_795_334_400)]
        #expect(try database.query(sql).rows == [expected])
        let readers = try #require(try database.readers(3))
        for _ in 0..<3 { #expect(try readers.query(sql).rows == [expected]) }
        // Another database, another clock, at the same time.
        let other = try SQLDatabase(now: Date(timeIntervalSince1970: 0))
        #expect(try other.query("SELECT date('now') AS today").rows == [[.date(date(1970, 1, 1))]])
        #expect(try database.query("SELECT date('now') AS today").rows == [[.date(date(2026, 11, 22))]])
        let machine = try SQLDatabase().query("SELECT unixepoch() AS seconds").rows.first?.first
        guard case .integer(let seconds) = machine else {
            Issue.record("no time: \(String(describing: machine))")
            return
        }
        #expect(abs(Double(seconds) - Date().timeIntervalSince1970) < 3600, "without a clock, SQL's now is the machine's")
    }

    @Test func aDeclaredColumnHoldingOtherKindsIsTypedByItsValues() throws {
        let database = try SQLDatabase()
        try database.load(
            "t",
            Table(
                columns: [Column("day", .date), Column("count", .integer)],
                rows: [
                    [.text("soon"), .integer(1)], [.date(date(2024, 1, 5)), .real(1.5)],
                ]))
        let result = try database.query("SELECT day, count FROM t")
        #expect(result.columns.map(\.type) == [.text, .real])
        #expect(result.rows == [[.text("soon"), .real(1)], [.date(date(2024, 1, 5)), .real(1.5)]])
    }

    @Test func tablesListsEveryTableWithItsColumnsAndRowCount() async throws {
        let folder = try TemporaryFolder("sql")
        defer { folder.remove() }
        let database = try SQLDatabase()
        try database.load("kinds", Self.everyKind)
        try database.load("empty one", Table(columns: [Column("a", .text)], rows: []))
        try database.attach(file: try await SQLiteOracle.makeFixture(in: folder), as: "archive")
        let tables = try database.tables()
        #expect(
            tables.map(\.qualifiedName) == ["kinds", "empty one", "archive.numbers", "archive.texts", "archive.events", "archive.odd days"])
        #expect(tables.map(\.rowCount) == [5, 0, 5, 5, 4, 3])
        #expect(tables[0].columns == Self.everyKind.columns)
        #expect(tables[0].schema == nil && tables[2].schema == "archive")
        #expect(tables[3].columns == [Column("id", .integer), Column("t", .text), Column("b", .text), Column("anything", .text)])
        #expect(tables[4].columns.map(\.type) == [.integer, .date, .dateTime, .boolean, .text])
        #expect(tables[2].columns.map(\.type) == [.integer, .integer, .real, .real])
    }

    @Test func aTableNameIsUsedOnce() throws {
        let database = try SQLDatabase()
        let table = Table(columns: [Column("a", .integer)], rows: [[.integer(1)]])
        try database.load("sales", table)
        for name in ["sales", "SALES"] {
            let error = try #require(throws: SQLError.self) { try database.load(name, table) }
            #expect(error.kind == .name)
            #expect(error.message.hasPrefix("the table name `\(name)` is already used"))
        }
        let reserved = try #require(throws: SQLError.self) { try database.load("sqlite_stat1", table) }
        #expect(reserved.kind == .name)
        #expect(try database.query("SELECT count(*) FROM sales").rows == [[.integer(1)]])
    }

    /// Rows that fail part way, as a CSV reader does at a bad line.
    struct FailingRows: RowSource {
        var columns = [Column("a", .integer)]
        func forEachRow(_ body: ([TableValue]) throws -> Void) throws {
            try body([.integer(1)])
            try body([.integer(2)])
            throw TableProblem("not a number", line: 4, column: "a")
        }
    }

    @Test func anErrorOfTheRowsComesOutUnchangedAndLeavesNoTable() throws {
        let database = try SQLDatabase()
        #expect(throws: TableProblem("not a number", line: 4, column: "a")) { try database.load("broken", FailingRows()) }
        #expect(try database.tables().isEmpty)
        try database.load("broken", Table(columns: [Column("a", .integer)], rows: [[.integer(7)]]))
        #expect(try database.query("SELECT a FROM broken").rows == [[.integer(7)]])
    }

    @Test func aRowWithTheWrongNumberOfValuesIsAProblem() throws {
        let database = try SQLDatabase()
        let table = Table(columns: [Column("a", .integer), Column("b", .text)], rows: [[.integer(1), .text("x")], [.integer(2)]])
        let problem = try #require(throws: TableProblem.self) { try database.load("t", table) }
        #expect(problem.reason == "row 2 of `t` has 1 values for 2 columns")
    }

    @Test func namesWithQuotesAndSpacesAreQuoted() throws {
        let database = try SQLDatabase()
        let table = Table(columns: [Column("the \"price\"", .real), Column("select", .text)], rows: [[.real(1.5), .text("x")]])
        try database.load("my \"odd\" table", table)
        let result = try database.query(#"SELECT "the ""price""", "select" FROM "my ""odd"" table""#)
        #expect(result == table.selected(from: "my \"odd\" table"))
    }

    /// A result column that is a table's column as it is names it, under another name and
    /// through subqueries and views; an expression, a constant and a column of an attached
    /// file name none. Worked out from SQLite's documentation of `sqlite3_column_table_name`.
    @Test func resultColumnsKnowTheTableColumnTheyAre() throws {
        let database = try SQLDatabase()
        try database.load("people", Table(columns: [Column("name", .text), Column("born", .date)], rows: [[.text("Ada"), .null]]))
        let result = try database.query(
            """
            SELECT name AS who, born, upper(name) AS shouted, 1 AS one,
              (SELECT born FROM (SELECT * FROM people)) AS nested
            FROM (SELECT * FROM people)
            """)
        #expect(
            result.columns.map(\.origin) == [
                Column.Origin(table: "people", column: "name"), Column.Origin(table: "people", column: "born"), nil, nil,
                Column.Origin(table: "people", column: "born"),
            ])
        #expect(result.columns.map(\.name) == ["who", "born", "shouted", "one", "nested"])
    }

    @Test(arguments: [
        ("SELECT name,\n       n\n  FROM kinds WHERE n = = 1", "near \"=\": syntax error"),
        ("SELECT name,\n       n\n  FROM kinds WHERE nmae = 1", "no such column: nmae"),
        ("SELECT name,\n  n\nFROM kinds, salse", "no such table: salse"),
        ("SELECT name,\n  n\nFROM kinds JOIN main.sales ON 1", "no such table: main.sales"),
        ("SELECT name,\n  n\nFROM kinds WHERE nosuch(n)", "no such function: nosuch"),
    ])
    func aMistakeOnLineThreeIsReportedOnLineThree(sql: String, message: String) throws {
        let database = try SQLDatabase()
        try database.load("kinds", Self.everyKind)
        let error = try #require(throws: SQLError.self) { try database.query(sql) }
        #expect(error.kind == .sql)
        #expect(error.message == message)
        #expect(error.offset != nil)
        #expect(error.line(in: sql) == 3)
    }

    @Test func aLineIsCountedInBytesOfUTF8() {
        let sql = "SELECT 'é'\n, 'ü' FROM x\nWHERE"
        #expect(SQLError(.sql, "", offset: 13).line(in: sql) == 2)
        #expect(SQLError(.sql, "", offset: 28).line(in: sql) == 3)
        #expect(SQLError(.sql, "").line(in: sql) == nil)
    }

    @Test func parametersAreBoundByName() throws {
        let database = try SQLDatabase()
        try database.load("kinds", Self.everyKind)
        let sql = "SELECT name FROM kinds WHERE day >= :from AND day <= :to AND (yes = :yes OR :yes IS NULL) ORDER BY day"
        #expect(try database.parameterNames(in: sql) == ["from", "to", "yes"])
        let result = try database.query(
            sql,
            parameters: [
                "from": .date(date(1970, 1, 1)), "to": .date(date(2024, 12, 31)), "yes": .boolean(true), "unused": .integer(1),
            ])
        #expect(result.rows == [[.text("Zürich")]])
        let instants = try database.query(
            "SELECT count(*) FROM kinds WHERE at < :at", parameters: ["at": .dateTime(Date(timeIntervalSince1970: 946_684_800))])
        #expect(instants.rows == [[.integer(3)]])
    }

    @Test func theRowLimitAllowsExactlyThatManyRows() throws {
        let database = try SQLDatabase()
        try database.load("kinds", Self.everyKind)
        #expect(try database.query("SELECT * FROM kinds", limits: SQLLimits(rows: 5)).rows.count == 5)
        let error = try #require(throws: SQLError.self) { try database.query("SELECT * FROM kinds", limits: SQLLimits(rows: 4)) }
        #expect(error == SQLError(.rowLimit, "the query returned more than 4 rows (the row limit)"))
    }

    @Test func anAttachedFileReadsAsPythonReadsIt() async throws {
        let folder = try TemporaryFolder("sql")
        defer { folder.remove() }
        let file = try await SQLiteOracle.makeFixture(in: folder)
        let bytes = try Data(contentsOf: file)
        let modified = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date
        let oracle = try await SQLiteOracle.read(file)
        #expect(oracle.tables.count == 4)

        let database = try SQLDatabase()
        try database.attach(file: file, as: "f")
        let expectedTypes: [String: [ColumnType]] = [
            "numbers": [.integer, .integer, .real, .real],
            "texts": [.integer, .text, .text, .text],
            "events": [.integer, .date, .dateTime, .boolean, .text],
            "odd days": [.integer, .text],
        ]
        for table in oracle.tables {
            let result = try database.query("SELECT * FROM f.\"\(table.name)\" ORDER BY rowid")
            #expect(result.columns.map(\.name) == table.columns.map(\.name), "\(table.name)")
            #expect(result.columns.map(\.type) == expectedTypes[table.name], "\(table.name)")
            // A column of an attached file is not a column of the build's own tables.
            #expect(result.columns.allSatisfy { $0.origin == nil }, "\(table.name)")
            #expect(result.rows.count == table.rows.count, "\(table.name)")
            for (ours, theirs) in zip(result.rows, table.rows) {
                let expected = zip(theirs, table.columns).map { Self.expected($0, declared: $1.declared) }
                #expect(ours == expected, "\(table.name)")
            }
        }
        // Every storage class was in the fixture.
        let classes = Set(oracle.tables.flatMap { $0.rows.flatMap { $0.map(\.class) } })
        #expect(classes == ["null", "integer", "real", "text", "blob"])
        #expect(try Data(contentsOf: file) == bytes)
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date == modified)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["fixture.sqlite"])
    }

    /// The table value Python's reading of a value should become, by the rules of
    /// `SQLValues.swift`: BOOLEAN 0/1 → boolean, REAL/NUMERIC integers → reals, DATE and
    /// DATETIME texts Python reads as dates → dates, BLOBs → upper-case hex.
    static func expected(_ reading: SQLiteOracle.ValueReading, declared: String) -> TableValue {
        let value = reading.value ?? ""
        switch reading.class {
        case "integer":
            let number = Int64(value)!
            if declared == "BOOLEAN", number == 0 || number == 1 { return .boolean(number == 1) }
            if declared == "REAL" || declared == "NUMERIC" { return .real(Double(number)) }
            return .integer(number)
        case "real": return .real(Double(value)!)
        case "blob": return .text(value)
        case "text":
            if let parts = reading.date { return .date(date(parts[0], parts[1], parts[2])) }
            if let epoch = reading.epoch { return .dateTime(Date(timeIntervalSince1970: Double(epoch)!)) }
            return .text(value)
        default: return .null
        }
    }

    @Test func aFileThatIsNotASQLiteDatabaseIsNamed() throws {
        let folder = try TemporaryFolder("sql")
        defer { folder.remove() }
        let csv = try folder.write("a,b\n1,2\n", to: "sales.csv")
        let empty = try folder.write("", to: "empty.sqlite")
        let database = try SQLDatabase()
        let cases: [(URL, String)] = [
            (csv, "`\(csv.path)` is not a SQLite database: it does not start with \"SQLite format 3\""),
            (empty, "`\(empty.path)` is not a SQLite database: it is empty"),
            (folder.url("missing.sqlite"), "there is no file `\(folder.url("missing.sqlite").path)`"),
            (folder.url, "`\(folder.url.path)` is a folder, not a SQLite database"),
        ]
        for (file, message) in cases {
            let error = try #require(throws: SQLError.self) { try database.attach(file: file, as: "x") }
            #expect(error == SQLError(.file, message))
        }
        #expect(try database.tables().isEmpty)
    }

    /// SQLite quoting a token that spans lines, or the excerpt of a second statement, broke
    /// the one-line form of an error (issue 50): a line break is written `\n`.
    @Test func anErrorIsOneLine() throws {
        let database = try SQLDatabase()
        let token = try #require(throws: SQLError.self) { try database.query("SELECT 'abc\ndef") }
        #expect(token.message == #"unrecognized token: "'abc\ndef""#)
        let second = try #require(throws: SQLError.self) { try database.query("SELECT 1;\nSELECT\n2") }
        #expect(second.message == "a query may hold only one statement; another follows the first: `SELECT\\n2` (line 2)")
    }

    @Test func aSchemaNameIsUsedOnce() async throws {
        let folder = try TemporaryFolder("sql")
        defer { folder.remove() }
        let file = try await SQLiteOracle.makeFixture(in: folder, named: "a file?#%.sqlite")
        let database = try SQLDatabase()
        try database.attach(file: file, as: "archive")
        let again = try #require(throws: SQLError.self) { try database.attach(file: file, as: "Archive") }
        #expect(again == SQLError(.name, "the schema name `Archive` is already used by another attached file"))
        let main = try #require(throws: SQLError.self) { try database.attach(file: file, as: "main") }
        #expect(main.kind == .name)
        #expect(try database.query("SELECT count(*) FROM archive.events").rows == [[.integer(4)]])
    }

    /// A writer that died mid-transaction leaves uncommitted changes in the file and what
    /// undoes them in `-journal`: read immutable, they were published as data (34 rows of
    /// 2,000 committed, with SQLite 3.40). Python's sqlite3 makes the files and says what is committed.
    @Test func aDatabaseWithAHotJournalIsRefused() async throws {
        let folder = try TemporaryFolder("sql")
        defer { folder.remove() }
        let file = folder.url("runs.sqlite")
        let output = try await SQLiteOracle.run(["hot", file.path], in: folder.url)
        let counts = try JSONDecoder().decode([String: Int].self, from: Data(output.utf8))
        #expect(counts["committed"] == 2000 && counts["immutable"] != 2000, "the oracle made a hot journal: \(counts)")
        let error = try #require(throws: SQLError.self) { try SQLDatabase().attach(file: file, as: "f") }
        #expect(error.kind == .file)
        #expect(error.message.contains("has changes that were never committed, and `\(file.path)-journal` holds what undoes them"))
        // Opened once by SQLite, which rolls the changes back, the file is read: every row.
        _ = try await SQLiteOracle.run(["rollback", file.path], in: folder.url)
        let database = try SQLDatabase()
        try database.attach(file: file, as: "f")
        #expect(try database.query("SELECT count(*) FROM f.runs WHERE note <> 'uncommitted'").rows == [[.integer(2000)]])
    }

    /// A query that read a damaged page was blamed, "database disk image is malformed", as if
    /// its SQL were at fault: the error names the file, with SQLite's own check of it.
    /// Python's sqlite3 damages the file and says what SQLite reports.
    @Test func aDamagedPageIsBlamedOnItsFileNotTheQuery() async throws {
        let folder = try TemporaryFolder("sql")
        defer { folder.remove() }
        let file = folder.url("runs.sqlite")
        let output = try await SQLiteOracle.run(["damage", file.path], in: folder.url)
        let oracle = try JSONDecoder().decode([String: String?].self, from: Data(output.utf8))
        let pythonError = try #require(oracle["error"] ?? nil, "the oracle's query read the damaged page")
        let check = try #require(oracle["check"] ?? nil)
        let fault = try #require(check.split(separator: "\n").last.map(String.init))
        #expect(fault.hasPrefix("Page 5: "), "\(check)")
        let database = try SQLDatabase()
        _ = try database.load("t", Table(columns: [Column("a", .integer)], rows: [[.integer(1)]]))
        try database.attach(file: file, as: "f")
        let intact = folder.url("intact.sqlite")
        _ = try await SQLiteOracle.run(["make", intact.path], in: folder.url)
        try database.attach(file: intact, as: "g")
        let readers = try #require(try database.readers(2))
        let sql = "SELECT sum(length(note)) FROM f.runs"
        // The database, then its readers (a snapshot of it with the files attached again).
        for throughReaders in [false, true] {
            let error = try #require(throws: SQLError.self) { throughReaders ? try readers.query(sql) : try database.query(sql) }
            #expect(error.kind == .file)
            #expect(
                error.message == "the database file `\(file.path)` (\(fault)) is damaged: SQLite read a page of it that it cannot make "
                    + "sense of (\(pythonError)); restore the file from a copy, or make it again")
        }
        // A query that reads only the intact file is answered.
        #expect(try database.query("SELECT count(*) > 0 FROM g.sqlite_schema").rows == [[.integer(1)]])
        // Listing the tables (their rows counted, as a build does) names the file too.
        let listing = try #require(throws: SQLError.self) { try database.tables() }
        #expect(listing.kind == .file && listing.message.hasPrefix("the database file `\(file.path)` (\(fault)) is damaged"))
    }

    @Test func aWALDatabaseWithChangesNotYetCheckpointedIsRefused() async throws {
        let folder = try TemporaryFolder("sql")
        defer { folder.remove() }
        let file = try await SQLiteOracle.makeFixture(in: folder)
        var bytes = try Data(contentsOf: file)
        bytes[18] = 2
        bytes[19] = 2
        try bytes.write(to: file)
        try folder.write(Data([1, 2, 3]), to: "fixture.sqlite-wal")
        let error = try #require(throws: SQLError.self) { try SQLDatabase().attach(file: file, as: "f") }
        #expect(error.kind == .file)
        #expect(error.message.contains("has changes in `\(file.path)-wal` not yet written into it"))
    }
}

extension Table {
    /// The table as `SELECT * FROM name` gives it back: each column names the table's column
    /// it is (`Column.origin`).
    func selected(from name: String) -> Table {
        var table = self
        for index in table.columns.indices {
            table.columns[index].origin = Column.Origin(table: name, column: table.columns[index].name)
        }
        return table
    }
}

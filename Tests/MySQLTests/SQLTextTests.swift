import Testing

@testable import MySQL

/// What the SQL is before it is sent: one statement that starts as a query does, its `;` and
/// blanks at the end taken off; an executable comment (`/*! … */`) is SQL, not a comment.
@Suite struct SQLTextTests {
    @Test(arguments: [
        ("SELECT 1", "SELECT 1"),
        ("SELECT 1;", "SELECT 1"),
        ("  select 1 ;  \n", "  select 1"),
        ("SELECT ';' AS a; -- done", "SELECT ';' AS a"),
        ("SELECT 'it''s; fine', \"a\\\";b\" # note;", "SELECT 'it''s; fine', \"a\\\";b\""),
        ("(SELECT 1) UNION (SELECT 2)", "(SELECT 1) UNION (SELECT 2)"),
        ("/* why */ WITH a AS (SELECT 1) SELECT * FROM a", "/* why */ WITH a AS (SELECT 1) SELECT * FROM a"),
        ("SELECT 1--1", "SELECT 1--1"),
        ("SELECT `a;b` FROM t", "SELECT `a;b` FROM t"),
    ])
    func oneQueryIsSentAsItIs(sql: String, sent: String) throws {
        #expect(try SQLText.oneQuery(sql) == sent)
    }

    @Test(arguments: [
        "SELECT 1; SELECT 2", "SELECT 1;;DELETE FROM t", "SELECT 1; /* x */ DROP TABLE t", "INSERT INTO t VALUES (1)",
        "/*! SELECT 1 */", "/*!50000 DELETE FROM t */", "/*M!100000 SELECT 1 */", "-- nothing", "", "CALL p()", "SHOW TABLES",
        "SET @a = 1", "HANDLER t OPEN", "LOAD DATA LOCAL INFILE 'x' INTO TABLE t", "SELECT 1; 'more'",
    ])
    func otherSQLIsRefusedUnrun(sql: String) {
        #expect(throws: MySQLError.self) { try SQLText.oneQuery(sql) }
        #expect((try? SQLText.oneQuery(sql)) == nil)
    }
}

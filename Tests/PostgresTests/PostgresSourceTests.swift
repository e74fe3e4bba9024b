import DataTables
import Foundation
import TestSupport
import Testing

@testable import Postgres

/// A real PostgreSQL server from the system's packages: every column type as the table holds
/// it (as SQLite stores it: a boolean as 0 or 1, a date or an instant as its ISO text) (each
/// expected value worked out by hand from PostgreSQL's documented text forms; the
/// oracle suite compares many more with psycopg), and every way a query can fail.
@Suite struct PostgresSourceTests {
    @Test func everyColumnTypeBecomesATableValue() async throws {
        let server = try await PostgresServer.shared()
        try await server.sql(
            """
            CREATE TABLE typed (i2 smallint, i8 bigint, n numeric, n2 numeric(10,2), n0 numeric(12,0), f4 real, f8 double precision,
              b boolean, d date, ts timestamp, tz timestamptz, j json, jb jsonb, t text, ai int[], at text[], ab bool[], iv interval);
            INSERT INTO typed VALUES (1, 9007199254740993, 100000000000000000000.5, 12.50, 123456789012, 1.5, 0.1, true, '2024-02-29',
              '2024-07-01 12:00:00', '2024-05-01 12:34:56.5+02', '{"a": [1, 2]}', '{"b":  null}', 'héllo "quoted"', '{1,NULL,3}',
              '{"a b","c\\"d",NULL}', '{t,f}', '1 day 02:00:00');
            INSERT INTO typed (n, f4, d, tz, t) VALUES ('NaN', 'NaN', 'infinity', '2024-05-01 12:34:56.1234+00', '');
            """)
        let settings = readerSettings(server)
        let result = try await rows("SELECT * FROM typed ORDER BY i2 NULLS LAST", settings)
        #expect(
            result.columns.map(\.type) == [
                .integer, .integer, .real, .real, .integer, .real, .real, .boolean, .date, .dateTime, .dateTime,
                .text, .text, .text, .text, .text, .text, .text,
            ])
        #expect(
            result.rows[0] == [
                .integer(1), .integer(9_007_199_254_740_993), .real(1e20), .real(12.5), .integer(123_456_789_012), .real(1.5), .real(0.1),
                .integer(1), .text("2024-02-29"), .text("2024-07-01T12:00:00Z"), .text("2024-05-01T10:34:56.500Z"),
                .text(#"{"a": [1, 2]}"#), .text(#"{"b": null}"#), .text(#"héllo "quoted""#), .text("[1,null,3]"),
                .text(#"["a b","c\"d",null]"#),
                .text("[true,false]"), .text("1 day 02:00:00"),
            ])
        #expect(result.count == 2)
        #expect(result.rows[1][2] == .null && result.rows[1][5] == .null && result.rows[1][8] == .null)
        #expect(result.rows[1][10] == .text("2024-05-01T12:34:56.123400Z"))
        #expect(result.rows[1][13] == .text(""))
        #expect(
            result.notes == [
                "column `n`: 1 value `NaN` stored as NULL", "column `f4`: 1 value `NaN` stored as NULL",
                "column `d`: 1 value `infinity` stored as NULL",
            ])
        // A timestamp without a zone is read in the site's zone: noon in Berlin's summer is 10:00 UTC.
        let berlin = try await rows("SELECT ts FROM typed WHERE i2 = 1", settings, timeZone: TimeZone(identifier: "Europe/Berlin")!)
        #expect(berlin.rows == [[.text("2024-07-01T10:00:00Z")]])
    }

    @Test func anEmptyResultStillHasItsColumns() async throws {
        let server = try await PostgresServer.shared()
        let result = try await rows("SELECT 1::int AS a, 'x'::text AS b WHERE false", readerSettings(server))
        #expect(result.columns == [Column("a", .integer), Column("b", .text)])
        #expect(result.rows.isEmpty)
    }

    @Test func theCountAndTheDigestDescribeTheWholeResult() async throws {
        let server = try await PostgresServer.shared()
        let settings = readerSettings(server)
        // More rows than a batch holds, so that the count spans batches.
        let many = try await rows("SELECT g, 'x' || g AS t FROM generate_series(1, 10000) g", settings)
        #expect(many.count == 10_000 && many.rows.count == 10_000)
        #expect(many.rows.last == [.integer(10_000), .text("x10000")])
        let again = try await rows("SELECT g, 'x' || g AS t FROM generate_series(1, 10000) g", settings)
        #expect(again.digest == many.digest && many.digest.count == 64)
        let other = try await rows("SELECT g, 'x' || g AS t FROM generate_series(1, 9999) g UNION ALL SELECT 10000, 'y'", settings)
        #expect(other.digest != many.digest)
        // A NULL and an empty text are told apart.
        #expect(try await rows("SELECT NULL::text AS t", settings).digest != rows("SELECT ''::text AS t", settings).digest)
    }

    @Test func aWriteIsRefusedByTheServer() async throws {
        let server = try await PostgresServer.shared()
        try await server.sql("CREATE TABLE kept (a int); INSERT INTO kept VALUES (1)")
        let settings = readerSettings(server)
        // A statement that is no query is refused unrun; one that is, by the server.
        #expect(await failure("INSERT INTO kept VALUES (2) RETURNING a", settings)?.kind == .notAQuery)
        #expect(await failure("WITH gone AS (DELETE FROM kept RETURNING a) SELECT * FROM gone", settings)?.kind == .write)
        // Two statements are refused before either runs: the first cannot turn the guard off.
        #expect(await failure("SET default_transaction_read_only = off; DELETE FROM kept", settings)?.kind == .notAQuery)
        #expect(await failure("SET search_path = public", settings)?.kind == .notAQuery)
        #expect(try await server.sql("SELECT count(*) FROM kept").contains(" 1\n"))
    }

    /// Read-only holds whatever the SQL says (issue 50): a `DO` block that turns read-only off,
    /// commits and writes, a `COPY … TO PROGRAM`, a `CALL`, are refused unrun — even for a
    /// trusted superuser — and a role that could write the server's files or run programs is
    /// refused unless the connection trusts it.
    @Test func readOnlyHoldsWhateverTheSQLSays() async throws {
        let server = try await PostgresServer.shared()
        try await server.sql("CREATE TABLE audit (note text); GRANT SELECT ON audit TO reporter")
        try await server.sql("CREATE PROCEDURE note_it() LANGUAGE plpgsql AS $$ BEGIN INSERT INTO audit VALUES ('called'); COMMIT; END $$")
        let marker = server.folder.url("escaped")
        var trusted = readerSettings(server)
        trusted.user = PostgresServer.superuser
        trusted.trustedRole = true
        let escapes = [
            "DO $$ BEGIN SET default_transaction_read_only = off; COMMIT; INSERT INTO audit VALUES ('x'); END $$",
            "COPY (SELECT 1) TO PROGRAM 'id > \(marker.path)'",
            "CALL note_it()",
            "/* a comment */ SET default_transaction_read_only = off",
            "TRUNCATE audit",
        ]
        for sql in escapes {
            for settings in [readerSettings(server), trusted] {
                let error = await failure(sql, settings)
                #expect(error?.kind == .notAQuery, "\(sql): \(String(describing: error))")
            }
        }
        // A query that calls the procedure's writing through a function is refused by the
        // read-only transaction, which no function can end.
        try await server.sql(
            "CREATE FUNCTION sneaky() RETURNS int LANGUAGE plpgsql AS $$ BEGIN INSERT INTO audit VALUES ('y'); RETURN 1; END $$")
        #expect(await failure("SELECT sneaky()", trusted)?.kind == .write)
        #expect(try await server.sql("SELECT count(*) FROM audit").contains(" 0\n"), "nothing was written")
        #expect(!FileManager.default.fileExists(atPath: marker.path), "no program ran")

        // Roles: a superuser and a member of pg_write_server_files are refused, their SQL unrun.
        for user in [PostgresServer.superuser, PostgresServer.fileWriter] {
            var settings = readerSettings(server)
            settings.user = user
            let file = server.folder.url("exported-\(user)")
            let error = await failure("SELECT lo_export(lo_from_bytea(0, 'x'), '\(file.path)')", settings)
            #expect(error?.kind == .role, "\(user): \(String(describing: error))")
            #expect(error?.message.contains("`\(user)` is a") == true && error?.message.contains("trusted_role: true") == true)
            #expect(!FileManager.default.fileExists(atPath: file.path))
        }
        // A reader's query runs as ever; so does a trusted superuser's.
        #expect(try await rows("WITH n AS (SELECT 1 AS one) SELECT one FROM n", readerSettings(server)).rows == [[.integer(1)]])
        #expect(try await rows("(VALUES (2))", trusted).rows == [[.integer(2)]])
    }

    @Test func theTimeLimitCancelsALongQuery() async throws {
        let server = try await PostgresServer.shared()
        var settings = readerSettings(server)
        settings.seconds = 0.3
        let error = await failure("SELECT pg_sleep(30)", settings)
        #expect(error?.kind == .timeout)
        #expect(error?.sqlState == "57014")
    }

    @Test func aResultOverItsLimitsIsCancelled() async throws {
        let server = try await PostgresServer.shared()
        var settings = readerSettings(server)
        settings.rows = 10
        #expect(try await rows("SELECT g FROM generate_series(1, 10) g", settings).rows.count == 10)
        #expect(await failure("SELECT g FROM generate_series(1, 100000000) g", settings)?.kind == .limit)
        settings.rows = 1_000_000
        settings.bytes = 1000
        #expect(await failure("SELECT repeat('x', 100) FROM generate_series(1, 100) g", settings)?.kind == .limit)
    }

    @Test func theServerNamesWhereTheSQLIsWrong() async throws {
        let server = try await PostgresServer.shared()
        let error = await failure("SELECT 1\nFROM no_such_table", readerSettings(server))
        #expect(error?.kind == .query)
        #expect(error?.sqlState == "42P01")
        #expect(error?.position == 15)
        #expect(error?.message.contains("no_such_table") == true)
    }

    @Test func verifyFullChecksTheServersCertificate() async throws {
        let server = try await PostgresServer.shared()
        var settings = readerSettings(server)
        let checked = settings
        let secure = try await offThePool { try PostgresConnection(checked).usesTLS }
        #expect(secure)
        settings.sslRootCert = server.otherAuthority.path
        let refused = await failure("SELECT 1", settings)
        #expect(refused?.kind == .connection)
        #expect(refused?.message.contains("certificate") == true)
    }

    @Test func aWrongPasswordIsAConnectionErrorThatDoesNotRepeatIt() async throws {
        let server = try await PostgresServer.shared()
        var settings = readerSettings(server)
        // The password file gives this role a password that is not its own.
        settings.user = PostgresServer.wrongPasswordUser
        let error = await failure("SELECT 1", settings)
        #expect(error?.kind == .connection)
        #expect(error?.message.contains("password authentication failed for user \"\(PostgresServer.wrongPasswordUser)\"") == true)
        #expect(error?.message.contains(PostgresServer.wrongPassword) == false)
    }

    /// A backend stopped mid-result (`kill -STOP`): the server's own time limit cannot end
    /// the query, and the fetch waited for ever. The client gives it up `seconds` and 5 s
    /// later, a `.timeout` (then the cache rule applies, as for any failed fetch). Before,
    /// the backend let go after four minutes, the server's own time-out ended it (57014).
    @Test func aServerThatStopsAnsweringIsGivenUp() async throws {
        let server = try await PostgresServer.shared()
        var settings = readerSettings(server)
        // A minute: the server's own limit must not end the query before the test has found
        // its backend and stopped it, on a loaded machine.
        settings.seconds = 60
        let marker = "stopped_\(UInt32.random(in: 0...UInt32.max))"
        let reading = Task {
            await failure("SELECT g, pg_sleep(0.002) AS \(marker) FROM generate_series(1, 1000000) g", settings)
        }
        var backend: Int32?
        for _ in 0..<200 where backend == nil {
            let said = try await server.sql(
                "SELECT pid FROM pg_stat_activity WHERE query LIKE '%AS \(marker) %' AND pid <> pg_backend_pid()")
            backend = said.split(separator: "\n").lazy.compactMap { Int32($0.trimmingCharacters(in: .whitespaces)) }.first
            if backend == nil { try await Task.sleep(for: .milliseconds(20)) }
        }
        let pid = try #require(backend)
        #expect(kill(pid, SIGSTOP) == 0)
        // Bounded whatever the client does: the backend goes on after four minutes.
        let resume = Task {
            try? await Task.sleep(for: .seconds(240))
            kill(pid, SIGCONT)
        }
        let error = await reading.value
        resume.cancel()
        kill(pid, SIGCONT)
        _ = try? await server.sql("SELECT pg_terminate_backend(\(pid))")
        #expect(error?.kind == .timeout, "\(String(describing: error))")
        #expect(error?.sqlState == nil)
        #expect(
            error?.message.hasPrefix("the server sent nothing for longer than the query may run (`seconds`, 60 s) and 5 s more") == true)
    }

    @Test func aConnectionThatBreaksMidResultIsAnError() async throws {
        let server = try await PostgresServer.shared()
        let settings = readerSettings(server)
        let marker = "broken_\(UInt32.random(in: 0...UInt32.max))"
        let reading = Task {
            await failure("SELECT g, CASE WHEN g = 600 THEN pg_sleep(60) END AS \(marker) FROM generate_series(1, 1000) g", settings)
        }
        var terminated = false
        for _ in 0..<200 where !terminated {
            let said = try await server.sql(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE '%AS \(marker) %' AND pid <> pg_backend_pid()")
            terminated = said.contains("(1 row)")
            if !terminated { try await Task.sleep(for: .milliseconds(50)) }
        }
        #expect(terminated)
        let error = await reading.value
        #expect(error?.kind == .lost)
        #expect(error?.message.contains("the connection broke after") == true)
    }
}

import DataTables
import Foundation
import TestSupport
import Testing

@testable import MySQL

/// A real MariaDB server from the system's packages: every column type as the table holds it
/// (as SQLite stores it: a boolean as 0 or 1, a date or an instant as its ISO text) (each
/// expected value worked out by hand from MariaDB's documented text forms; the oracle suite
/// compares many more with PyMySQL), and every way a query can fail.
@Suite struct MySQLSourceTests {
    static let typedTable = """
        SET sql_mode = '', time_zone = '+02:00';
        CREATE TABLE typed (id INT, ti TINYINT, si SMALLINT UNSIGNED, mi MEDIUMINT, i INT, bi BIGINT, ubi BIGINT UNSIGNED,
          d0 DECIMAL(18,0), d2 DECIMAL(10,2), d30 DECIMAL(30,0), f FLOAT, db DOUBLE, b BOOL, bit1 BIT(1), bit9 BIT(9), y YEAR,
          dt DATE, dtm DATETIME(6), ts TIMESTAMP(3) NULL, tm TIME, e ENUM('a','b'), st SET('x','y'), j JSON, c CHAR(3),
          vc VARCHAR(20), tx TEXT, bn BINARY(2), vb VARBINARY(4), bl BLOB);
        INSERT INTO typed VALUES (1, -128, 65535, -8388608, 2147483647, -9223372036854775808, 18446744073709551615,
          999999999999999999, 12.50, 123456789012345678901234567890, 1.5, 0.1, TRUE, b'1', b'100000001', 2024, '2024-02-29',
          '2024-07-01 12:00:00.500000', '2024-05-01 14:34:56.123', '-12:30:00', 'b', 'y,x', '{"a": [1, 2]}', 'ab',
          'héllo "q"', 'line\\nbreak', x'0102', x'DEADBEEF', x'00FF');
        INSERT INTO typed (id, y, dt, dtm) VALUES (2, 0, '0000-00-00', '0000-00-00 00:00:00');
        INSERT INTO typed (id, b, dt, tx) VALUES (3, 5, '2024-05-00', '');
        """

    @Test func everyColumnTypeBecomesATableValue() async throws {
        let server = try await MySQLServer.shared()
        try await server.sql(Self.typedTable)
        let settings = readerSettings(server)
        let result = try await rows("SELECT * FROM typed ORDER BY id", settings)
        #expect(
            result.columns.map(\.type) == [
                .integer, .integer, .integer, .integer, .integer, .integer, .integer, .integer, .real, .real, .real, .real, .boolean,
                .boolean, .integer, .integer, .date, .dateTime, .dateTime, .text, .text, .text, .text, .text, .text, .text, .text,
                .text, .text,
            ])
        #expect(
            result.rows[0] == [
                .integer(1), .integer(-128), .integer(65535), .integer(-8_388_608), .integer(2_147_483_647), .integer(.min),
                .real(18_446_744_073_709_551_615), .integer(999_999_999_999_999_999), .real(12.5), .real(1.2345678901234568e29),
                .real(1.5), .real(0.1), .integer(1), .integer(1), .integer(257), .integer(2024), .text("2024-02-29"),
                .text("2024-07-01T12:00:00.500Z"), .text("2024-05-01T12:34:56.123Z"), .text("-12:30:00"), .text("b"), .text("x,y"),
                .text(#"{"a": [1, 2]}"#), .text("ab"), .text(#"héllo "q""#), .text("line\nbreak"), .text(#"\x0102"#),
                .text(#"\xdeadbeef"#), .text(#"\x00ff"#),
            ])
        #expect(result.count == 3)
        #expect(result.rows[1][15] == .null && result.rows[1][16] == .null && result.rows[1][17] == .null)
        #expect(result.rows[1][1] == .null && result.rows[1][28] == .null)
        #expect(result.rows[2][12] == .integer(1) && result.rows[2][16] == .null && result.rows[2][25] == .text(""))
        #expect(
            result.notes == [
                "column `b`: 1 value other than 0 and 1 stored as 1 (true)", "column `y`: 1 value `0000` stored as NULL",
                "column `dt`: 1 value `0000-00-00` stored as NULL", "column `dt`: 1 value with a zero month or day stored as NULL",
                "column `dtm`: 1 value `0000-00-00 00:00:00` stored as NULL",
            ])
        // A DATETIME is read in the site's zone: noon in Berlin's summer is 10:00 UTC.
        let berlin = try await rows("SELECT dtm FROM typed WHERE id = 1", settings, timeZone: TimeZone(identifier: "Europe/Berlin")!)
        #expect(berlin.rows == [[.text("2024-07-01T10:00:00.500Z")]])
    }

    @Test func anEmptyResultStillHasItsColumns() async throws {
        let server = try await MySQLServer.shared()
        let result = try await rows("SELECT 1 AS a, 'x' AS b FROM DUAL WHERE FALSE", readerSettings(server))
        #expect(result.columns == [Column("a", .integer), Column("b", .text)])
        #expect(result.rows.isEmpty)
    }

    @Test func theCountAndTheDigestDescribeTheWholeResult() async throws {
        let server = try await MySQLServer.shared()
        let settings = readerSettings(server)
        // More rows than a batch holds, so that the count spans batches.
        let many = try await rows("SELECT seq AS g, CONCAT('x', seq) AS t FROM seq_1_to_10000", settings)
        #expect(many.count == 10_000 && many.rows.count == 10_000)
        #expect(many.rows.last == [.integer(10_000), .text("x10000")])
        let again = try await rows("SELECT seq AS g, CONCAT('x', seq) AS t FROM seq_1_to_10000;", settings)
        #expect(again.digest == many.digest && many.digest.count == 64)
        let other = try await rows("SELECT seq AS g, CONCAT('x', seq) AS t FROM seq_1_to_9999 UNION ALL SELECT 10000, 'y'", settings)
        #expect(other.digest != many.digest)
        // A NULL and an empty text are told apart.
        #expect(try await rows("SELECT CAST(NULL AS CHAR) AS t", settings).digest != rows("SELECT '' AS t", settings).digest)
    }

    @Test func aWriteIsRefused() async throws {
        let server = try await MySQLServer.shared()
        try await server.sql(
            """
            CREATE TABLE kept (a INT); INSERT INTO kept VALUES (1);
            DELIMITER //
            CREATE FUNCTION sneaky() RETURNS INT MODIFIES SQL DATA BEGIN INSERT INTO kept VALUES (9); RETURN 1; END//
            CREATE PROCEDURE note_it() BEGIN INSERT INTO kept VALUES (8); SELECT 1; END//
            DELIMITER ;
            """)
        let settings = readerSettings(server)
        var trusted = readerSettings(server)
        trusted.user = MySQLServer.superuser
        trusted.trustedRole = true
        let unrun = [
            "INSERT INTO kept VALUES (2)",
            "SELECT 1; DELETE FROM kept",
            "SELECT 1;\n-- and then\nDELETE FROM kept;",
            "SET max_statement_time = 0",
            "/*!50000 DELETE FROM kept */",
            "CALL note_it()",
            "DO sneaky()",
            "",
            "SELECT 1 INTO @one",
        ]
        for sql in unrun {
            for settings in [settings, trusted] {
                let error = await failure(sql, settings)
                #expect(error?.kind == .notAQuery, "\(sql): \(String(describing: error))")
            }
        }
        // A query that writes through a function is refused by the read-only transaction.
        for settings in [settings, trusted] {
            let error = await failure("SELECT sneaky()", settings)
            #expect(error?.kind == .write, "\(String(describing: error))")
            #expect(error?.code == 1792)
        }
        #expect(try await server.sql("SELECT count(*) FROM kept").contains("\n1\n"), "nothing was written")
        // A `;` inside a text or a comment is no second statement.
        #expect(try await rows("SELECT ';' AS a /* ; */ -- ;", settings).rows == [[.text(";")]])
    }

    /// Users that may do more than read are refused, their SQL unrun, unless trusted; so is one
    /// with a role whose grants it may not see.
    @Test func aUserThatMayWriteIsRefusedUnlessTrusted() async throws {
        let server = try await MySQLServer.shared()
        for user in [MySQLServer.writer, MySQLServer.superuser, MySQLServer.roleWriter] {
            var settings = readerSettings(server)
            settings.user = user
            let error = await failure("SELECT 1", settings)
            #expect(error?.kind == .role, "\(user): \(String(describing: error))")
            let said = user == MySQLServer.roleWriter ? "the role `editor`, granted to `\(user)@%`," : "`\(user)@%` may do more than read"
            #expect(error?.message.contains(said) == true, "\(String(describing: error?.message))")
            #expect(error?.message.contains("trusted_role: true") == true)
            #expect(error?.message.contains("IDENTIFIED") == false)
            settings.trustedRole = true
            #expect(try await rows("SELECT 2 AS two", settings).rows == [[.integer(2)]])
        }
        var writerSettings = readerSettings(server)
        writerSettings.user = MySQLServer.writer
        let writer = await failure("SELECT 1", writerSettings)
        #expect(writer?.message.contains("INSERT on `reports`.*") == true, "\(String(describing: writer))")
        #expect(try await rows("WITH n AS (SELECT 1 AS one) SELECT one FROM n", readerSettings(server)).rows == [[.integer(1)]])
    }

    @Test func grantLinesAreReadAsTheServerWritesThem() {
        #expect(
            MySQLConnection.grant("GRANT USAGE ON *.* TO `reporter`@`%` IDENTIFIED BY PASSWORD '*94CA3DCA2C'")
                == .privileges(["USAGE"], on: "*.*", grantOption: false))
        #expect(
            MySQLConnection.grant("GRANT SELECT (a, b), INSERT (c) ON `reports`.`t` TO `u`@`%`")
                == .privileges(["SELECT", "INSERT"], on: "`reports`.`t`", grantOption: false))
        #expect(
            MySQLConnection.grant("GRANT ALL PRIVILEGES ON *.* TO `root`@`localhost` WITH GRANT OPTION")
                == .privileges(["ALL PRIVILEGES"], on: "*.*", grantOption: true))
        #expect(MySQLConnection.grant("GRANT `editor` TO `rolewriter`@`%`") == .roles(["`editor`"]))
        #expect(MySQLConnection.grant("GRANT `r1`@`%`,`r2`@`%` TO `u`@`%`") == .roles(["`r1`@`%`", "`r2`@`%`"]))
        #expect(MySQLConnection.grant("SET DEFAULT ROLE `editor` FOR `rolewriter`@`%`") == .other)
    }

    @Test func theTimeLimitStopsALongQuery() async throws {
        let server = try await MySQLServer.shared()
        var settings = readerSettings(server)
        settings.seconds = 0.5
        let error = await failure("SELECT SLEEP(5) AS s", settings)
        #expect(error?.kind == .timeout, "\(String(describing: error))")
        #expect(error?.code == 1969)
        #expect(error?.sqlState != nil)
    }

    @Test func aResultOverItsLimitsIsGivenUp() async throws {
        let server = try await MySQLServer.shared()
        var settings = readerSettings(server)
        settings.rows = 10
        #expect(try await rows("SELECT seq FROM seq_1_to_10", settings).rows.count == 10)
        let rows = await failure("SELECT seq FROM seq_1_to_100000000", settings)
        #expect(rows?.kind == .limit && rows?.setting == "rows")
        settings.rows = 1_000_000
        settings.bytes = 1000
        let bytes = await failure("SELECT REPEAT('x', 100) FROM seq_1_to_100", settings)
        #expect(bytes?.kind == .limit && bytes?.setting == "megabytes")
    }

    @Test func theServerSaysWhatIsWrongWithTheSQL() async throws {
        let server = try await MySQLServer.shared()
        let error = await failure("SELECT 1\nFROM no_such_table", readerSettings(server))
        #expect(error?.kind == .query)
        #expect(error?.code == 1146)
        #expect(error?.sqlState == "42S02")
        #expect(error?.message.contains("no_such_table") == true)
    }

    @Test func verifyFullChecksTheServersCertificate() async throws {
        let server = try await MySQLServer.shared()
        var settings = readerSettings(server)
        let checked = settings
        let secure = try await offThePool { try MySQLConnection(checked).usesTLS }
        #expect(secure)
        for mode in [MySQLSettings.SSLMode.verifyFull, .verifyCA] {
            settings.sslMode = mode
            settings.sslRootCert = server.otherAuthority.path
            let refused = await failure("SELECT 1", settings)
            #expect(refused?.kind == .connection, "\(mode): \(String(describing: refused))")
        }
        // `require` encrypts without checking; `disable` does not encrypt.
        settings.sslMode = .require
        settings.sslRootCert = nil
        let required = settings
        #expect(try await offThePool { try MySQLConnection(required).usesTLS })
        settings.sslMode = .prefer
        let preferred = settings
        #expect(try await offThePool { try MySQLConnection(preferred).usesTLS })
        settings.sslMode = .disable
        let plain = settings
        #expect(try await offThePool { try MySQLConnection(plain).usesTLS } == false)
    }

    @Test func aWrongPasswordIsAConnectionErrorThatDoesNotRepeatIt() async throws {
        let server = try await MySQLServer.shared()
        var settings = readerSettings(server)
        // The option file gives this user a password that is not its own.
        settings.user = MySQLServer.wrongPasswordUser
        settings.optionFile = server.wrongPasswordFile.path
        let error = await failure("SELECT 1", settings)
        #expect(error?.kind == .connection)
        let denied = "Access denied for user '\(MySQLServer.wrongPasswordUser)'"
        #expect(error?.message.contains(denied) == true, "\(String(describing: error))")
        #expect(error?.message.contains(MySQLServer.wrongPassword) == false)
        #expect(settings.described == "forgetful@localhost:\(server.port)/reports")
    }

    @Test func aConnectionThatBreaksMidResultIsAnError() async throws {
        let server = try await MySQLServer.shared()
        let settings = readerSettings(server)
        let marker = "broken_\(UInt32.random(in: 0...UInt32.max))"
        let reading = Task {
            // Rows of 100 bytes: the server sends the first 599 (more than its 16 KB buffer) before it sleeps.
            await failure("SELECT seq, REPEAT('x', 100) AS x, IF(seq = 600, SLEEP(60), 0) AS \(marker) FROM seq_1_to_1000", settings)
        }
        var killed = false
        for _ in 0..<200 where !killed {
            let said = try await server.sql(
                "SELECT id FROM information_schema.processlist WHERE info LIKE '%AS \(marker) %' AND id <> CONNECTION_ID()")
            if let id = said.split(separator: "\n").dropFirst().first.flatMap({ Int($0) }) {
                try await server.sql("KILL CONNECTION \(id)")
                killed = true
            } else {
                try await Task.sleep(for: .milliseconds(50))
            }
        }
        #expect(killed)
        let error = await reading.value
        #expect(error?.kind == .lost, "\(String(describing: error))")
        #expect(error?.message.contains("the connection broke after") == true)
    }

    /// A server that stops answering (`kill -STOP`): its own time limit cannot end the query,
    /// and the client waited for ever. The client gives it up `seconds` and 5 s later, a
    /// `.timeout` without a server's SQLSTATE. A server of its own: the shared one stays up.
    @Test func aServerThatStopsAnsweringIsGivenUp() async throws {
        _ = try await MySQLServer.shared()  // `MYSQL_PWD`, which this server's reporter shares
        let server = try await MySQLServer.start()
        var settings = readerSettings(server)
        settings.seconds = 1
        let text = try String(contentsOf: server.folder.url("mariadbd.pid"), encoding: .utf8)
        let pid = try #require(Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)))
        let checked = settings
        let started = Date()
        let error = try await offThePool { () throws -> MySQLError? in
            let connection = try MySQLConnection(checked)
            kill(pid, SIGSTOP)
            do {
                try connection.query("SELECT 1 AS one", timeZone: TimeZone(identifier: "UTC")!).forEachRow { _ in }
                return nil
            } catch {
                return error as? MySQLError
            }
        }
        kill(pid, SIGCONT)
        await server.remove()
        #expect(error?.kind == .timeout, "\(String(describing: error))")
        #expect(error?.sqlState == nil)
        #expect(error?.message.hasPrefix("the server sent nothing for longer than the query may run (`seconds`, 1 s) and 5 s more") == true)
        #expect(Date().timeIntervalSince(started) < 30)
    }
}

import Foundation
import TestSupport
import Testing

@testable import SiteBuilder

/// Tables whose SQL runs in a real MariaDB server (Debian's, started by the suite on
/// loopback), built by the `ttsite` binary as cron runs it: PostgreSQL's rules, the same
/// code — the result cached and used when the server is down (a warning, exit 3 under
/// `--strict`, silently `--offline`), a write or a user that may write refused, a wrong
/// password never shown, and nothing of the connection in the output.
@Suite struct MySQLTablesTests {
    let now = "2026-11-22T08:00:00Z"

    func site(_ server: MySQLServer, sql: String, user: String = MySQLServer.user, seconds: Double = 5, extra: String = "") throws
        -> TestSite
    {
        try TestSite(
            """
            -- ttsite.yml --
            title: Shop
            base_url: https://example.org/
            connections:
              shop:
                type: mysql
                host: localhost
                port: \(server.port)
                database: \(MySQLServer.database)
                user: \(user)
                sslmode: verify-full
                sslrootcert: \(server.authority.path)
                seconds: \(seconds.formatted())\(extra)
            data:
              regions: { connection: shop, sql: "\(sql)" }
            -- Content/index.md --
            ```ttsite query all
            SELECT region, total FROM regions ORDER BY region
            ```

            {{#data.all}}[{{region}}={{total}}]{{/data.all}}
            """)
    }

    func build(_ site: TestSite, _ arguments: [String] = [], password: String = MySQLServer.password) async throws -> ProgramRun {
        try await TTSiteBinary.run(["build", "--now", now] + arguments, in: site.folder, environment: ["MYSQL_PWD": password])
    }

    static let sum = "SELECT region, sum(total) AS total FROM sales GROUP BY region ORDER BY region"

    @Test func theCachedResultCarriesABuildThroughAServerThatIsDown() async throws {
        let server = try await MySQLServer.start()
        defer { Task { await server.remove() } }
        try await server.sql(
            "CREATE TABLE reports.sales (region VARCHAR(20), total DECIMAL(10,2)); "
                + "INSERT INTO reports.sales VALUES ('north', 10.5), ('north', 2), ('south', 7)")
        let site = try site(server, sql: Self.sum)
        defer { site.remove() }

        let first = try await build(site)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try site.read("index.html").contains("[north=12.5][south=7]"))
        for (path, bytes) in try snapshot(of: site.folder.appendingPathComponent("_site")) {
            let text = String(decoding: bytes, as: UTF8.self)
            for secret in [MySQLServer.password, "reporter", "GROUP BY", "\(server.port)", "localhost"] {
                #expect(!text.contains(secret), "\(path) holds `\(secret)`")
            }
        }

        try await server.stop()
        let down = try await build(site, ["--full"])
        #expect(down.status == 0, "\(down.stderr)")
        #expect(
            down.stderr.contains("`data.regions`: cannot connect to `shop` (MySQL, reporter@localhost:\(server.port)/reports)")
                && down.stderr.contains("using the result cached at"), "\(down.stderr)")
        #expect(try site.read("index.html").contains("[north=12.5][south=7]"))
        #expect(try await build(site, ["--strict"]).status == 3)
        let offline = try await build(site, ["--offline", "--full"])
        #expect(offline.status == 0 && !offline.stderr.contains("warning"), "\(offline.stderr)")

        try await server.restart()
        // The test server keeps no promise of its data across a stop: the table is written again.
        try await server.sql(
            "CREATE TABLE IF NOT EXISTS reports.sales (region VARCHAR(20), total DECIMAL(10,2)); DELETE FROM reports.sales; "
                + "INSERT INTO reports.sales VALUES ('north', 12.5), ('south', 8)")
        let up = try await build(site)
        #expect(up.status == 0 && !up.stderr.contains("warning"), "\(up.stderr)")
        let page = try site.read("index.html")
        #expect(page.contains("[north=12.5][south=8]"), "\(page.suffix(300)) \(up.stderr)")
    }

    @Test func whatWouldWriteIsRefusedAndTheSiteKept() async throws {
        let server = try await MySQLServer.shared()
        // SQL that is not one query with result columns is refused before it runs.
        let insert = try site(server, sql: "INSERT INTO reports.nothing VALUES (1)")
        defer { insert.remove() }
        let refused = try await build(insert)
        #expect(refused.status == 3, "\(refused.stderr)")
        #expect(refused.stderr.contains("ttsite.yml:14: `data.regions`:"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: insert.output.path))

        // A user that may insert is refused unless trusted: a mistake of the configuration.
        let writer = try site(server, sql: "SELECT 'r' AS region, 1 AS total", user: MySQLServer.writer)
        defer { writer.remove() }
        let role = try await build(writer)
        #expect(role.status == 2, "\(role.stderr)")
        #expect(role.stderr.contains("`data.regions`: `shop` (MySQL, writer@localhost:"), "\(role.stderr)")
        let trusted = try self.site(
            server, sql: "SELECT 'r' AS region, 1 AS total", user: MySQLServer.writer, extra: "\n    trusted_role: true")
        defer { trusted.remove() }
        let ran = try await build(trusted)
        #expect(ran.status == 0, "\(ran.stderr)")
        #expect(try trusted.read("index.html").contains("[r=1]"))
    }

    @Test func aWrongPasswordStopsTheBuildAndIsNeverShown() async throws {
        let server = try await MySQLServer.shared()
        let site = try site(server, sql: "SELECT 'r' AS region, 1 AS total")
        defer { site.remove() }
        let wrong = try await build(site, password: "not-the-password-4711")
        #expect(wrong.status == 3, "\(wrong.stderr)")
        #expect(wrong.stderr.contains("Access denied for user 'reporter'"), "\(wrong.stderr)")
        #expect(!wrong.stderr.contains("not-the-password-4711"))
        #expect(!FileManager.default.fileExists(atPath: site.output.path))
    }

    @Test func aQueryPastItsTimeIsStoppedByTheServer() async throws {
        let server = try await MySQLServer.shared()
        let site = try site(server, sql: "SELECT 'r' AS region, SLEEP(3) AS total", seconds: 0.5)
        defer { site.remove() }
        let slow = try await build(site)
        #expect(slow.status == 3, "\(slow.stderr)")
        #expect(slow.stderr.contains("the query ran longer than 0.5 seconds (`connections.shop.seconds`)"), "\(slow.stderr)")
    }

    @Test func aMySQLConnectionIsReadWithItsSettings() throws {
        let config = try SiteConfig.parse(
            """
            title: T
            connections:
              shop: { type: mysql, host: db.example.org, port: 3307, database: shop, user: reporter, sslmode: verify-ca, \
            sslrootcert: ca.pem, seconds: 5, rows: 10, megabytes: 1 }
            data:
              monthly: { connection: shop, sql: "SELECT 1 AS a" }
            """, file: "ttsite.yml")
        let table = try #require(config.serverTables.first)
        let settings = try #require(table.connection.settings.mysql)
        #expect(table.connection.kind == .mysql)
        #expect(
            settings.host == "db.example.org" && settings.port == 3307 && settings.sslMode == .verifyCA && settings.sslRootCert == "ca.pem")
        #expect(settings.seconds == 5 && settings.rows == 10 && settings.bytes == 1_048_576)
        #expect(settings.described == "reporter@db.example.org:3307/shop")
    }

    @Test func aPasswordInTheConfigIsRefusedWithMySQLsWays() throws {
        do {
            _ = try SiteConfig.parse("title: T\nconnections:\n  shop: { type: mysql, host: h, password: s3cret }\n", file: "ttsite.yml")
            Issue.record("a password in ttsite.yml was accepted")
        } catch let error as BuildError {
            #expect(error.kind == .configuration && error.line == 3)
            #expect(error.message.contains("MYSQL_PWD") && error.message.contains("~/.my.cnf") && !error.message.contains("s3cret"))
        }
        do {
            _ = try SiteConfig.parse("title: T\nconnections:\n  shop: { type: mysql, host: \"mysql://u:s3cret@db\" }\n", file: "ttsite.yml")
            Issue.record("a URI with a password was accepted")
        } catch let error as BuildError {
            #expect(error.message.contains("MYSQL_PWD") && !error.message.contains("s3cret"), "\(error.message)")
        }
    }
}

import Foundation
import TestSupport
import Testing

@testable import SiteBuilder

/// Tables whose SQL runs in a real PostgreSQL server, built by the `ttsite` binary as cron
/// runs it: the result cached, used when the server is down (with a warning, an error under
/// `--strict`, silently `--offline`), an error with exit 3 and the published site kept when
/// there is no cached result, a connection that breaks midway or a wrong password never
/// publishing anything, and nothing of the connection in the output.
@Suite struct ServerTablesTests {
    let now = "2026-11-22T08:00:00Z"

    func site(_ server: PostgresServer, table: String, sql: String? = nil) throws -> TestSite {
        try TestSite(
            """
            -- ttsite.yml --
            title: Warehouse
            base_url: https://example.org/
            connections:
              warehouse:
                type: postgres
                host: localhost
                port: \(server.port)
                database: reports
                user: reporter
                sslmode: verify-full
                sslrootcert: \(server.authority.path)
                seconds: 5
            data:
              regions: { connection: warehouse, \
            sql: "\(sql ?? "SELECT region, sum(total) AS total FROM \(table) GROUP BY region ORDER BY region")" }
            -- Content/index.md --
            ```ttsite query all
            SELECT region, total FROM regions ORDER BY region
            ```

            {{#data.all}}[{{region}}={{total}}]{{/data.all}}
            """)
    }

    func build(_ site: TestSite, _ arguments: [String] = [], password: String = PostgresServer.password) async throws -> ProgramRun {
        try await TTSiteBinary.run(["build", "--now", now] + arguments, in: site.folder, environment: ["PGPASSWORD": password])
    }

    @Test func theCachedResultCarriesABuildThroughAServerThatIsDown() async throws {
        let server = try await PostgresServer.start()
        defer { Task { await server.remove() } }
        try await server.sql(
            "CREATE TABLE sales (region text, total numeric(10,2)); INSERT INTO sales VALUES ('north', 10.5), ('north', 2), ('south', 7)")
        let site = try site(server, table: "sales")
        defer { site.remove() }

        let first = try await build(site)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try site.read("index.html").contains("[north=12.5][south=7]"))
        // Nothing of the connection reaches the output: no host, port, user, password or SQL.
        for (path, bytes) in try snapshot(of: site.folder.appendingPathComponent("_site")) {
            let text = String(decoding: bytes, as: UTF8.self)
            for secret in [PostgresServer.password, "reporter", "GROUP BY", "\(server.port)", "localhost"] {
                #expect(!text.contains(secret), "\(path) holds `\(secret)`")
            }
        }

        try await server.stop()
        let down = try await build(site, ["--full"])
        #expect(down.status == 0, "\(down.stderr)")
        #expect(
            down.stderr.contains("cannot connect to `warehouse`") && down.stderr.contains("using the result cached at"), "\(down.stderr)")
        #expect(
            down.stderr.contains("warning: `data.regions`: cannot connect") && !down.stderr.contains("`data.regions`: `data.regions`"),
            "\(down.stderr)")
        #expect(try site.read("index.html").contains("[north=12.5][south=7]"))
        #expect(try await build(site, ["--strict"]).status == 3)
        let offline = try await build(site, ["--offline", "--full"])
        #expect(offline.status == 0 && !offline.stderr.contains("warning"), "\(offline.stderr)")

        // New SQL has no cached result: exit 3, and the published site stays as it was.
        let published = try snapshot(of: site.folder.appendingPathComponent("_site"))
        let changed = try self.site(server, table: "sales", sql: "SELECT region, max(total) AS total FROM sales GROUP BY region")
        defer { changed.remove() }
        try FileManager.default.removeItem(at: site.folder.appendingPathComponent("ttsite.yml"))
        try FileManager.default.copyItem(
            at: changed.folder.appendingPathComponent("ttsite.yml"), to: site.folder.appendingPathComponent("ttsite.yml"))
        let uncached = try await build(site)
        #expect(uncached.status == 3)
        #expect(uncached.stderr.contains("no cached result"), "\(uncached.stderr)")
        #expect(try snapshot(of: site.folder.appendingPathComponent("_site")) == published)

        // The server back: the new result, fresh, and no warning.
        try await server.restart()
        let up = try await build(site)
        #expect(up.status == 0 && !up.stderr.contains("warning"), "\(up.stderr)")
        #expect(try site.read("index.html").contains("[north=10.5][south=7]"))
    }

    @Test func aWrongPasswordStopsTheBuildAndIsNeverShown() async throws {
        let server = try await PostgresServer.shared()
        let site = try site(server, table: "pg_class", sql: "SELECT 'r' AS region, 1 AS total")
        defer { site.remove() }
        let wrong = try await build(site, password: "not-the-password-4711")
        #expect(wrong.status == 3)
        #expect(wrong.stderr.contains("password authentication failed for user \"reporter\""), "\(wrong.stderr)")
        #expect(!wrong.stderr.contains("not-the-password-4711"))
        #expect(!FileManager.default.fileExists(atPath: site.folder.appendingPathComponent("_site").path))
    }

    @Test func aConnectionThatBreaksMidResultKeepsThePublishedSite() async throws {
        let server = try await PostgresServer.shared()
        let marker = "broken_\(UInt32.random(in: 0...UInt32.max))"
        let site = try site(server, table: "", sql: "SELECT 'r' || g AS region, g AS total FROM generate_series(1, 3) g")
        defer { site.remove() }
        #expect(try await build(site).status == 0)
        let published = try snapshot(of: site.folder.appendingPathComponent("_site"))

        let slow =
            "SELECT 'r' || g AS region, CASE WHEN g = 700 THEN pg_sleep(120) END IS NULL AS \(marker), "
            + "g AS total FROM generate_series(1, 1000) g"
        // The query's own limit is well past the time this test takes to find and end it: on a
        // machine loaded four times over, five seconds passed before the first `psql` here
        // found it, and the build stopped on its limit instead of the broken connection.
        let config = try String(contentsOf: site.folder.appendingPathComponent("ttsite.yml"), encoding: .utf8)
            .replacingOccurrences(of: "SELECT 'r' || g AS region, g AS total FROM generate_series(1, 3) g", with: slow)
            .replacingOccurrences(of: "seconds: 5", with: "seconds: 180")
        try config.write(to: site.folder.appendingPathComponent("ttsite.yml"), atomically: true, encoding: .utf8)
        let running = try TTSiteBinary.start(
            ["build", "--now", now], in: site.folder, environment: ["PGPASSWORD": PostgresServer.password])
        var terminated = false
        for _ in 0..<200 where !terminated {
            let said = try await server.sql(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE '%AS \(marker),%' AND pid <> pg_backend_pid()")
            terminated = said.contains("(1 row)")
            if !terminated { try await Task.sleep(for: .milliseconds(50)) }
        }
        #expect(terminated)
        let run = try await running.finish()
        #expect(run.status == 3)
        #expect(run.stderr.contains("the connection broke after"), "\(run.stderr)")
        #expect(try snapshot(of: site.folder.appendingPathComponent("_site")) == published)
    }

    @Test func aResultThatShrankToNothingIsStoppedByTheGuard() async throws {
        let server = try await PostgresServer.shared()
        let table = "shrinking_\(UInt32.random(in: 0...UInt32.max))"
        try await server.sql(
            "CREATE TABLE \(table) (region text, total int); INSERT INTO \(table) SELECT 'r' || g, g FROM generate_series(1, 20) g")
        let site = try site(server, table: table, sql: "SELECT region, total FROM \(table)")
        defer { site.remove() }
        #expect(try await build(site).status == 0)
        let published = try snapshot(of: site.folder.appendingPathComponent("_site"))
        try await server.sql("DELETE FROM \(table)")
        let shrunk = try await build(site)
        #expect(shrunk.status != 0)
        #expect(shrunk.stderr.contains("data.regions"), "\(shrunk.stderr)")
        #expect(try snapshot(of: site.folder.appendingPathComponent("_site")) == published)
    }
}

/// The fixture site `warehouse-site`, its server named by libpq's `PG…` variables alone, its
/// table summed in the server from the example's `data/warehouse.sql`: every figure on the
/// page is the one psql computes over the same table.
@Suite struct WarehouseFixtureTests {
    @Test func theFixturesFiguresAreThoseOfTheServer() async throws {
        let server = try await PostgresServer.shared()
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("data/warehouse.sql")
        try await server.sql(try String(contentsOf: script, encoding: .utf8))
        let site = try TestSite(fixture: "warehouse-site")
        defer { site.remove() }
        let environment = [
            "PGHOST": "localhost", "PGPORT": "\(server.port)", "PGDATABASE": PostgresServer.database, "PGUSER": PostgresServer.user,
            "PGSSLMODE": "verify-full", "PGSSLROOTCERT": server.authority.path, "PGPASSWORD": PostgresServer.password,
        ]
        let run = try await TTSiteBinary.run(
            ["build", "--quiet", "--now", "2026-11-22T08:00:00Z"], in: site.folder, environment: environment)
        #expect(run.status == 0, "\(run.stderr)")
        // psql's own figures: region, count, sum, the first sale in the site's zone written as
        // the English pack writes an instant (`Jan 1, 2024, 9:02 AM`), and how many years.
        let oracle = try await server.sql(
            """
            SELECT region || '|' || count(*) || '|' || sum(total) || '|' || to_char(min(sold_at) AT TIME ZONE 'Europe/Berlin', \
            'Mon FMDD, YYYY, FMHH12:MI AM') || '|'
              || count(DISTINCT extract(year FROM sold_at AT TIME ZONE 'UTC')) FROM sales GROUP BY region ORDER BY region
            """)
        let page = try site.read("index.html")
        let lines = oracle.split(separator: "\n").filter { $0.contains("|") }.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.count == 4)
        for line in lines {
            let fields = line.split(separator: "|").map(String.init)
            let sum = Double(fields[2])!
            let shown = "[\(fields[0])|\(Int(fields[1])!.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US"))))|"
            #expect(page.contains(shown), "\(shown) is not in the page")
            // The sum is a real: the page writes it with the language's grouping and decimals.
            #expect(page.contains(sum.formatted(.number.precision(.fractionLength(0...2)).locale(Locale(identifier: "en_US")))), "\(sum)")
            #expect(page.contains("|\(fields[3])|\(fields[4])]"), "\(fields[3]) \(fields[4])")
        }
    }
}

/// `connections:` and the tables that use them, read from `ttsite.yml`: a password is refused
/// with where to put it instead, and a mistake names its line.
@Suite struct ServerConfigTests {
    func error(_ yaml: String) -> BuildError? {
        do {
            _ = try SiteConfig.parse("title: T\n" + yaml, file: "ttsite.yml")
            return nil
        } catch {
            return error as? BuildError
        }
    }

    @Test func aPasswordInTheConfigIsRefused() {
        let error = error("connections:\n  db: { type: postgres, host: h, password: secret }\n")
        #expect(error?.kind == .configuration)
        #expect(error?.line == 3)
        #expect(error?.message.contains("PGPASSWORD") == true && error?.message.contains("~/.pgpass") == true)
    }

    /// A password inside `host:`, `database:` or `user:` — a URI, a connection string, a
    /// `user:pw@host` — is refused like `password:`, and the message does not repeat it.
    @Test func aPasswordInsideAnotherSettingIsRefusedUnsaid() {
        for (key, value) in [
            ("host", "postgresql://reporter:s3cret@db.example.org/sales"), ("host", "reporter:s3cret@db.example.org"),
            ("database", "postgres://reporter:s3cret@db/sales"), ("database", "dbname=sales password=s3cret"),
            ("user", "reporter password = s3cret"), ("host", "POSTGRESQL://db?PASSWORD=s3cret"),
        ] {
            let error = error("connections:\n  db:\n    type: postgres\n    \(key): \"\(value)\"\n")
            #expect(error?.kind == .configuration, "\(key): \(value)")
            #expect(error?.line == 5, "\(key): \(value)")
            #expect(error?.message.hasPrefix("`connections.db.\(key)` holds ") == true, "\(error?.message ?? "")")
            #expect(error?.message.contains("PGPASSWORD") == true && error?.message.contains("s3cret") == false, "\(error?.message ?? "")")
        }
        // A name is a name: a socket folder, a host, a user with a dot.
        #expect(
            error("connections:\n  db: { type: postgres, host: /var/run/postgresql, user: ada.lovelace, database: password_vault }\n")
                == nil)
    }

    @Test func mistakesNameTheirKeyAndLine() {
        #expect(error("connections:\n  db: { host: h }\n")?.message.contains("needs `type: postgres` or `type: mysql`") == true)
        #expect(
            error("connections:\n  db: { type: oracle }\n")?.message.contains("`connections.db.type` must be `postgres`, `mysql`") == true)
        #expect(error("connections:\n  db: { type: postgres, sslmode: strict }\n")?.message.contains("`verify-full`") == true)
        #expect(
            error("connections:\n  db: { type: postgres }\ndata:\n  t: { connection: other, sql: SELECT 1 }\n")?.message
                .contains("names `other`, which `connections:` does not declare; it declares `db`") == true)
        #expect(
            error("connections:\n  db: { type: postgres }\ndata:\n  t: { connection: db }\n")?.message.contains("exactly one of `sql:`")
                == true)
        #expect(
            error("connections:\n  db: { type: postgres }\ndata:\n  t: { connection: db, sql: SELECT 1, types: { a: text } }\n")?.line == 5)
    }

    @Test func aTableOfAConnectionIsReadWithItsSettings() throws {
        let config = try SiteConfig.parse(
            """
            title: T
            connections:
              db: { type: postgres, host: db.example.org, port: 6432, database: sales, user: reporter, sslmode: verify-full, \
            seconds: 5, rows: 10, megabytes: 1 }
            data:
              monthly: { connection: db, sql: "SELECT 1 AS a", index: [a] }
            """, file: "ttsite.yml")
        let table = try #require(config.serverTables.first)
        #expect(table.name == "monthly" && table.sql == "SELECT 1 AS a" && table.indexed == [["a"]] && config.data.isEmpty)
        let settings = try #require(table.connection.settings.postgres)
        #expect(settings.host == "db.example.org" && settings.port == 6432 && settings.sslMode == .verifyFull)
        #expect(settings.seconds == 5 && settings.rows == 10 && settings.bytes == 1_048_576)
        #expect(settings.described == "reporter@db.example.org:6432/sales")
    }
}

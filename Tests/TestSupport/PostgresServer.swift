import Foundation

/// A real PostgreSQL server for one test class, from the system's packages, started by
/// `Server/postgres-server` in a temporary folder: 127.0.0.1 at a free port, TLS from a test
/// certificate authority, the role `reporter` (password `report-pass`) that may read the
/// database `reports`, and the superuser `admin` on the folder's socket for setting up tables.
public final class PostgresServer: Sendable {
    public let folder: TemporaryFolder
    public let port: Int

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Server/postgres-server")
    public static let user = "reporter"
    public static let password = "report-pass"
    public static let database = "reports"
    /// A role of the shared server whose line in its password file is wrong.
    /// Roles that may do more than read, which a connection refuses unless it trusts them:
    /// a superuser, and a member of `pg_write_server_files`. Their password is `password`.
    public static let superuser = "powerful"
    public static let fileWriter = "filewriter"
    public static let wrongPasswordUser = "forgetful"
    public static let wrongPassword = "not-the-password-4711"

    private init(folder: TemporaryFolder, port: Int) {
        self.folder = folder
        self.port = port
    }

    /// Makes a cluster and starts it; it is stopped and removed when the test process ends,
    /// if `remove()` did not do so before.
    public static func start() async throws -> PostgresServer {
        let folder = try TemporaryFolder("postgres")
        let port = try await run(["start", folder.url.path, String(getpid())])
        guard let number = Int(port.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw ServerFailure(message: "postgres-server printed no port: \(port)")
        }
        return PostgresServer(folder: folder, port: number)
    }

    /// One server the whole test process shares, started on first use and stopped (by the
    /// script's watcher) when the process has ended; tests that stop or break their server start one of their own. Its
    /// password reaches libpq through `PGPASSFILE` (the same for every test of the process).
    public static func shared() async throws -> PostgresServer {
        try await Shared.task.value
    }

    private enum Shared {
        static let task = Task { () throws -> PostgresServer in
            let server = try await PostgresServer.start()
            let passfile = server.folder.url("pgpass")
            try await server.sql("CREATE ROLE \(wrongPasswordUser) LOGIN PASSWORD 'the-real-one'")
            try await server.sql("CREATE ROLE \(superuser) LOGIN SUPERUSER PASSWORD '\(password)'")
            try await server.sql("CREATE ROLE \(fileWriter) LOGIN PASSWORD '\(password)' IN ROLE pg_write_server_files")
            try await server.sql("GRANT SELECT ON ALL TABLES IN SCHEMA public TO \(fileWriter)")
            let lines =
                [user, superuser, fileWriter].map { "*:*:*:\($0):\(password)\n" }.joined() + "*:*:*:\(wrongPasswordUser):\(wrongPassword)\n"
            try lines.write(to: passfile, atomically: true, encoding: .utf8)
            chmod(passfile.path, 0o600)
            setenv("PGPASSFILE", passfile.path, 1)
            return server
        }
    }

    /// Starts the server again after `stop()`, on the same port, with the same data.
    public func restart() async throws {
        _ = try await Self.run(["start", folder.url.path])
    }

    /// Stops the server at once (`-m immediate`); its data stays for `restart()`.
    public func stop() async throws {
        _ = try await Self.run(["stop", folder.url.path])
    }

    /// Stops the server and removes its folder.
    public func remove() async {
        _ = try? await Self.run(["stop", folder.url.path])
        folder.remove()
    }

    /// Runs SQL as the superuser in `reports`; what psql printed.
    @discardableResult
    public func sql(_ text: String) async throws -> String {
        try await Self.run(["sql", folder.url.path, text])
    }

    /// The test authority's certificate, which the server's is signed by.
    public var authority: URL { folder.url("tls/ca.pem") }
    /// An authority that did not sign the server's certificate.
    public var otherAuthority: URL { folder.url("tls/other-ca.pem") }

    /// Runs the script to its end (`ServerScript`).
    private static func run(_ arguments: [String]) async throws -> String {
        try await ServerScript.run(script, arguments)
    }
}

import Foundation

/// A real MariaDB server for one test class, from the system's packages, started by
/// `Server/mariadb-server` in a temporary folder: 127.0.0.1 at a free port, TLS from a test
/// certificate authority, the user `reporter` (password `report-pass`) that may read the
/// database `reports`, and `root` on the folder's socket for setting up tables.
public final class MySQLServer: Sendable {
    public let folder: TemporaryFolder
    public let port: Int

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Server/mariadb-server")
    public static let user = "reporter"
    public static let password = "report-pass"
    public static let database = "reports"
    /// Users that may do more than read, which a connection refuses unless it trusts them:
    /// one that may `INSERT`, one with every privilege, one that may write through a role.
    /// Their password is `password`.
    public static let writer = "writer"
    public static let superuser = "powerful"
    public static let roleWriter = "rolewriter"
    /// A user whose option file (`wrongPasswordFile`) gives a password that is not its own.
    public static let wrongPasswordUser = "forgetful"
    public static let wrongPassword = "not-the-password-4711"

    private init(folder: TemporaryFolder, port: Int) {
        self.folder = folder
        self.port = port
    }

    /// Makes a data folder and starts the server; it is stopped and removed when the test
    /// process ends, if `remove()` did not do so before.
    public static func start() async throws -> MySQLServer {
        let folder = try TemporaryFolder("mariadb")
        let port = try await run(["start", folder.url.path, String(getpid())])
        guard let number = Int(port.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw ServerFailure(message: "mariadb-server printed no port: \(port)")
        }
        return MySQLServer(folder: folder, port: number)
    }

    /// One server the whole test process shares, started on first use and stopped (by the
    /// script's watcher) when the process has ended. Its users' password reaches the client
    /// library through `MYSQL_PWD` (the same for every test of the process); the user whose
    /// password is wrong has an option file of its own, which comes first.
    public static func shared() async throws -> MySQLServer {
        try await Shared.task.value
    }

    private enum Shared {
        static let task = Task { () throws -> MySQLServer in
            let server = try await MySQLServer.start()
            try await server.sql(
                """
                CREATE USER \(wrongPasswordUser)@'%' IDENTIFIED BY 'the-real-one';
                GRANT SELECT ON reports.* TO \(wrongPasswordUser)@'%';
                CREATE USER \(writer)@'%' IDENTIFIED BY '\(password)';
                GRANT SELECT, INSERT ON reports.* TO \(writer)@'%';
                CREATE USER \(superuser)@'%' IDENTIFIED BY '\(password)';
                GRANT ALL PRIVILEGES ON *.* TO \(superuser)@'%' WITH GRANT OPTION;
                CREATE ROLE editor;
                GRANT SELECT, UPDATE ON reports.* TO editor;
                CREATE USER \(roleWriter)@'%' IDENTIFIED BY '\(password)';
                GRANT SELECT ON reports.* TO \(roleWriter)@'%';
                GRANT editor TO \(roleWriter)@'%';
                """)
            try "[client]\npassword=\(wrongPassword)\n".write(to: server.wrongPasswordFile, atomically: true, encoding: .utf8)
            chmod(server.wrongPasswordFile.path, 0o600)
            setenv("MYSQL_PWD", password, 1)
            return server
        }
    }

    /// An option file whose `[client]` group gives `wrongPasswordUser` a wrong password.
    public var wrongPasswordFile: URL { folder.url("forgetful.cnf") }

    /// Starts the server again after `stop()`, on the same port, with the same data.
    public func restart() async throws {
        _ = try await Self.run(["start", folder.url.path])
    }

    /// Stops the server at once (`SIGKILL`); its data stays for `restart()`.
    public func stop() async throws {
        _ = try await Self.run(["stop", folder.url.path])
    }

    /// Stops the server and removes its folder.
    public func remove() async {
        _ = try? await Self.run(["stop", folder.url.path])
        folder.remove()
    }

    /// Runs SQL as `root` in `reports`; what `mariadb --batch` printed.
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

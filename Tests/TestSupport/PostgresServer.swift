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

    private init(folder: TemporaryFolder, port: Int) {
        self.folder = folder
        self.port = port
    }

    /// Makes a cluster and starts it.
    public static func start() async throws -> PostgresServer {
        let folder = try TemporaryFolder("postgres")
        let port = try await run(["start", folder.url.path])
        guard let number = Int(port.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw ServerFailure(message: "postgres-server printed no port: \(port)")
        }
        return PostgresServer(folder: folder, port: number)
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

    private static func run(_ arguments: [String]) async throws -> String {
        let run = try await ChildProcess.run(URL(fileURLWithPath: "/bin/bash"), [script.path] + arguments, in: URL(fileURLWithPath: "/"))
        guard run.status == 0, !run.signalled else {
            throw ServerFailure(message: "postgres-server \(arguments.first ?? "") failed (\(run.status)): \(run.stderr)\(run.stdout)")
        }
        return run.stdout
    }

    public struct ServerFailure: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }
}

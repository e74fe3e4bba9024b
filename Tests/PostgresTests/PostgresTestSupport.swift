import DataTables
import Foundation
import TestSupport

@testable import Postgres

/// Settings that reach a test server as the reader role, over TCP with TLS checked against
/// the test authority.
func readerSettings(_ server: PostgresServer) -> PostgresSettings {
    var settings = PostgresSettings()
    settings.host = "localhost"
    settings.port = server.port
    settings.database = PostgresServer.database
    settings.user = PostgresServer.user
    settings.sslMode = .verifyFull
    settings.sslRootCert = server.authority.path
    return settings
}

/// Every row of `sql`'s result, read on a thread of its own (libpq waits for the network).
func rows(_ sql: String, _ settings: PostgresSettings, timeZone: TimeZone = TimeZone(identifier: "UTC")!) async throws
    -> (columns: [Column], rows: [[TableValue]], notes: [String], count: Int, digest: String)
{
    try await offThePool {
        let connection = try PostgresConnection(settings)
        let result = try connection.query(sql, timeZone: timeZone)
        var rows: [[TableValue]] = []
        try result.forEachRow { rows.append($0) }
        return (result.columns, rows, result.notes, result.count, result.digest)
    }
}

/// The error `sql` ends with.
func failure(_ sql: String, _ settings: PostgresSettings) async -> PostgresError? {
    do {
        _ = try await rows(sql, settings)
        return nil
    } catch {
        return error as? PostgresError
    }
}

import DataTables
import Foundation
import TestSupport

@testable import MySQL

/// Settings that reach a test server as the reader, over TCP with TLS checked against the
/// test authority.
func readerSettings(_ server: MySQLServer) -> MySQLSettings {
    var settings = MySQLSettings()
    settings.host = "localhost"
    settings.port = server.port
    settings.database = MySQLServer.database
    settings.user = MySQLServer.user
    settings.sslMode = .verifyFull
    settings.sslRootCert = server.authority.path
    return settings
}

/// Every row of `sql`'s result, read on a thread of its own (the client library waits for the
/// network).
func rows(_ sql: String, _ settings: MySQLSettings, timeZone: TimeZone = TimeZone(identifier: "UTC")!) async throws
    -> (columns: [Column], rows: [[TableValue]], notes: [String], count: Int, digest: String)
{
    try await offThePool {
        let connection = try MySQLConnection(settings)
        let result = try connection.query(sql, timeZone: timeZone)
        var rows: [[TableValue]] = []
        try result.forEachRow { rows.append($0) }
        return (result.columns, rows, result.notes, result.count, result.digest)
    }
}

/// The error `sql` ends with.
func failure(_ sql: String, _ settings: MySQLSettings) async -> MySQLError? {
    do {
        _ = try await rows(sql, settings)
        return nil
    } catch {
        return error as? MySQLError
    }
}

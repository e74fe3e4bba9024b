import DataTables
import Foundation
import MySQL

// A result of a MariaDB or MySQL server streamed into a table of a new SQLite file, as a
// build stores a `data:` table whose SQL runs in a server: `Benchmarks/mysql.py` times it
// against the `mariadb` tool. The password comes from `MYSQL_PWD` or the option file.
//
//     mysql-benchmark HOST PORT USER DATABASE CA-FILE SQL OUTPUT.sqlite
let arguments = CommandLine.arguments
guard arguments.count == 8, let port = Int(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: mysql-benchmark HOST PORT USER DATABASE CA-FILE SQL OUTPUT.sqlite\n".utf8))
    exit(2)
}
var settings = MySQLSettings()
settings.host = arguments[1]
settings.port = port
settings.user = arguments[3]
settings.database = arguments[4]
settings.sslMode = .verifyFull
settings.sslRootCert = arguments[5]
settings.seconds = 600
settings.rows = 20_000_000
do {
    let output = URL(fileURLWithPath: arguments[7])
    try? FileManager.default.removeItem(at: output)
    let connection = try MySQLConnection(settings)
    let rows = try connection.query(arguments[6], timeZone: TimeZone(identifier: "UTC")!)
    let database = try SQLDatabase(creatingFile: output)
    try database.load("result", rows)
    print("\(rows.count) rows, digest \(rows.digest.prefix(12))")
} catch {
    FileHandle.standardError.write(Data("mysql-benchmark: \(error)\n".utf8))
    exit(1)
}

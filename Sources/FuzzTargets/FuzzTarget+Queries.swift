import DataTables
import Foundation
import Markdown

/// The queries of pages: ```` ```ttsite query NAME ```` blocks found in any Markdown, and the
/// SQL they hold run against a small database.
extension FuzzTarget {
    /// The blocks of the text, each run under tight limits against a fresh database of one
    /// table: whatever the SQL, a query never changes the database (its table keeps its rows
    /// and stays the only one), and an error is the database's, with an offset inside the SQL.
    public static let queryBlocks = FuzzTarget("query-blocks") { bytes in
        let text = String(fuzzed: bytes)
        let blocks = MarkdownRenderer().blocks(in: text, taggedWith: "ttsite")
        guard !blocks.isEmpty, let database = try? SQLDatabase() else { return }
        let table = Table(
            columns: [Column("name", .text), Column("n", .integer), Column("day", .date)],
            rows: (1...20).map { [.text("row \($0)"), .integer(Int64($0)), .null] })
        guard (try? database.load("t", table)) == 20 else { preconditionFailure("the fuzz table did not load") }
        let limits = SQLLimits(seconds: 0.05, rows: 1_000, bytes: 1 << 20)
        for block in blocks.prefix(4) {
            do {
                _ = try database.query(block.literal, parameters: ["name": .text("row 1"), "lang": .text("en")], limits: limits)
            } catch let error as SQLError {
                if let offset = error.offset {
                    precondition(offset >= 0 && offset <= block.literal.utf8.count, "an error offset outside the SQL")
                }
            } catch {
                preconditionFailure("a query threw what is not an SQLError: \(error)")
            }
            let tables = (try? database.tables()) ?? []
            precondition(tables.map(\.name) == ["t"] && tables.first?.rowCount == 20, "a query changed the database: \(tables)")
        }
    }
}

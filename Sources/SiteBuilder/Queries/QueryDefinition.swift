import DataTables
import Foundation
import Markdown

/// A named query: its SQL and where it is written, so that an error names the right line.
struct QueryDefinition: Sendable, Hashable {
    let name: String
    let sql: String
    /// The file as messages name it: `Content/missions.md`, `queries/by_year.sql`.
    let file: String
    /// The line of the file that the SQL's first line is on.
    let firstLine: Int

    /// The folder of the site whose `NAME.sql` files every page may use. It lies beside
    /// `Content/`, not in it, so that the SQL is never published.
    static let sharedFolder = "queries"

    /// The first word of every report block's info string, queries' included.
    static let blockWord = "ttsite"

    /// Every `queries/NAME.sql` of the site, by name.
    static func shared(siteFolder: URL) throws -> [String: QueryDefinition] {
        let folder = siteFolder.appendingPathComponent(sharedFolder)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [:] }
        var queries: [String: QueryDefinition] = [:]
        for file in names.sorted() where file.hasSuffix(".sql") {
            let name = String(file.dropLast(4))
            let display = "\(sharedFolder)/\(file)"
            guard isName(name) else {
                throw BuildError(
                    .content, "`\(name)` is not a query name; use letters, digits and `_`, starting with a letter", in: display)
            }
            guard let text = try? FileBytes.text(folder.appendingPathComponent(file).path) else {
                throw BuildError(.content, "cannot read the query: not valid UTF-8 text", in: display)
            }
            queries[name] = QueryDefinition(name: name, sql: text, file: display, firstLine: 1)
        }
        return queries
    }

    /// The queries of a page's ```` ```ttsite query NAME ```` blocks, by name.
    static func blocks(of page: Page) throws -> [String: QueryDefinition] {
        guard page.hasSourceFile else { return [:] }
        let file = "Content/" + page.sourcePath
        var queries: [String: QueryDefinition] = [:]
        for block in page.source.blocks where block.isQuery {
            let line = page.source.fileLine(of: block)
            guard block.words.count == 1, isName(block.words[0]) else {
                throw BuildError(
                    .content, "a query block names its result once: ```` ```ttsite query NAME ````, with letters, digits and `_`", in: file,
                    line: line)
            }
            let name = block.words[0]
            guard queries[name] == nil else {
                throw BuildError(
                    .content, "the query `\(name)` is given twice on this page (line \(queries[name]!.firstLine - 1) and here)", in: file,
                    line: line)
            }
            guard !block.literal.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                throw BuildError(.content, "the query block `\(name)` holds no SQL", in: file, line: line)
            }
            queries[name] = QueryDefinition(name: name, sql: block.literal, file: file, firstLine: line + 1)
        }
        return queries
    }

    static func isName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.isASCII, first == "_" || first.properties.isAlphabetic else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCII && ($0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0)) }
    }

    /// The error of running this query: the file, the line SQLite points at (or the
    /// query's first), and what went wrong.
    func failure(_ error: SQLError, limitKeys: Bool = true) -> BuildError {
        let line = error.line(in: sql).map { firstLine + $0 - 1 } ?? firstLine
        // A query of the command line has no name: its place says what it is.
        var message = name.isEmpty ? error.message : "the query `\(name)`: \(error.message)"
        if limitKeys {
            switch error.kind {
            case .timeLimit: message += " (set by `queries.seconds` in ttsite.yml)"
            case .rowLimit: message += " (set by `queries.rows` in ttsite.yml)"
            case .byteLimit: message += " (set by `queries.megabytes` in ttsite.yml)"
            default: break
            }
        }
        return BuildError(.content, message, in: file, line: line)
    }
}

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
                throw BuildError(.content, "`\(name)` is not a query name; use letters, digits and `_`, starting with a letter", in: display)
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
        guard page.hasSourceFile, page.source.body.containsUTF8("query") else { return [:] }
        let file = "Content/" + page.sourcePath
        var queries: [String: QueryDefinition] = [:]
        for block in MarkdownRenderer().blocks(in: page.source.body, taggedWith: blockWord) {
            let words = block.info.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard words.count >= 2, words[1] == "query" else { continue }
            let line = page.source.bodyLine + block.line - 1
            guard words.count == 3, isName(String(words[2])) else {
                throw BuildError(.content, "a query block names its result once: ```` ```ttsite query NAME ````, with letters, digits and `_`", in: file, line: line)
            }
            let name = String(words[2])
            guard queries[name] == nil else {
                throw BuildError(.content, "the query `\(name)` is given twice on this page (line \(queries[name]!.firstLine - 1) and here)", in: file, line: line)
            }
            guard !block.literal.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                throw BuildError(.content, "the query block `\(name)` holds no SQL", in: file, line: line)
            }
            queries[name] = QueryDefinition(name: name, sql: block.literal, file: file, firstLine: line + 1)
        }
        return queries
    }

    /// A report block of a page that shows a query's result (`data=NAME`): its kind, its
    /// arguments and the line of the file its fence is on.
    struct DataBlockUse {
        let kind: String
        let query: String
        let arguments: [String: String]
        let line: Int
    }

    /// The report blocks of `page` that show a query's result, in order; a block whose line
    /// does not parse is left out (its page's render says what is wrong with it).
    static func dataBlocks(of page: Page) -> [DataBlockUse] {
        guard page.hasSourceFile, page.source.body.containsUTF8("data=") else { return [] }
        return MarkdownRenderer().blocks(in: page.source.body, taggedWith: blockWord).compactMap { block in
            guard let (kind, arguments) = try? BlockInfo.parse(block.info, kinds: [], fail: { BuildError(.content, $0) }),
                  let query = arguments["data"] else { return nil }
            return DataBlockUse(kind: kind, query: query, arguments: arguments, line: page.source.bodyLine + block.line - 1)
        }
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

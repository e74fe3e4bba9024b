import DataTables
import Foundation
import TextFormatting

/// The whole result of a table block as a file to download (`download=csv,json`), beside the
/// page: `missions.csv`, `missions.json`.
///
/// A CSV cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return would run as a
/// formula when a spreadsheet opens the file (CSV injection): such a text cell is written
/// with a `'` in front, as OWASP recommends. Numbers are numbers and are written as they are.
enum TableDownloads {
    static func fileName(_ query: String, _ kind: String) -> String {
        "\(query).\(kind)"
    }

    /// The file of `table` as `kind` (`csv` or `json`), at `path`.
    static func file(_ table: Table, kind: String, path: String) -> OutputFile {
        OutputFile(path: path, bytes: Array((kind == "json" ? json(table) : csv(table)).utf8))
    }

    /// RFC 4180: a header row, CRLF line ends, fields quoted when they hold a quote, a comma
    /// or a line break; with `neutralising`, texts that a spreadsheet would run are not.
    static func csv(_ table: Table, neutralising: Bool = true) -> String {
        let text = { (string: String) in neutralising ? neutralised(string) : string }
        var lines = table.columns.map { field(text($0.name)) }.joined(separator: ",") + "\r\n"
        for row in table.rows {
            lines +=
                row.map { value in
                    if case .text(let string) = value { return field(text(string)) }
                    return field(value.plainText)
                }.joined(separator: ",") + "\r\n"
        }
        return lines
    }

    /// An array of objects, one per row, keys in the columns' order; numbers, booleans and
    /// null as JSON's own, dates and texts as strings.
    static func json(_ table: Table) -> String {
        let rows = table.rows.map { row in
            "{"
                + zip(table.columns, row).map { column, value in JSONText.quoted(column.name) + ":" + jsonValue(value) }.joined(
                    separator: ",") + "}"
        }
        return "[\n" + rows.joined(separator: ",\n") + "\n]\n"
    }

    /// The table as a terminal shows it: columns padded to their widest value (numbers to
    /// the right), a rule under the header, and the row count.
    static func aligned(_ table: Table) -> String {
        let header = table.columns.map(\.name)
        let rows = table.rows.map { $0.map { $0 == .null ? "NULL" : $0.plainText.replacingEvery("\n", with: "⏎") } }
        var widths = header.map(\.count)
        for row in rows { for (index, text) in row.enumerated() { widths[index] = max(widths[index], text.count) } }
        let numeric = table.columns.map { $0.type == .integer || $0.type == .real }
        func line(_ texts: [String]) -> String {
            let padded = zip(texts.indices, texts).map { index, text in
                let pad = String(repeating: " ", count: widths[index] - text.count)
                return numeric[index] ? pad + text : text + pad
            }.joined(separator: "  ")
            // Not per page: `ttsite query` prints one table in a terminal.
            return padded.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        var lines = [line(header), widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")]
        lines += rows.map(line)
        lines.append("(\(table.rows.count) \(table.rows.count == 1 ? "row" : "rows"))")
        return lines.joined(separator: "\n") + "\n"
    }

    static func neutralised(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, ["=", "+", "-", "@", "\t", "\r"].contains(first) else { return text }
        return "'" + text
    }

    private static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "\"" || $0 == "," || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else { return text }
        return "\"" + text.replacingEvery("\"", with: "\"\"") + "\""
    }

    private static func jsonValue(_ value: TableValue) -> String {
        switch value {
        case .null: "null"
        case .integer(let number): String(number)
        case .real(let number): number.isFinite ? String(number) : "null"
        case .boolean(let flag): flag ? "true" : "false"
        case .date, .dateTime, .text: JSONText.quoted(value.plainText)
        }
    }
}

/// What the site's SQL is, read before it is sent: one statement that starts as a query does.
/// MariaDB and MySQL run the SQL inside an executable comment (`/*! … */`, `/*M! … */`), so
/// such a comment is SQL here, never skipped.
enum SQLText {
    /// The words a query may start with.
    static let queryWords: Set<String> = ["select", "with", "values", "table"]

    /// `sql` without the `;` and blanks at its end, when it is one statement that starts as a
    /// query does; else a `.notAQuery` error that says why, and nothing has run.
    static func oneQuery(_ sql: String) throws(MySQLError) -> String {
        let word = firstWord(of: sql)
        guard queryWords.contains(word) else {
            let what = word.isEmpty ? "holds no statement" : "starts with `\(word.uppercased())`"
            throw MySQLError(
                .notAQuery,
                "the SQL \(what): it must be one query that returns rows (`SELECT`, `WITH`, `VALUES` or `TABLE`); "
                    + "`CALL`, `DO`, `SET`, `SHOW`, `HANDLER`, `LOAD` and the like are refused unrun"
            )
        }
        guard let end = statementEnd(of: sql) else {
            throw MySQLError(.notAQuery, "the SQL must be one statement, not several (a `;` is followed by more SQL); it was not run")
        }
        return String(sql[..<end])
    }

    /// The first word of `sql` past blanks, comments and opening parentheses, in lower case; an
    /// executable comment is no comment, and gives no word.
    static func firstWord(of sql: String) -> String {
        var rest = Substring(sql)
        while true {
            rest = rest.drop { $0.isWhitespace || $0 == "(" }
            if rest.hasPrefix("/*!") || rest.hasPrefix("/*M!") || rest.hasPrefix("/*m!") {
                return ""
            } else if rest.hasPrefix("-- ") || rest.hasPrefix("--\t") || rest.hasPrefix("--\n") || rest.hasPrefix("#") {
                rest = rest.drop { $0 != "\n" }
            } else if rest.hasPrefix("/*"), let end = rest.range(of: "*/") {
                rest = rest[end.upperBound...]
            } else {
                break
            }
        }
        return rest.prefix { $0.isLetter }.lowercased()
    }

    /// Where the statement ends: after its last character that is neither blank, nor comment,
    /// nor `;`; nil when a `;` outside quotes and comments has more SQL after it.
    static func statementEnd(of sql: String) -> String.Index? {
        let text = Array(sql.utf8)
        var index = 0
        var lastCode = 0
        func skipQuoted(_ quote: UInt8) {
            index += 1
            while index < text.count {
                if text[index] == UInt8(ascii: "\\"), quote != UInt8(ascii: "`") {
                    index += 2
                    continue
                }
                if text[index] == quote {
                    if index + 1 < text.count, text[index + 1] == quote {
                        index += 2
                        continue
                    }
                    break
                }
                index += 1
            }
            index += 1
        }
        var separator: Int?
        while index < text.count {
            let byte = text[index]
            let next = index + 1 < text.count ? text[index + 1] : 0
            // `--` starts a comment only before a blank (`1--1` is arithmetic).
            let dashes = byte == UInt8(ascii: "-") && next == UInt8(ascii: "-")
            let isLineComment = byte == UInt8(ascii: "#") || dashes && (index + 2 >= text.count || isBlank(text[index + 2]))
            if isLineComment {
                while index < text.count, text[index] != UInt8(ascii: "\n") { index += 1 }
            } else if byte == UInt8(ascii: "/"), next == UInt8(ascii: "*"), index + 2 < text.count, text[index + 2] != UInt8(ascii: "!"),
                text[index + 2] != UInt8(ascii: "M"), text[index + 2] != UInt8(ascii: "m")
            {
                index += 2
                while index + 1 < text.count, !(text[index] == UInt8(ascii: "*") && text[index + 1] == UInt8(ascii: "/")) { index += 1 }
                index += 2
            } else if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "`") {
                if separator != nil { return nil }
                skipQuoted(byte)
                lastCode = index
            } else if byte == UInt8(ascii: ";") {
                if separator == nil { separator = index }
                index += 1
            } else if isBlank(byte) {
                index += 1
            } else {
                if separator != nil { return nil }
                index += 1
                lastCode = index
            }
        }
        return sql.utf8.index(sql.utf8.startIndex, offsetBy: min(lastCode, text.count))
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }
}

/// Why the build's database did not load a table, attach a file or answer a query, in words
/// for a site author. The site layer puts the page, the query's name and the config key of a
/// limit in front.
public struct SQLError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable {
        /// SQLite's own error (a syntax error, no such table or column), with its message.
        case sql
        /// The query would change something, or use what a read-only query may not: the
        /// message says what.
        case refused
        case timeLimit
        case rowLimit
        case byteLimit
        /// A `:name` the query uses but was not given, or a `?`, `?1`, `@x` or `$x` parameter.
        case parameter
        /// A database file that is missing, unreadable, or not a SQLite database.
        case file
        /// A table or schema name that is already used, reserved, or cannot be written.
        case name
    }

    public var kind: Kind
    public var message: String
    /// The byte offset into the SQL text of the token SQLite stopped at, when it gives one.
    public var offset: Int?

    /// A line break in `message` (SQLite quoting a token that spans lines, an excerpt of the
    /// SQL) is written `\n`: an error is one line, as the command prints it.
    public init(_ kind: Kind, _ message: String, offset: Int? = nil) {
        self.kind = kind
        self.message = message.contains(where: \.isNewline) ? Self.oneLine(message) : message
        self.offset = offset
    }

    static func oneLine(_ text: String) -> String {
        text.replacingOccurrences(of: "\r\n", with: "\\n").replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(
            of: "\r", with: "\\r")
    }

    /// The 1-based line of `sql` that `offset` falls on; nil without an offset.
    public func line(in sql: String) -> Int? {
        guard let offset, offset >= 0 else { return nil }
        var line = 1
        for byte in sql.utf8.prefix(offset) where byte == UInt8(ascii: "\n") { line += 1 }
        return line
    }

    public var description: String { message }
}

extension SQLError {
    /// "1 second", "0.2 seconds", "10 seconds".
    static func seconds(_ value: Double) -> String {
        let number = value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        return number + (value == 1 ? " second" : " seconds")
    }
}

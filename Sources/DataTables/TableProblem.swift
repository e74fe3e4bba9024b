/// Why a source's bytes are not a table, and where: the line (1-based) and column (by its
/// header name, or 1-based field number when there is no header) of a CSV file, or the JSON
/// path of a JSON document. The site's loader puts the file's name or URL in front.
public struct TableProblem: Error, Sendable, Hashable, CustomStringConvertible {
    public var line: Int?
    public var column: String?
    public var jsonPath: String?
    public var reason: String

    public init(_ reason: String, line: Int? = nil, column: String? = nil, jsonPath: String? = nil) {
        self.reason = reason
        self.line = line
        self.column = column
        self.jsonPath = jsonPath
    }

    /// "line 12, column `price`: …", "at $.items[3].price: …", or the reason alone.
    public var description: String {
        var place: [String] = []
        if let line { place.append("line \(line)") }
        if let column { place.append("column `\(column)`") }
        if let jsonPath { place.append("at \(jsonPath)") }
        return place.isEmpty ? reason : place.joined(separator: ", ") + ": " + reason
    }
}

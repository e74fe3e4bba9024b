import Foundation

/// A parsed JSON document: its root node and the problems found while reading it.
///
///     let document = try JSONDocument(data: data)
///     for record in document.root["results"].array(.required) ?? [] { … }
///     for problem in document.problems.all { print(problem) }   // results[3].dob.date: …
public struct JSONDocument: Sendable {
    public let root: JSONNode
    /// Every problem recorded by reads on any node of this document.
    public var problems: DecodingProblems { root.problems }

    /// Parses UTF-8 JSON; throws with line and column when it is not JSON.
    public init(data: Data) throws(JSONSyntaxError) {
        self.init(try JSONValue(parsing: data))
    }

    public init(_ value: JSONValue) {
        self.root = JSONNode(value, path: .root, problems: DecodingProblems())
    }
}

/// Where a value sits in a JSON document, written like `results[3].dob.date`.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    public enum Component: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    public let components: [Component]

    /// The document itself.
    public static let root = JSONPath([])

    public init(_ components: [Component]) {
        self.components = components
    }

    public var isRoot: Bool { components.isEmpty }

    public func appending(_ key: String) -> JSONPath { JSONPath(components + [.key(key)]) }
    public func appending(index: Int) -> JSONPath { JSONPath(components + [.index(index)]) }

    /// `results[3].dob.date`; keys that are not plain names are quoted: `names["first name"]`;
    /// the root is `(document)`.
    public var description: String {
        guard !isRoot else { return "(document)" }
        var text = ""
        for component in components {
            switch component {
            case .index(let index):
                text += "[\(index)]"
            case .key(let key) where Self.isPlainName(key):
                text += text.isEmpty ? key : "." + key
            case .key(let key):
                text += "[\(ValueDescription.quoted(key))]"
            }
        }
        return text
    }

    private static func isPlainName(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return key.unicodeScalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || scalar == "_" || scalar == "-" || scalar == "$"
        }
    }
}

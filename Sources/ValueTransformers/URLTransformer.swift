import Foundation

/// `String` ⇄ `URL`, optionally only for some schemes.
///
///     let links = URLTransformer(allowedSchemes: ["http", "https"], allowsRelative: true)
///     try links.transform("javascript:alert(1)", to: URL.self)   // throws: scheme not allowed
public struct URLTransformer: ValueTransforming {
    /// Lower-case schemes accepted; nil accepts any.
    public let allowedSchemes: Set<String>?
    /// Whether a URL without a scheme (`/people/`, `img/a.png`) is accepted.
    public let allowsRelative: Bool
    public let name = "URL"

    public init(allowedSchemes: Set<String>? = nil, allowsRelative: Bool = true) {
        self.allowedSchemes = allowedSchemes.map { Set($0.map { $0.lowercased() }) }
        self.allowsRelative = allowsRelative
    }

    public func canTransform(from source: Any.Type, to destination: Any.Type) -> Bool {
        (TypeName.isString(source) && (destination == URL.self || destination is NSURL.Type))
            || ((source == URL.self || source is NSURL.Type) && TypeName.isString(destination))
    }

    public func transformValue(_ value: Any, to destination: Any.Type) throws(TransformationError) -> Any {
        if let url = value as? URL {
            guard TypeName.isString(destination) else { throw .unsupported(value, to: destination, by: name) }
            return url.absoluteString
        }
        guard destination == URL.self || destination is NSURL.Type else { throw .unsupported(value, to: destination, by: name) }
        guard let text = StringValue.read(value) else { throw .badInput(value, for: destination, "expected a string") }
        guard !text.isEmpty else { throw .badInput(value, for: destination, "the text is empty") }
        guard !text.contains(where: { $0.isWhitespace || $0.isNewline }), let url = URL(string: text) else {
            throw .badInput(value, for: destination, "not a well-formed URL")
        }
        if let scheme = url.scheme?.lowercased() {
            if let allowedSchemes, !allowedSchemes.contains(scheme) {
                throw .badInput(
                    value, for: destination,
                    "the scheme \"\(scheme)\" is not allowed (allowed: \(allowedSchemes.sorted().joined(separator: ", ")))")
            }
        } else if !allowsRelative {
            throw .badInput(value, for: destination, "a relative URL is not allowed here")
        }
        return url
    }
}

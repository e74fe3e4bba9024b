import Foundation

/// A place in a JSON document that knows its path and reports problems to the document's
/// `DecodingProblems`. Navigating never fails: a key or index that is absent gives a missing
/// node. Typed reads return nil for a missing or null value, and for a value of the wrong kind
/// or one a transformer rejects, which is also recorded with its path.
///
///     let name = person["name"]["first"].string() ?? ""
///     let born = person["dob"]["date"].writtenDate(using: dates, .required)
public struct JSONNode: Sendable {
    /// Whether a missing or null value is a problem.
    public enum Presence: Sendable {
        /// Missing or null reads as nil, silently.
        case optional
        /// Missing or null reads as nil and is recorded as a problem.
        case required
    }

    public let path: JSONPath
    /// The value here; nil when the key or index is absent.
    public let value: JSONValue?
    /// Where problems go: shared by all nodes of the document.
    public let problems: DecodingProblems

    public init(_ value: JSONValue?, path: JSONPath = .root, problems: DecodingProblems = DecodingProblems()) {
        self.value = value
        self.path = path
        self.problems = problems
    }

    /// The key or index is absent (or the parent is not an object or array).
    public var isMissing: Bool { value == nil }
    /// The value is JSON `null`.
    public var isNull: Bool { value == .null }
    /// Present and not null.
    public var isPresent: Bool { !isMissing && !isNull }

    /// The member `key` of an object; missing when absent or when this is not an object.
    public subscript(key: String) -> JSONNode {
        guard case .object(let members) = value else { return JSONNode(nil, path: path.appending(key), problems: problems) }
        return JSONNode(members[key], path: path.appending(key), problems: problems)
    }

    /// The element at `index` of an array; missing when absent or when this is not an array.
    public subscript(index: Int) -> JSONNode {
        guard case .array(let elements) = value, elements.indices.contains(index) else {
            return JSONNode(nil, path: path.appending(index: index), problems: problems)
        }
        return JSONNode(elements[index], path: path.appending(index: index), problems: problems)
    }

    /// Records a problem at this node, e.g. a value that is well-formed but not acceptable.
    public func report(_ message: String, error: TransformationError? = nil) {
        problems.record(DecodingProblem(path: path, value: value, message: message, error: error))
    }

    /// The present value, or nil after recording a `.required` absence.
    private func present(_ presence: Presence, _ expected: String) -> JSONValue? {
        guard let value, value != .null else {
            if presence == .required { report(isMissing ? "\(expected) is missing" : "expected \(expected), found null") }
            return nil
        }
        return value
    }

    private func wrongKind<T>(_ expected: String, _ value: JSONValue) -> T? {
        report("expected \(expected), found \(value.kindDescription)")
        return nil
    }

    public func string(_ presence: Presence = .optional) -> String? {
        guard let value = present(presence, "a string") else { return nil }
        guard case .string(let string) = value else { return wrongKind("a string", value) }
        return string
    }

    public func number(_ presence: Presence = .optional) -> Double? {
        guard let value = present(presence, "a number") else { return nil }
        guard case .number(let number) = value else { return wrongKind("a number", value) }
        return number.doubleValue
    }

    /// An integral number that fits an `Int` (`3.0` counts; `3.5` is a problem).
    public func int(_ presence: Presence = .optional) -> Int? {
        guard let value = present(presence, "an integer") else { return nil }
        guard case .number(let number) = value else { return wrongKind("an integer", value) }
        guard let integer = number.intValue else { return wrongKind("an integer", value) }
        return integer
    }

    /// A JSON `true` or `false`; for `"yes"` or `1` use `transformed(to: Bool.self, using: BooleanTransformer())`.
    public func bool(_ presence: Presence = .optional) -> Bool? {
        guard let value = present(presence, "true or false") else { return nil }
        guard case .bool(let bool) = value else { return wrongKind("true or false", value) }
        return bool
    }

    /// The elements of an array, each with its path.
    public func array(_ presence: Presence = .optional) -> [JSONNode]? {
        guard let value = present(presence, "an array") else { return nil }
        guard case .array(let elements) = value else { return wrongKind("an array", value) }
        return elements.indices.map { self[$0] }
    }

    /// The members of an object in document order, each with its path.
    public func object(_ presence: Presence = .optional) -> [(key: String, node: JSONNode)]? {
        guard let value = present(presence, "an object") else { return nil }
        guard case .object(let members) = value else { return wrongKind("an object", value) }
        return members.keys.map { (key: $0, node: self[$0]) }
    }

    /// The value turned into a `T` by `transformer`; a failure is recorded with the
    /// transformer's message, and a remark the transformer made about a value it did take
    /// (`TransformationNotes`) as a problem that keeps the value.
    public func transformed<T>(to type: T.Type, using transformer: any ValueTransforming, _ presence: Presence = .optional) -> T? {
        guard let value = present(presence, TypeName.noun(type)) else { return nil }
        let sink = NoteSink()
        let result = TransformationNotes.$sink.withValue(sink) {
            Result { () throws(TransformationError) -> T in try transformer.transform(value.anyValue, to: type) }
        }
        switch result {
        case .success(let transformed):
            for note in sink.notes { report("\(ValueDescription.describe(value.anyValue)): \(note)") }
            return transformed
        case .failure(let error):
            report(error.message, error: error)
            return nil
        }
    }

    /// A date read by `transformer` (e.g. `CompoundTransformer.dates()`).
    public func date(using transformer: any ValueTransforming, _ presence: Presence = .optional) -> Date? {
        transformed(to: Date.self, using: transformer, presence)
    }

    /// A date's fields as written, never shifted by a zone: the birth date `1990-02-28` stays
    /// February 28 whatever zone follows it. A UNIX time gives its fields in UTC.
    public func writtenDate(using transformer: any ValueTransforming, _ presence: Presence = .optional) -> WrittenDate? {
        transformed(to: WrittenDate.self, using: transformer, presence)
    }

    /// A URL, by default any absolute or relative one; pass a `URLTransformer` with allowed
    /// schemes to refuse `javascript:` and the like.
    public func url(using transformer: URLTransformer = URLTransformer(), _ presence: Presence = .optional) -> URL? {
        transformed(to: URL.self, using: transformer, presence)
    }
}

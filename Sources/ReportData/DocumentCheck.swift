import Foundation
import ValueTransformers

/// Whether a whole document is acceptable data of its kind, before a fetched copy replaces the
/// cached one: not HTML (a captive portal, an error page), JSON, not an error object
/// (`{"error": "Uh oh, something has gone wrong"}`), the right shape, and not empty when the
/// copy it would replace had records.
///
///     try DocumentCheck.people(fetched, previousRecordCount: cached.recordCount)
public enum DocumentCheck {
    /// Why a document is not acceptable, in words for a site author.
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        public let reason: String
        public init(_ reason: String) { self.reason = reason }
        public var description: String { reason }
    }

    /// Checks a randomuser.me document; returns the number of records in it.
    @discardableResult
    public static func people(_ data: Data, previousRecordCount: Int?) throws(Failure) -> Int {
        try people(parse(data), previousRecordCount: previousRecordCount)
    }

    /// Checks a parsed randomuser.me document; returns the number of records in it.
    @discardableResult
    public static func people(_ document: JSONDocument, previousRecordCount: Int?) throws(Failure) -> Int {
        let count = try peopleRecords(document.root).count
        try checkNotEmptied(count, previousRecordCount, "people")
        return count
    }

    /// Checks a TimeTranslator document; returns the number of scenarios in it.
    @discardableResult
    public static func scenarios(_ data: Data, previousRecordCount: Int?) throws(Failure) -> Int {
        try scenarios(parse(data), previousRecordCount: previousRecordCount)
    }

    /// Checks a parsed TimeTranslator document; returns the number of scenarios in it.
    @discardableResult
    public static func scenarios(_ document: JSONDocument, previousRecordCount: Int?) throws(Failure) -> Int {
        let count = try scenarioRecords(document.root).count
        try checkNotEmptied(count, previousRecordCount, "scenarios")
        return count
    }

    private static func checkNotEmptied(_ count: Int, _ previous: Int?, _ kind: String) throws(Failure) {
        if count == 0, let previous, previous > 0 {
            throw Failure("the document has no \(kind), but the last good copy had \(previous)")
        }
    }

    /// The document parsed, or why it is not a JSON document at all.
    public static func parse(_ data: Data) throws(Failure) -> JSONDocument {
        let start = data.firstIndex { !Self.whitespace.contains($0) }
        guard let start else { throw Failure("the document is empty") }
        if data[start] == UInt8(ascii: "<") {
            let head = String(decoding: data[start...].prefix(40), as: UTF8.self)
                .replacingOccurrences(of: "\n", with: " ")
            throw Failure("the document is HTML or XML, not JSON (it starts with \"\(head)\")")
        }
        let document: JSONDocument
        do {
            document = try JSONDocument(data: data)
        } catch {
            throw Failure("the document is not JSON: \(error)")
        }
        if case .object(let members) = document.root.value, let error = members["error"] {
            let text = if case .string(let message) = error { message } else { error.description }
            throw Failure("the document is an error message, not data: \(text.prefix(200))")
        }
        return document
    }

    private static let whitespace: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF]

    /// The person records: `results` of an object, or the elements of a bare array.
    static func peopleRecords(_ root: JSONNode) throws(Failure) -> [JSONNode] {
        switch root.value {
        case .array:
            return root.array() ?? []
        case .object:
            let results = root["results"]
            guard case .array = results.value else {
                throw Failure(results.isMissing
                    ? "expected people: an object with \"results\" or an array, found an object without \"results\""
                    : "expected \"results\" to be an array of people, found \(results.value!.kindDescription)")
            }
            return results.array() ?? []
        case let other:
            throw Failure("expected people: an object with \"results\" or an array, found \(other?.kindDescription ?? "nothing")")
        }
    }

    /// The scenario records: the document itself when it is one scenario, the elements of an
    /// array, or `scenarios` of an object.
    static func scenarioRecords(_ root: JSONNode) throws(Failure) -> [JSONNode] {
        switch root.value {
        case .array:
            return root.array() ?? []
        case .object(let members):
            if members["scenarios"] != nil {
                guard case .array = root["scenarios"].value else {
                    throw Failure("expected \"scenarios\" to be an array, found \(root["scenarios"].value!.kindDescription)")
                }
                return root["scenarios"].array() ?? []
            }
            guard members["named"] != nil || members["events"] != nil || members["unit"] != nil else {
                throw Failure("expected a scenario (an object with \"named\", \"unit\", \"start\", \"end\" and \"events\"), "
                    + "an array of them or {\"scenarios\": […]}, found an object with none of these keys")
            }
            return [root]
        case let other:
            throw Failure("expected a scenario, an array of them or {\"scenarios\": […]}, found \(other?.kindDescription ?? "nothing")")
        }
    }
}

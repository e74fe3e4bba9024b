import DataSources
import Foundation
import ValueTransformers

/// The two kinds of records a site is made from, as `ttsite.yml` names their sources.
public enum RecordKind: String, Sendable, Hashable, CaseIterable {
    case people, scenarios
}

/// Whether a whole document is acceptable data of its kind, before a fetched copy replaces the
/// cached one: JSON (not empty, not HTML: `JSONSniff`), not an error object
/// (`{"error": "Uh oh, something has gone wrong"}`), the right shape, and not empty when the
/// copy it would replace had records.
///
///     try DocumentCheck.check(fetched, kind: .people, previousRecordCount: cachedCount)
public enum DocumentCheck {
    /// Checks a document; returns the number of records in it.
    @discardableResult
    public static func check(_ data: Data, kind: RecordKind, previousRecordCount: Int?) throws(DocumentRejection) -> Int {
        try check(parse(data), kind: kind, previousRecordCount: previousRecordCount)
    }

    /// Checks a parsed document; returns the number of records in it.
    @discardableResult
    public static func check(_ document: JSONDocument, kind: RecordKind, previousRecordCount: Int?) throws(DocumentRejection) -> Int {
        let count = try records(document.root, kind: kind).count
        if count == 0, let previous = previousRecordCount, previous > 0 {
            throw DocumentRejection("the document has no \(kind.rawValue), but the last good copy had \(previous)")
        }
        return count
    }

    /// The document parsed, or why it is not a JSON document at all.
    public static func parse(_ data: Data) throws(DocumentRejection) -> JSONDocument {
        try JSONSniff.check(data, noun: "document")
        let document: JSONDocument
        do {
            document = try JSONDocument(data: data)
        } catch {
            throw DocumentRejection("the document is not JSON: \(error)")
        }
        if case .object(let members) = document.root.value, let error = members["error"] {
            let text = if case .string(let message) = error { message } else { error.description }
            throw DocumentRejection("the document is an error message, not data: \(text.prefix(200))")
        }
        return document
    }

    /// The records of `kind` in a document.
    static func records(_ root: JSONNode, kind: RecordKind) throws(DocumentRejection) -> [JSONNode] {
        switch kind {
        case .people: try peopleRecords(root)
        case .scenarios: try scenarioRecords(root)
        }
    }

    /// The person records: `results` of an object, or the elements of a bare array.
    private static func peopleRecords(_ root: JSONNode) throws(DocumentRejection) -> [JSONNode] {
        switch root.value {
        case .array:
            return root.array() ?? []
        case .object:
            let results = root["results"]
            guard case .array = results.value else {
                throw DocumentRejection(
                    results.isMissing
                        ? "expected people: an object with \"results\" or an array, found an object without \"results\""
                        : "expected \"results\" to be an array of people, found \(results.value!.kindDescription)")
            }
            return results.array() ?? []
        case let other:
            throw DocumentRejection("expected people: an object with \"results\" or an array, found \(other?.kindDescription ?? "nothing")")
        }
    }

    /// The scenario records: the document itself when it is one scenario, the elements of an
    /// array, or `scenarios` of an object.
    private static func scenarioRecords(_ root: JSONNode) throws(DocumentRejection) -> [JSONNode] {
        switch root.value {
        case .array:
            return root.array() ?? []
        case .object(let members):
            if members["scenarios"] != nil {
                guard case .array = root["scenarios"].value else {
                    throw DocumentRejection("expected \"scenarios\" to be an array, found \(root["scenarios"].value!.kindDescription)")
                }
                return root["scenarios"].array() ?? []
            }
            guard members["named"] != nil || members["events"] != nil || members["unit"] != nil else {
                throw DocumentRejection(
                    "expected a scenario (an object with \"named\", \"unit\", \"start\", \"end\" and \"events\"), "
                        + "an array of them or {\"scenarios\": […]}, found an object with none of these keys")
            }
            return [root]
        case let other:
            throw DocumentRejection(
                "expected a scenario, an array of them or {\"scenarios\": […]}, found \(other?.kindDescription ?? "nothing")")
        }
    }
}

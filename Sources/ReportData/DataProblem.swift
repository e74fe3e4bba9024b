import Foundation
import ValueTransformers

/// One thing wrong with a data source: which source, where in it, the value found, and why.
///
///     people.json results[3].dob.date: "31-02-1990" is not a date (tried: ISO 8601, …)
///
/// Warnings leave the record out (or a field empty) and the build goes on; errors fail the
/// build (and with ttsite's `--strict`, warnings too).
public struct DataProblem: Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable, Comparable {
        case warning
        case error

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .warning && rhs == .error }
    }

    /// The file or URL the document came from, as the caller named it.
    public let source: String
    /// The JSON path (`results[3].dob.date`); empty for a problem with the whole document.
    public let path: String
    /// The offending value as compact JSON (`"31-02-1990"`, `42`, `null`); nil when it was
    /// missing, and for objects and arrays, so that a problem never echoes a whole record
    /// (with its e-mail address or password) into a log.
    public let value: String?
    /// Why, in words for a site author.
    public let message: String
    public let severity: Severity

    public init(source: String, path: String, value: String? = nil, message: String, severity: Severity = .warning) {
        self.source = source
        self.path = path
        self.value = value
        self.message = message
        self.severity = severity
    }

    /// A problem read by `ValueTransformers` at a node of the document.
    init(_ problem: DecodingProblem, source: String, severity: Severity = .warning) {
        self.init(
            source: source, path: problem.path.description, value: Self.scalarText(problem.value),
            message: problem.message, severity: severity
        )
    }

    public var isError: Bool { severity == .error }

    /// `source path: message`, with the value appended when the message does not show it.
    public var description: String {
        var text = path.isEmpty ? "\(source): \(message)" : "\(source) \(path): \(message)"
        if let value, !Self.shows(value, in: message) { text += " (found \(value))" }
        return text
    }

    /// Whether `message` already quotes `value`: a string anywhere, a number or Boolean as a word
    /// of its own (so that the 5 of "event 5" does not count as the value 5).
    private static func shows(_ value: String, in message: String) -> Bool {
        if value.hasPrefix("\"") { return message.contains(value) }
        var searchRange = message.startIndex..<message.endIndex
        // Not per page: once per data problem, to word its message.
        while let found = message.range(of: value, range: searchRange) {
            let before = found.lowerBound == message.startIndex ? nil : message[message.index(before: found.lowerBound)]
            let after = found.upperBound == message.endIndex ? nil : message[found.upperBound]
            let joinsBefore = before.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" } ?? false
            let joinsAfter = after.map { $0.isLetter || $0.isNumber } ?? false
            if !joinsBefore, !joinsAfter { return true }
            searchRange = found.upperBound..<message.endIndex
        }
        return false
    }

    /// Compact JSON of a scalar, shortened to 80 characters; nil for objects and arrays.
    static func scalarText(_ value: JSONValue?) -> String? {
        guard let value else { return nil }
        switch value {
        case .array, .object: return nil
        default:
            let text = value.description
            return text.count > 80 ? String(text.prefix(79)) + "…" : text
        }
    }
}

extension Array where Element == DataProblem {
    /// Whether any problem fails the build.
    public var containsError: Bool { contains { $0.severity == .error } }
}

import Foundation
import TextFormatting
import Yams

/// Reads typed values out of a parsed YAML mapping and turns every mismatch into a
/// `BuildError` that names the file, the line and the key.
///
/// `lineOffset` maps a line inside the YAML text to a line of the file it came from (front
/// matter starts on the file's second line, not its first).
struct YAMLReader {
    let file: String
    let lineOffset: Int
    let kind: BuildError.Kind

    /// Parses `text`; an empty document gives an empty mapping.
    func parseMapping(_ text: String) throws -> Node.Mapping {
        let node: Node?
        do {
            // UTF-8 named here: Yams's default encoding reads the process environment on
            // every call, which cost more than the parse itself for small front matter.
            node = try Yams.compose(yaml: text, .default, .default, .utf8)
        } catch let error as YamlError {
            throw syntaxError(error, in: text)
        }
        guard let node else { return Node.Mapping([]) }
        guard let mapping = node.mapping else {
            throw error("expected a mapping of `key: value` lines, found \(describe(node))", at: node)
        }
        return mapping
    }

    func error(_ message: String, at node: Node?) -> BuildError {
        BuildError(kind, message, in: file, line: node?.mark.map { $0.line + lineOffset })
    }

    /// Every key must be one of `known`; the first that is not is an error naming it.
    func requireKnownKeys(_ mapping: Node.Mapping, _ known: [String], context: String? = nil) throws {
        for key in mapping.keys {
            let name = key.string ?? "\(key)"
            if !known.contains(name) {
                let place = context.map { " in `\($0)`" } ?? ""
                if let near = Spelling.nearest(name, among: Set(known)) {
                    throw error("unknown key `\(name)`\(place); did you mean `\(near)`?", at: key)
                }
                throw error("unknown key `\(name)`\(place); known keys are \(known.map { "`\($0)`" }.joined(separator: ", "))", at: key)
            }
        }
    }

    func string(_ node: Node, _ key: String) throws -> String {
        guard let scalar = node.scalar, node.null == nil else {
            throw error("`\(key)` must be text, found \(describe(node))", at: node)
        }
        return scalar.string
    }

    func bool(_ node: Node, _ key: String) throws -> Bool {
        guard let value = node.bool else {
            throw error("`\(key)` must be true or false, found \(describe(node))", at: node)
        }
        return value
    }

    func number(_ node: Node, _ key: String) throws -> Double {
        guard let value = node.real ?? node.integer.map(Double.init), node.bool == nil else {
            throw error("`\(key)` must be a number, found \(describe(node))", at: node)
        }
        return value
    }

    func int(_ node: Node, _ key: String) throws -> Int {
        guard let value = node.integer else {
            throw error("`\(key)` must be a whole number, found \(describe(node))", at: node)
        }
        return value
    }

    func strings(_ node: Node, _ key: String) throws -> [String] {
        if node.scalar != nil { return [try string(node, key)] }
        guard let sequence = node.sequence else {
            throw error("`\(key)` must be a list of text values, found \(describe(node))", at: node)
        }
        return try sequence.map { try string($0, key) }
    }

    func mapping(_ node: Node, _ key: String) throws -> Node.Mapping {
        guard let mapping = node.mapping else {
            throw error("`\(key)` must be a mapping of `key: value` pairs, found \(describe(node))", at: node)
        }
        return mapping
    }

    func describe(_ node: Node) -> String {
        switch node {
        case .scalar(let scalar):
            if node.null != nil { return "nothing (null)" }
            return "`\(scalar.string)`"
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        }
    }

    private func syntaxError(_ error: YamlError, in text: String) -> BuildError {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        // libyaml reports an error at the end of the text on the line after the last one.
        let lastLine = max(1, lines.count - (text.hasSuffix("\n") ? 1 : 0))
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let detail = [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }
            return BuildError(kind, "invalid YAML: \(detail.joined(separator: " "))", in: file, line: min(mark.line, lastLine) + lineOffset)
        case .duplicatedKeysInMapping(let duplicates, let context):
            // libyaml marks the mapping; the line worth showing is the key's second use.
            let key = duplicates.first ?? ""
            let uses = lines.indices.filter { lines[$0].drop(while: { $0 == " " }).hasPrefix(key + ":") }
            let line = uses.count > 1 ? uses[1] + 1 : context.mark.line
            return BuildError(
                kind, "invalid YAML: the key `\(duplicates.joined(separator: "`, `"))` appears twice", in: file, line: line + lineOffset)
        default:
            return BuildError(kind, "invalid YAML: \(error)", in: file)
        }
    }
}

extension Node {
    /// The scalar as a whole number, but never YAML 1.1's base-60 form (`1:30`, read by Yams
    /// as 90): Yams multiplies its parts without overflow checks, so a long one stops the
    /// process (found by fuzzing front matter), and YAML 1.2, like people, reads it as text.
    var integer: Int? { isBase60 ? nil : int }
    /// The scalar as a number, with the same exception as `integer`.
    var real: Double? { isBase60 ? nil : float }

    private var isBase60: Bool {
        guard let scalar, scalar.style == .plain else { return false }
        return scalar.string.contains(":")
    }
}

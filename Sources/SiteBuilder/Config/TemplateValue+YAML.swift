import TemplateEngine
import Yams

extension TemplateValue {
    /// The most values one YAML block may expand to. Aliases can make a few lines of YAML
    /// stand for billions of values ("billion laughs"); past this, the block is refused.
    static let maximumYAMLValues = 100_000

    init(yaml node: Node, reader: YAMLReader) throws {
        var budget = Self.maximumYAMLValues
        self = try Self.convert(node, reader: reader, budget: &budget)
    }

    private static func convert(_ node: Node, reader: YAMLReader, budget: inout Int) throws -> TemplateValue {
        budget -= 1
        guard budget >= 0 else {
            throw reader.error(
                "the front matter expands to more than \(maximumYAMLValues) values (are YAML aliases repeating it?)", at: node)
        }
        switch node {
        case .scalar(let scalar):
            if node.null != nil { return .null }
            if scalar.style == .plain {
                if let value = node.bool { return .bool(value) }
                if let value = node.integer { return .int(value) }
                if let value = node.real { return .double(value) }
            }
            return .string(scalar.string)
        case .sequence(let sequence):
            return .list(try sequence.map { try convert($0, reader: reader, budget: &budget) })
        case .mapping(let mapping):
            var values: [String: TemplateValue] = [:]
            for (key, value) in mapping {
                values[key.string ?? "\(key)"] = try convert(value, reader: reader, budget: &budget)
            }
            return .map(values)
        case .alias:
            throw reader.error("unresolved YAML alias", at: node)
        }
    }
}

/// A template value in a view that `TemplateValueEncoder` encodes is taken as it is. Other
/// encoders get what a render with an empty `linkBase` shows: a map's keys, a list's
/// elements, and a path (`.link`, `.links`) as its text.
extension TemplateValue: Encodable {
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .string(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .int(let number):
            var container = encoder.singleValueContainer()
            try container.encode(number)
        case .double(let number):
            var container = encoder.singleValueContainer()
            try container.encode(number)
        case .bool(let flag):
            var container = encoder.singleValueContainer()
            try container.encode(flag)
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .link, .links:
            var container = encoder.singleValueContainer()
            try container.encode(resolvingLinks(after: ""))
        case .list(let values):
            var container = encoder.unkeyedContainer()
            for value in values { try container.encode(value) }
        case .map(let values):
            var container = encoder.container(keyedBy: MapKey.self)
            for (key, value) in values { try container.encode(value, forKey: MapKey(key)) }
        }
    }

    private struct MapKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }

        init(_ key: String) { stringValue = key }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

/// A `srcset` or any text with paths in it, encoded as `.links`.
extension LinkText: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(TemplateValue.links(self))
    }
}

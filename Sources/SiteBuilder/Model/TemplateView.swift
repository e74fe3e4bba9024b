import TemplateEngine

/// A view model: a typed value that a template shows. Its stored properties are the
/// template's contract, checked when ttsite is compiled, and they are what the template sees:
/// `TemplateValueEncoder` makes each a key of the same name (`{{href}}`), so each is written
/// once. `LinkPath`, `OrFalse` and `Inline` say what else a property is to the template.
protocol TemplateView: Sendable, Encodable {
    var templateValue: TemplateValue { get }
}

extension TemplateView {
    /// Encoding cannot fail here: the encoder throws nothing of its own, and no view's own
    /// `encode(to:)` throws.
    var templateValue: TemplateValue { try! TemplateValueEncoder().encode(self) }

    /// The view's keys, for a context that adds more to them.
    var templateKeys: [String: TemplateValue] {
        if case .map(let values) = templateValue { values } else { [:] }
    }
}

/// A view whose value is written out by hand, each with its reason where it is declared;
/// inside another view it is that value.
protocol WrittenTemplateView: TemplateView {}

extension WrittenTemplateView {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(templateValue)
    }
}

extension Array: TemplateView where Element: TemplateView {
    var templateValue: TemplateValue { .list(map(\.templateValue)) }
}

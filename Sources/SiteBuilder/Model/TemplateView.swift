import TemplateEngine

/// A view model: a typed value that a template shows and that turns itself into what the
/// template sees. Its stored properties are the template's contract, checked when ttsite is
/// compiled; `templateValue` names each once, with the key templates use (`{{href}}`).
protocol TemplateView: Sendable {
    var templateValue: TemplateValue { get }
}

/// A view's keys and values as templates see them. An optional value that is nil leaves its
/// key out: a template then finds that name in an enclosing value, as it would in a map
/// that lacks it (`.null` would stop it there).
struct TemplateMap {
    private(set) var values: [String: TemplateValue]

    init(_ values: [String: TemplateValue] = [:]) {
        self.values = values
    }

    mutating func add(_ key: String, _ value: TemplateValue?) {
        if let value { values[key] = value }
    }

    mutating func add(_ key: String, _ view: (any TemplateView)?) {
        if let view { values[key] = view.templateValue }
    }

    mutating func add(_ key: String, _ text: String?) {
        if let text { values[key] = .string(text) }
    }

    /// A text, or `false` where there is none: a value that must not be looked up in an
    /// enclosing context (an event without an image would show its timeline's).
    mutating func add(_ key: String, orFalse text: String?) {
        values[key] = text.map(TemplateValue.string) ?? .bool(false)
    }

    mutating func add(_ key: String, orFalse view: (any TemplateView)?) {
        values[key] = view?.templateValue ?? .bool(false)
    }

    var templateValue: TemplateValue { .map(values) }
}

extension Array: TemplateView where Element: TemplateView {
    var templateValue: TemplateValue { .list(map(\.templateValue)) }
}

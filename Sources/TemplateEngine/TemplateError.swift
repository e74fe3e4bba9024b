/// A template that cannot be parsed: what is wrong and on which line of the template.
public struct TemplateError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    /// 1-based line of the template.
    public var line: Int

    public init(_ message: String, line: Int) {
        self.message = message
        self.line = line
    }

    public var description: String { "line \(line): \(message)" }
}

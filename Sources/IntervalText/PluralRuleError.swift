/// Why a plural rule's condition in CLDR's notation cannot be read: the category, the
/// condition as written, and the character (counted from 1) where reading stopped.
public struct PluralRuleError: Error, Equatable, Sendable, CustomStringConvertible {
    public var category: PluralCategory
    public var condition: String
    public var offset: Int
    public var reason: String

    public init(category: PluralCategory, condition: String, offset: Int, reason: String) {
        self.category = category
        self.condition = condition
        self.offset = offset
        self.reason = reason
    }

    public var description: String {
        "\(category.rawValue): \"\(condition)\": at character \(offset), \(reason)"
    }
}

import Foundation
import OrderedCollections
import TextFormatting

/// Names of types for people: `Date` → "a date". Used in error messages.
enum TypeName {
    static func describe(_ type: Any.Type) -> String {
        // The common types without `String(describing:)`, which demangles: errors are built
        // on the hot path of a compound transformer, once per member that fails.
        if type == String.self { return "String" }
        if type == Date.self { return "Date" }
        if type == WrittenDate.self { return "WrittenDate" }
        if type == Int.self { return "Int" }
        if type == Double.self { return "Double" }
        return String(describing: type)
    }

    /// An article and a lower-case noun where one is known; otherwise "a value of type X".
    static func noun(_ type: Any.Type) -> String {
        if type == String.self { return "a string" }
        if type == Date.self { return "a date" }
        if type == String.self || type == Substring.self || type is NSString.Type { return "a string" }
        if type == Date.self || type is NSDate.Type { return "a date" }
        if type == WrittenDate.self { return "a date" }
        if type == URL.self || type is NSURL.Type { return "a URL" }
        if type == Bool.self { return "a Boolean" }
        if type == Decimal.self || type is NSDecimalNumber.Type { return "a decimal number" }
        if type is any BinaryInteger.Type { return "an integer" }
        if type is any BinaryFloatingPoint.Type || type is NSNumber.Type { return "a number" }
        if type is NSNull.Type { return "null" }
        if type is any OptionalType.Type { return "an optional" }
        if type is any ArrayType.Type { return "an array" }
        if type is any SetType.Type { return "a set" }
        if type is any OrderedSetType.Type { return "an ordered set" }
        if type is [String: Any].Type || type is NSDictionary.Type { return "an object" }
        return "a value of type \(describe(type))"
    }

    static func isString(_ type: Any.Type) -> Bool {
        type == String.self || type == Substring.self || type is NSString.Type
    }

    static func isDate(_ type: Any.Type) -> Bool {
        type == Date.self || type is NSDate.Type
    }
}

/// Values written for people, as JSON would write them: `"text"`, `42`, `null`.
enum ValueDescription {
    static let maximumLength = 80

    static func describe(_ value: Any) -> String {
        let text = (value as? String).map(quoted) ?? render(value)
        guard text.count > maximumLength else { return text }
        return String(text.prefix(maximumLength - 1)) + "…"
    }

    private static func render(_ value: Any) -> String {
        if let optional = value as? any OptionalType, optional.isNone { return "null" }
        switch value {
        case is NSNull: return "null"
        case let json as JSONValue: return json.description
        case let string as String: return quoted(string)
        case let string as Substring: return quoted(String(string))
        case let number as NSNumber:
            if NumericValue.isBoolean(number) { return number.boolValue ? "true" : "false" }
            return NumericValue(number)?.description ?? number.description
        case let bool as Bool: return bool ? "true" : "false"
        case let date as Date: return ISO8601DateParser.format(date)
        case let url as URL: return quoted(url.absoluteString)
        case let array as [Any]: return "[" + array.map(render).joined(separator: ", ") + "]"
        default:
            if let number = NumericValue(value) { return number.description }
            return String(describing: value)
        }
    }

    static func quoted(_ string: String) -> String {
        JSONText.quoted(string)
    }
}

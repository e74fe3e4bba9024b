import Foundation

/// Turns strings into dates through a `DateTextParser`, and dates back into strings.
///
/// Destinations: `Date`, or `WrittenDate` for the fields as written (a birth date that must not
/// be shifted by a zone). A text without a zone is read by the `zoneless` rule.
///
///     let iso = DateTransformer(ISO8601DateParser(), zoneless: .timeZone(berlin))
///     let launch: Date = try iso.transform("1969-07-16 13:32:00")
public struct DateTransformer: ValueTransforming {
    public let parser: any DateTextParser
    public let zoneless: ZonelessDates

    public init(_ parser: any DateTextParser, zoneless: ZonelessDates = .utc) {
        self.parser = parser
        self.zoneless = zoneless
    }

    public var name: String { parser.name }

    public func canTransform(from source: Any.Type, to destination: Any.Type) -> Bool {
        if TypeName.isString(source) { return TypeName.isDate(destination) || destination == WrittenDate.self }
        return TypeName.isDate(source) && TypeName.isString(destination)
    }

    public func transformValue(_ value: Any, to destination: Any.Type) throws(TransformationError) -> Any {
        if !(value is String), let date = value as? Date {
            guard TypeName.isString(destination) else { throw .unsupported(value, to: destination, by: name) }
            return parser.format(date)
        }
        guard TypeName.isDate(destination) || destination == WrittenDate.self else {
            throw .unsupported(value, to: destination, by: name)
        }
        guard let text = StringValue.read(value) else { throw .badInput(value, for: destination, "expected a string") }
        let written: WrittenDate
        do {
            written = try parser.parse(text)
        } catch {
            throw TransformationError(
                .badInput, input: value, destination: destination,
                message: "\(ValueDescription.describe(value)) is not a date in \(name) format: \(error.reason)"
            )
        }
        return destination == WrittenDate.self ? written : written.date(zoneless: zoneless)
    }
}

/// Reads `String`, `Substring` and `NSString` values as a `String`.
enum StringValue {
    static func read(_ value: Any) -> String? {
        switch value {
        case let string as String: string
        case let substring as Substring: String(substring)
        default: nil
        }
    }
}

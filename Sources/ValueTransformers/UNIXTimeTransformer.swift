import Foundation

/// UNIX time ⇄ `Date`: seconds (or milliseconds) since 1970-01-01T00:00:00Z, as any number or
/// as a numeric string such as `"1378767519.18176508"` (read the same in every locale).
///
/// Destinations from a number or string: `Date`, or `WrittenDate` (the fields in UTC).
/// From a `Date`: any numeric type (integers get whole units, rounded down) or `String`.
public struct UNIXTimeTransformer: ValueTransforming {
    public enum Unit: Sendable, Hashable {
        case seconds
        case milliseconds

        var perSecond: Double { self == .seconds ? 1 : 1000 }
    }

    public let unit: Unit
    public var name: String { unit == .seconds ? "UNIX time" : "UNIX time in milliseconds" }

    /// Instants beyond year ±9999 are rejected: they are not dates a source means.
    static let limit: Double = 253_402_300_800

    public init(unit: Unit = .seconds) {
        self.unit = unit
    }

    public func canTransform(from source: Any.Type, to destination: Any.Type) -> Bool {
        if NumericValue.isNumericType(source) || TypeName.isString(source) {
            return TypeName.isDate(destination) || destination == WrittenDate.self
        }
        return TypeName.isDate(source) && (NumericValue.isNumericType(destination) || TypeName.isString(destination))
    }

    public func transformValue(_ value: Any, to destination: Any.Type) throws(TransformationError) -> Any {
        if !(value is String), let date = value as? Date { return try fromDate(date, to: destination) }
        guard TypeName.isDate(destination) || destination == WrittenDate.self else {
            throw .unsupported(value, to: destination, by: name)
        }
        let number: NumericValue
        if let text = StringValue.read(value) {
            guard let parsed = NumericValue(parsing: text) else {
                throw .badInput(value, for: destination, "\(name) must be a number of \(unitName)")
            }
            number = parsed
        } else if let numeric = NumericValue(value) {
            number = numeric
        } else {
            throw .badInput(value, for: destination, "\(name) must be a number of \(unitName)")
        }
        let seconds = number.doubleValue / unit.perSecond
        guard seconds.isFinite, abs(seconds) < Self.limit else {
            throw .badInput(value, for: destination, "\(name) out of range (beyond year 9999)")
        }
        let date = Date(timeIntervalSince1970: seconds)
        return destination == WrittenDate.self ? WrittenDate(utc: date) : date
    }

    private var unitName: String { unit == .seconds ? "seconds" : "milliseconds" }

    private func fromDate(_ date: Date, to destination: Any.Type) throws(TransformationError) -> Any {
        let units = date.timeIntervalSince1970 * unit.perSecond
        if TypeName.isString(destination) { return NumericValue.floating(units).description }
        let number: NumericValue = destination is any BinaryInteger.Type ? .floating(units.rounded(.down)) : .floating(units)
        guard let result = number.converted(to: destination) else {
            throw TransformationError(
                .failed, input: date, destination: destination,
                message: "\(ISO8601DateParser.format(date)) does not fit in \(TypeName.noun(destination))"
            )
        }
        return result
    }
}

import Foundation

/// A number read from any numeric Swift or Foundation value, or from text in the JSON number
/// grammar, independent of the locale; convertible exactly into any numeric destination type.
enum NumericValue: Sendable, Equatable, CustomStringConvertible {
    case integer(Int)
    case floating(Double)
    case decimal(Decimal)

    /// The number held by `value`; nil for non-numbers, Booleans and strings.
    init?(_ value: Any) {
        switch value {
        case let number as NSDecimalNumber: self = .decimal(number.decimalValue)
        case let number as NSNumber:
            if Self.isBoolean(number) { return nil }
            let type = String(cString: number.objCType)
            if type == "d" || type == "f" { self = .floating(number.doubleValue) } else { self = .integer(number.intValue) }
        case let decimal as Decimal: self = .decimal(decimal)
        case let json as JSONNumber: self = json.value
        case let integer as any BinaryInteger:
            guard let exact = Int(exactly: integer) else { return nil }
            self = .integer(exact)
        case let floating as any BinaryFloatingPoint: self = .floating(Double(floating))
        default: return nil
        }
    }

    /// Parses `-12`, `3.25`, `1378767519.18176508`, `1e3`; rejects anything else, including
    /// empty text, spaces, `inf`, `nan`, hexadecimal and a trailing `.`.
    init?(parsing text: some StringProtocol) {
        guard Self.isNumberSyntax(text.utf8) else { return nil }
        let isIntegral = !text.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") })
        if isIntegral, let integer = Int(text) {
            self = .integer(integer)
        } else if let double = Double(text), double.isFinite {
            self = .floating(double)
        } else {
            return nil
        }
    }

    /// Whether the text matches `[+-]?digits(.digits)?([eE][+-]?digits)?`.
    static func isNumberSyntax(_ bytes: some Collection<UInt8>) -> Bool {
        var index = bytes.startIndex
        func digits() -> Int {
            var count = 0
            while index != bytes.endIndex, bytes[index] &- 48 < 10 {
                count += 1
                index = bytes.index(after: index)
            }
            return count
        }
        func take(_ byte: UInt8) -> Bool {
            guard index != bytes.endIndex, bytes[index] == byte else { return false }
            index = bytes.index(after: index)
            return true
        }
        if !take(UInt8(ascii: "-")) { _ = take(UInt8(ascii: "+")) }
        guard digits() > 0 else { return false }
        if take(UInt8(ascii: ".")), digits() == 0 { return false }
        if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
            if !take(UInt8(ascii: "-")) { _ = take(UInt8(ascii: "+")) }
            guard digits() > 0 else { return false }
        }
        return index == bytes.endIndex
    }

    private static let booleanNumberType: AnyClass = type(of: NSNumber(value: true))

    /// Whether an `NSNumber` is really a Boolean (`true` in JSON).
    static func isBoolean(_ number: NSNumber) -> Bool {
        type(of: number) == booleanNumberType
    }

    var doubleValue: Double {
        switch self {
        case .integer(let value): Double(value)
        case .floating(let value): value
        case .decimal(let value): NSDecimalNumber(decimal: value).doubleValue
        }
    }

    var decimalValue: Decimal {
        switch self {
        case .integer(let value): Decimal(value)
        case .floating(let value): Decimal(string: Self.shortest(value), locale: Locale(identifier: "en_US_POSIX")) ?? Decimal(value)
        case .decimal(let value): value
        }
    }

    /// Locale-independent text: `42`, `3.25`, `1378767519.1817651` (shortest round-trip form).
    var description: String {
        switch self {
        case .integer(let value): String(value)
        case .floating(let value): Self.shortest(value)
        case .decimal(let value): value.description
        }
    }

    private static func shortest(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }

    /// The number as an instance of `type`, or nil when the type is not numeric or the number
    /// does not fit it exactly (3.5 as an `Int`, 300 as an `Int8`).
    func converted(to type: Any.Type) -> Any? {
        if type == Decimal.self { return decimalValue }
        if type is NSDecimalNumber.Type { return NSDecimalNumber(decimal: decimalValue) }
        if type is NSNumber.Type {
            if case .integer(let value) = self { return NSNumber(value: value) }
            return NSNumber(value: doubleValue)
        }
        if let integerType = type as? any BinaryInteger.Type {
            switch self {
            case .integer(let value): return integerType.init(exactly: value)
            case .floating(let value): return integerType.init(exactly: value)
            case .decimal(let value):
                guard let integer = Int(exactly: NSDecimalNumber(decimal: value).doubleValue),
                    Decimal(integer) == value
                else { return nil }
                return integerType.init(exactly: integer)
            }
        }
        if let floatingType = type as? any BinaryFloatingPoint.Type {
            return floatingType.init(doubleValue)
        }
        return nil
    }

    /// Whether `type` is one `converted(to:)` can produce.
    static func isNumericType(_ type: Any.Type) -> Bool {
        type == Decimal.self || type is NSNumber.Type
            || type is any BinaryInteger.Type || type is any BinaryFloatingPoint.Type
    }
}

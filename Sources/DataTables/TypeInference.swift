import CivilTime
import Foundation
import ValueTransformers

/// What a text value of a CSV or JSON source is, and the column type that fits all of a
/// column's values.
///
/// - An empty text is null and does not vote.
/// - integer: an optional `-` and digits that fit Int64, without a leading zero unless the
///   number is `0`, so that `01234` (a postcode) stays text.
/// - real: a number as JSON writes it, with a fraction and/or an exponent (`1.5`, `-2e3`,
///   `0.25E-2`; not `.5`, `1.`, `nan`, `inf` or hex), that a Double holds (`holds`: finite,
///   not 0 for `1e-400`, the same to its first 17 significant digits). A number no integer
///   or Double holds stays text, and its column says so (`ColumnInference.unheld`).
/// - boolean: `true` or `false` in any case (not `0`/`1`, `yes`/`no`).
/// - date: ISO 8601 `YYYY-MM-DD`, or a `date_formats` pattern without a time.
/// - dateTime: ISO 8601 with a time, or a pattern with a time; a text without a zone is read
///   in `timeZone`.
/// - text: anything else.
///
/// A column's type is the narrowest that every non-null value fits, tried in that order;
/// integers and reals together make real, any other mix makes text, and a column of nulls
/// is text. A declared type is read more leniently: `007` is the integer 7, an integer is a
/// real, and a date alone is a date-time at midnight in `timeZone`.
public struct TypeInference: Sendable {
    public let timeZone: TimeZone
    private let patterns: [DatePattern]
    private let iso = ISO8601DateParser()

    /// Throws when a date format is not a pattern `DatePattern` reads.
    public init(dateFormats: [String] = [], timeZone: TimeZone = .gmt) throws(DateTextError) {
        var patterns: [DatePattern] = []
        for format in dateFormats { patterns.append(try DatePattern(format)) }
        self.patterns = patterns
        self.timeZone = timeZone
    }

    /// The types a value fits.
    struct Fits: OptionSet {
        let rawValue: UInt8
        static let integer = Fits(rawValue: 1)
        static let real = Fits(rawValue: 2)
        static let boolean = Fits(rawValue: 4)
        static let date = Fits(rawValue: 8)
        static let dateTime = Fits(rawValue: 16)
        static let text = Fits(rawValue: 32)
        static let all: Fits = [.integer, .real, .boolean, .date, .dateTime, .text]

        /// The narrowest type in the set.
        var narrowest: ColumnType {
            if contains(.integer) { return .integer }
            if contains(.real) { return .real }
            if contains(.boolean) { return .boolean }
            if contains(.date) { return .date }
            if contains(.dateTime) { return .dateTime }
            return .text
        }
    }

    /// The types among `candidates` that the non-empty `text` fits (text always). Looks only
    /// for the candidates, so that a column already known to be text costs nothing more.
    func fits(_ text: UnsafeBufferPointer<UInt8>, among candidates: Fits) -> Fits {
        var fits: Fits = .text
        if !candidates.isDisjoint(with: [.integer, .real]) {
            switch Self.numberShape(text) {
            case .integer(leadingZero: false):
                if Self.integer(text) != nil { fits.formUnion([.integer, .real]) }
            case .real(leadingZero: false, let mayNotHold):
                if !mayNotHold || Self.real(text) != nil { fits.insert(.real) }
            default: break
            }
        }
        if candidates.contains(.boolean), Self.boolean(text) != nil { fits.insert(.boolean) }
        if !candidates.isDisjoint(with: [.date, .dateTime]), let written = writtenDate(text) {
            fits.insert(written.hasTime ? .dateTime : .date)
        }
        return fits
    }

    /// `text` as a value of `type`, or nil when it is not one; an empty text is null.
    func value(_ text: UnsafeBufferPointer<UInt8>, as type: ColumnType) -> TableValue? {
        if text.isEmpty { return .null }
        switch type {
        case .integer:
            guard case .integer = Self.numberShape(text), let value = Self.integer(text) else { return nil }
            return .integer(value)
        case .real:
            guard Self.numberShape(text) != nil, let value = Self.real(text, rounded: true) else { return nil }
            return .real(value)
        case .boolean:
            return Self.boolean(text).map(TableValue.boolean)
        case .date:
            guard let written = writtenDate(text), !written.hasTime else { return nil }
            return .date(written.calendarDate)
        case .dateTime:
            return writtenDate(text).map { .dateTime($0.date(zoneless: .timeZone(timeZone))) }
        case .text:
            return .text(String(decoding: text, as: UTF8.self))
        }
    }

    /// The formats a date column reads, for messages: "ISO 8601, dd.MM.yyyy".
    var dateFormatNames: String {
        ([iso.name] + patterns.map(\.name)).joined(separator: ", ")
    }

    /// The text as a date by ISO 8601, then by each pattern in order.
    private func writtenDate(_ bytes: UnsafeBufferPointer<UInt8>) -> WrittenDate? {
        if let date = Self.isoDate(bytes) {
            return WrittenDate(year: date.year, month: date.month, day: date.day, hasTime: false)
        }
        if let written = Self.isoDateTime(bytes) { return written }
        // Short-cut the common case of a value no date format reads: it saves making a String.
        if patterns.isEmpty, !Self.looksLikeISODate(bytes) { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        if let written = try? iso.parse(text) { return written }
        for pattern in patterns {
            if let written = try? pattern.parse(text) { return written }
        }
        return nil
    }

    /// The date of a `YYYY-MM-DD` text of a day that exists, read without making a string:
    /// what ISO 8601 reads it as, and the text `CalendarDate.description` writes for it.
    static func isoDate(_ field: UnsafeBufferPointer<UInt8>) -> CalendarDate? {
        guard field.count == 10, field[4] == UInt8(ascii: "-"), field[7] == UInt8(ascii: "-") else { return nil }
        let number = { (range: Range<Int>) in fixedDigits(field, range) }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        return CalendarDate(year: year, month: month, day: day)
    }

    /// `YYYY-MM-DDTHH:MM:SS` (`T`, `t` or a space between), zoneless or with `Z`, of fields in
    /// range, read without making a string: what ISO 8601 reads it as. Nil for anything else,
    /// which the parser then reads.
    static func isoDateTime(_ field: UnsafeBufferPointer<UInt8>) -> WrittenDate? {
        guard field.count == 19 || field.count == 20 && field[19] | 0x20 == UInt8(ascii: "z"),
            field[4] == UInt8(ascii: "-"), field[7] == UInt8(ascii: "-"),
            field[10] == UInt8(ascii: "T") || field[10] == UInt8(ascii: "t") || field[10] == UInt8(ascii: " "),
            field[13] == UInt8(ascii: ":"), field[16] == UInt8(ascii: ":")
        else { return nil }
        let number = { (range: Range<Int>) in fixedDigits(field, range) }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19)
        else { return nil }
        return WrittenDate(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second,
            utcOffset: field.count == 20 ? 0 : nil)
    }

    /// The number the ASCII digits of `field[range]` write; nil when one is not a digit.
    private static func fixedDigits(_ field: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        var value = 0
        for index in range {
            let digit = field[index] &- 48
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        return value
    }

    private static func looksLikeISODate(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count >= 10 && bytes[4] == UInt8(ascii: "-") && bytes[0..<4].allSatisfy { $0 &- 48 < 10 }
    }

    /// What a number text looks like by the JSON number grammar, leading zeros allowed.
    enum NumberShape: Equatable {
        case integer(leadingZero: Bool)
        /// `mayNotHold`: an exponent or more than 15 digits, so that a Double may not hold
        /// the number (`holds`).
        case real(leadingZero: Bool, mayNotHold: Bool)
    }

    static func numberShape(_ text: UnsafeBufferPointer<UInt8>) -> NumberShape? {
        var index = 0
        let count = text.count
        func digits() -> Int {
            let start = index
            while index < count, text[index] &- 48 < 10 { index += 1 }
            return index - start
        }
        if index < count, text[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        let integerDigits = digits()
        guard integerDigits > 0 else { return nil }
        let leadingZero = integerDigits > 1 && text[integerStart] == UInt8(ascii: "0")
        var isReal = false
        var hasExponent = false
        var fractionDigits = 0
        if index < count, text[index] == UInt8(ascii: ".") {
            index += 1
            fractionDigits = digits()
            guard fractionDigits > 0 else { return nil }
            isReal = true
        }
        if index < count, text[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { return nil }
            isReal = true
            hasExponent = true
        }
        guard index == count else { return nil }
        guard isReal else { return .integer(leadingZero: leadingZero) }
        return .real(leadingZero: leadingZero, mayNotHold: hasExponent || integerDigits + fractionDigits > 15)
    }

    /// Whether `text` is written as a number (an integer or a real without a leading zero).
    static func isNumber(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        switch numberShape(text) {
        case .integer(leadingZero: false), .real(leadingZero: false, _): true
        default: false
        }
    }

    /// An integer text (already checked by `numberShape`) as Int64; nil when it does not fit.
    static func integer(_ text: UnsafeBufferPointer<UInt8>) -> Int64? {
        let negative = text[0] == UInt8(ascii: "-")
        var value: Int64 = 0
        for byte in text[(negative ? 1 : 0)...] {
            let digit = Int64(byte &- 48)
            // Accumulate negatively: Int64.min has no positive counterpart.
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = times10.subtractingReportingOverflow(digit)
            if overflow1 || overflow2 { return nil }
            value = next
        }
        if negative { return value }
        return value == .min ? nil : -value
    }

    /// A number text (already checked by `numberShape`) as a finite Double.
    /// Nil when a Double does not hold the number (`holds`): such a text stays text, unless
    /// its column is declared a real (`rounded`), which takes the nearest finite Double.
    static func real(_ text: UnsafeBufferPointer<UInt8>, rounded: Bool = false) -> Double? {
        if let value = plainReal(text) { return value }
        guard let value = Double(String(decoding: text, as: UTF8.self)), value.isFinite, rounded || holds(value, text) else { return nil }
        return value
    }

    /// A number text without an exponent (already checked by `numberShape`) of at most 15
    /// digits and 22 decimals, without making a string: its digits and the power of ten are
    /// both exact Doubles, so one division rounds as `strtod` does (Clinger's fast path).
    /// Nil for any other text.
    static func plainReal(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = 0
        let negative = text.first == UInt8(ascii: "-")
        if negative { index = 1 }
        var digits: Int64 = 0
        var digitCount = 0
        var decimals = 0
        var afterPoint = false
        while index < text.count {
            let byte = text[index]
            let digit = byte &- 48
            if digit < 10 {
                digits = digits &* 10 &+ Int64(digit)
                digitCount += 1
                if afterPoint { decimals += 1 }
            } else if byte == UInt8(ascii: "."), !afterPoint {
                afterPoint = true
            } else {
                return nil
            }
            index += 1
        }
        guard digitCount > 0, digitCount <= 15, decimals < powersOfTen.count else { return nil }
        let value = Double(digits) / powersOfTen[decimals]
        return negative ? -value : value
    }

    /// 10⁰ … 10²², every one exact as a Double.
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
        1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    static func boolean(_ text: UnsafeBufferPointer<UInt8>) -> Bool? {
        func matches(_ word: StaticString) -> Bool {
            word.utf8CodeUnitCount == text.count
                && zip(UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount), text).allSatisfy { $0 == $1 | 0x20 }
        }
        if matches("true") { return true }
        if matches("false") { return false }
        return nil
    }
}

/// The inferred type of one column so far: the types every value seen fits, and the markers
/// of missing values seen (`MissingValues`), which do not vote.
struct ColumnInference {
    private(set) var fits = TypeInference.Fits.all
    private var sawValue = false
    private(set) var markers = MarkerTally()
    /// Numbers no integer or Double holds (`TypeInference.holds`), which make the column text.
    private(set) var unheld = MarkerTally.Found()

    /// The types a marker of a missing value may stand among.
    private static let nullable: TypeInference.Fits = [.integer, .real, .date, .dateTime]

    mutating func add(_ field: UnsafeBufferPointer<UInt8>, _ inference: TypeInference, _ missing: MissingValues) {
        if missing.isDeclared(field) {
            markers.declared.note(field)
            return
        }
        if fits == .text {
            sawValue = true
            return
        }
        let found = inference.fits(field, among: fits)
        // A marker among numbers or dates does not vote; if the column turns out anything
        // else, `type` makes it text after all.
        if found.isDisjoint(with: Self.nullable), !fits.isDisjoint(with: Self.nullable), missing.isStandard(field) {
            markers.standard.note(field)
            return
        }
        sawValue = true
        if found.isDisjoint(with: Self.numbers), !fits.isDisjoint(with: Self.numbers), TypeInference.isNumber(field) { unheld.note(field) }
        fits.formIntersection(found)
    }

    private static let numbers: TypeInference.Fits = [.integer, .real]

    /// Notes a number no integer or Double holds (a JSON number's text).
    mutating func addUnheld(_ text: String) {
        var text = text
        text.withUTF8 { unheld.note($0) }
        add(.text)
    }

    /// The warning for a column of `type` that unheld numbers made text; nil when there were
    /// none, or the column is of another type (declared: its values were read rounded).
    func unheldWarning(column: String, type: ColumnType, firstAt jsonPath: String? = nil) -> TableProblem? {
        guard unheld.count > 0, type == .text else { return nil }
        return TableProblem(
            "the number \(unheld.texts[0]) cannot be held exactly as a number (an integer beyond 64 bits, "
                + "or more digits or a smaller or larger "
                + "exponent than a double keeps), so the column is text and shows them as written; declare the column's type `real` "
                + "to read them rounded", column: column, jsonPath: jsonPath)
    }

    /// Adds a value that fits `fits`; nil is a null, which does not vote.
    mutating func add(_ fits: TypeInference.Fits?) {
        guard let fits else { return }
        sawValue = true
        self.fits.formIntersection(fits)
    }

    /// Notes a marker of a missing value instead of adding a value: `declared` when the
    /// source declares it.
    mutating func addMarker(_ field: UnsafeBufferPointer<UInt8>, declared: Bool) {
        if declared { markers.declared.note(field) } else { markers.standard.note(field) }
    }

    /// The type every value fits. Standard markers seen make a column text unless its values
    /// are numbers or dates: only there are they missing values.
    var type: ColumnType {
        let type = sawValue ? fits.narrowest : .text
        if markers.standard.count > 0, !MissingValues.nullsStandardMarkers(type) { return .text }
        return type
    }

    /// Adds the values another part of the column saw.
    mutating func merge(_ other: ColumnInference) {
        sawValue = sawValue || other.sawValue
        fits.formIntersection(other.fits)
        markers.merge(other.markers)
        unheld.merge(other.unheld)
    }
}

extension ColumnType {
    /// "an integer", "a date (ISO 8601, dd.MM.yyyy)": what a value of this type is, in a message.
    func noun(_ inference: TypeInference) -> String {
        switch self {
        case .integer: "an integer"
        case .real: "a number"
        case .boolean: "a Boolean (true or false)"
        case .date: "a date (\(inference.dateFormatNames))"
        case .dateTime: "a date and time (\(inference.dateFormatNames))"
        case .text: "text"
        }
    }
}

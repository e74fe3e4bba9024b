import CivilTime
import Foundation

/// Reads dates written in one textual format into their fields, and writes dates in it.
/// `ISO8601DateParser`, `HTTPDateParser` and `DatePattern` are the built-in ones; wrap any of
/// them in a `DateTransformer` to use it as a value transformer.
public protocol DateTextParser: Sendable {
    /// The format's name for people: "ISO 8601", "RFC 1123", "dd.MM.yyyy".
    var name: String { get }
    /// The fields as written, or why the text is not a date in this format.
    func parse(_ text: String) throws(DateTextError) -> WrittenDate
    /// `date` written in this format, in UTC unless the format says otherwise.
    func format(_ date: Date) -> String
}

/// Why a text is not a date in a given format, e.g. "February 1990 has no day 30".
public struct DateTextError: Error, Sendable, Equatable, CustomStringConvertible {
    public let reason: String
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }

    static func invalidDay(_ day: Int, month: Int, year: Int) -> DateTextError {
        guard (1...12).contains(month) else { return DateTextError("month \(month) does not exist") }
        return DateTextError("\(EnglishNames.monthNames[month - 1]) \(year) has no day \(day)")
    }

    /// The most precise reason why these fields do not make a date and time.
    static func invalidFields(
        year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, utcOffset: Int?
    ) -> DateTextError {
        if CalendarDate(year: year, month: month, day: day) == nil { return invalidDay(day, month: month, year: year) }
        if hour > 23 { return DateTextError("hour \(hour) does not exist") }
        if minute > 59 { return DateTextError("minute \(minute) does not exist") }
        if second > 59 { return DateTextError("second \(second) does not exist") }
        if let utcOffset, abs(utcOffset) >= 86_400 { return DateTextError("the UTC offset is out of range") }
        return DateTextError("not a valid date")
    }
}

/// A cursor over the UTF-8 bytes of a date text, shared by the hand-written parsers.
struct DateScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    var isAtEnd: Bool { index == bytes.count }
    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func take(_ byte: UInt8) -> Bool {
        guard current == byte else { return false }
        index += 1
        return true
    }

    /// Exactly `count` decimal digits as a number, or nil (without moving).
    mutating func digits(_ count: Int) -> Int? {
        guard count <= 18, index + count <= bytes.count else { return nil }
        var value = 0
        for offset in 0..<count {
            let digit = bytes[index + offset] &- 48
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        index += count
        return value
    }

    /// One to `maximum` digits: (value, how many).
    mutating func digits(upTo maximum: Int) -> (value: Int, count: Int)? {
        var value = 0
        var count = 0
        while count < maximum, let byte = current, byte &- 48 < 10 {
            value = value * 10 + Int(byte &- 48)
            count += 1
            index += 1
        }
        return count == 0 ? nil : (value, count)
    }

    /// Letters (ASCII) as a lower-cased string.
    mutating func word() -> String {
        var word = ""
        while let byte = current, (byte | 0x20) >= UInt8(ascii: "a"), (byte | 0x20) <= UInt8(ascii: "z") {
            word.unicodeScalars.append(Unicode.Scalar(byte | 0x20))
            index += 1
        }
        return word
    }

    /// The rest of the text, for messages.
    var rest: String { String(decoding: UnsafeBufferPointer(rebasing: bytes[index...]), as: UTF8.self) }
}

extension String {
    /// Runs `body` over the string's UTF-8 bytes, copying only when the storage is not contiguous.
    func withUTF8Bytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws(DateTextError) -> R) throws(DateTextError) -> R {
        var copy = self
        let result: Result<R, DateTextError> = copy.withUTF8 { buffer in
            do throws(DateTextError) { return .success(try body(buffer)) } catch { return .failure(error) }
        }
        return try result.get()
    }
}

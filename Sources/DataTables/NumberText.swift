import Foundation

/// Numbers as a database server writes them in its text results (PostgreSQL's, MySQL's),
/// read in place from the client library's buffer.
public enum NumberText {
    /// `-12` → -12, without making a string; nil for anything but an optional minus and up to
    /// 19 digits that fit in 64 bits.
    public static func integer(_ text: UnsafeBufferPointer<UInt8>) -> Int64? {
        var index = 0
        let negative = text.first == UInt8(ascii: "-")
        if negative { index = 1 }
        guard index < text.count, text.count - index <= 19 else { return nil }
        // Summed as a negative number: -9223372036854775808 has no positive twin.
        var value: Int64 = 0
        while index < text.count {
            let digit = text[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.subtractingReportingOverflow(Int64(digit))
            guard !overflow, !overflow2 else { return nil }
            value = sum
            index += 1
        }
        if negative { return value }
        return value == .min ? nil : -value
    }

    /// The nearest double of a number the server wrote (`1.5`, `-2e+30`, `Infinity`, `NaN`,
    /// `18446744073709551615`): the text is NUL-terminated, so `strtod` reads it in place.
    public static func real(_ text: UnsafeBufferPointer<UInt8>) -> Double {
        guard let base = text.baseAddress, !text.isEmpty else { return .nan }
        return base.withMemoryRebound(to: CChar.self, capacity: text.count + 1) { strtod($0, nil) }
    }
}

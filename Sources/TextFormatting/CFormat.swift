import CNumberFormat

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `printf`'s fixed-point numbers, called directly: the same digits as Foundation's
/// `String(format: "%.6f", …)` (which hands doubles to the C library too), without building
/// a format object per number. Used where numbers are written for every event of every page.
public enum CFormat {
    /// `value` with exactly `decimals` digits after the point, rounded as `printf` rounds
    /// (the exact binary value, ties to even): `fixed(2.5, decimals: 0)` is "2".
    public static func fixed(_ value: Double, decimals: Int) -> String {
        let text = withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer -> String? in
            let written = Int(ttsite_format_fixed(buffer.baseAddress!, buffer.count, Int32(decimals), value))
            guard written >= 0, written < buffer.count else { return nil }
            return String(decoding: UnsafeRawBufferPointer(start: buffer.baseAddress!, count: written), as: UTF8.self)
        }
        if let text { return text }
        // Longer numbers (|value| ≥ 1e47, or many decimals): the length `snprintf` said, and a NUL.
        let length = Int(ttsite_format_fixed(nil, 0, Int32(decimals), value))
        return String(unsafeUninitializedCapacity: length + 1) { bytes in
            bytes.withMemoryRebound(to: CChar.self) { Int(ttsite_format_fixed($0.baseAddress!, $0.count, Int32(decimals), value)) }
        }
    }

    /// `value` with at least `width` digits, zeros in front: `padded(7, 2)` is "07".
    public static func padded(_ value: Int, _ width: Int) -> String {
        // Written straight into the string's bytes: every date a page shows is made of these.
        let count = paddedCount(value, width)
        return String(unsafeUninitializedCapacity: count) { writePadded(value, into: $0) }
    }

    /// Appends `padded(value, width)`'s bytes, without making the string: a table loaded into
    /// SQLite writes the digits of every date and time it holds.
    public static func appendPadded(_ value: Int, _ width: Int, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        var divisor: UInt = 1
        var digits = 1
        while divisor <= magnitude / 10 {
            divisor *= 10
            digits += 1
        }
        for _ in digits..<Swift.max(width, digits) { bytes.append(48) }
        while divisor > 0 {
            bytes.append(UInt8(48 + magnitude / divisor % 10))
            divisor /= 10
        }
    }

    /// How many bytes `padded(value, width)` has: the sign, and the digits or `width`.
    private static func paddedCount(_ value: Int, _ width: Int) -> Int {
        var digits = 1
        var rest = value.magnitude / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        return (value < 0 ? 1 : 0) + Swift.max(width, digits)
    }

    /// Fills `buffer` (`paddedCount` bytes) with `value`'s digits from the right, zeros before
    /// them, and a minus sign first for a negative value; returns its count.
    private static func writePadded(_ value: Int, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        let sign = value < 0 ? 1 : 0
        var index = buffer.count
        var rest = value.magnitude
        repeat {
            index -= 1
            buffer[index] = UInt8(48 + rest % 10)
            rest /= 10
        } while rest > 0
        while index > sign {
            index -= 1
            buffer[index] = 48
        }
        if sign == 1 { buffer[0] = UInt8(ascii: "-") }
        return buffer.count
    }
}

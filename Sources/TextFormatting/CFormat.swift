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
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 400) { buffer in
            let written = withVaList([Int32(decimals), value]) { arguments in
                vsnprintf(buffer.baseAddress!, buffer.count, "%.*f", arguments)
            }
            guard written >= 0, Int(written) < buffer.count else {
                return fallback(value, decimals: decimals)
            }
            return String(decoding: UnsafeRawBufferPointer(start: buffer.baseAddress!, count: Int(written)), as: UTF8.self)
        }
    }

    /// Numbers too long for the buffer (|value| ≥ 1e390 cannot be; kept for safety).
    private static func fallback(_ value: Double, decimals: Int) -> String {
        var size = 1024
        while true {
            let text = [CChar](unsafeUninitializedCapacity: size) { buffer, count in
                let written = withVaList([Int32(decimals), value]) { vsnprintf(buffer.baseAddress!, size, "%.*f", $0) }
                count = Int(written) < size ? Int(written) : 0
            }
            if !text.isEmpty { return String(decoding: text.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
            size *= 4
        }
    }

    /// `value` with at least `width` digits, zeros in front: `padded(7, 2)` is "07".
    public static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value.magnitude)
        let zeros = String(repeating: "0", count: Swift.max(0, width - digits.count))
        return (value < 0 ? "-" : "") + zeros + digits
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension StringProtocol {
    /// Whether `needle` occurs in `self`, compared byte for byte in UTF-8 (no Unicode
    /// equivalence, no locale). For scans of page text: on Linux, `contains(_:)` with a string
    /// goes through Foundation's NSString and costs a hundred times more.
    public func containsUTF8(_ needle: String) -> Bool {
        var needle = needle
        return needle.withUTF8 { key in
            guard !key.isEmpty else { return true }
            if let found = utf8.withContiguousStorageIfAvailable({ UTF8Search.contains(UnsafeRawBufferPointer($0), key) }) {
                return found
            }
            return Array(utf8).withUnsafeBytes { UTF8Search.contains($0, key) }
        }
    }
}

/// A byte search with the C library's `memchr` and `memcmp` (glibc's `memmem` is not in the
/// Swift module).
enum UTF8Search {
    static func contains(_ text: UnsafeRawBufferPointer, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        guard key.count <= text.count, let base = text.baseAddress, let keyBase = key.baseAddress else { return key.isEmpty }
        let first = Int32(key[0])
        var offset = 0
        let last = text.count - key.count
        while offset <= last {
            guard let hit = memchr(base + offset, first, last - offset + 1) else { return false }
            let at = base.distance(to: UnsafeRawPointer(hit))
            if memcmp(base + at, keyBase, key.count) == 0 { return true }
            offset = at + 1
        }
        return false
    }
}

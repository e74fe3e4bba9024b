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
public enum UTF8Search {
    static func contains(_ text: UnsafeRawBufferPointer, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        offset(of: key, in: text, from: 0) != nil
    }

    /// Where `needle` first occurs in `text` at or after byte `start`, in bytes from the start.
    public static func offset(of needle: StaticString, in text: UnsafeRawBufferPointer, from start: Int = 0) -> Int? {
        needle.withUTF8Buffer { offset(of: $0, in: text, from: start) }
    }

    /// Where the bytes `key` first occur in `text` at or after byte `start`.
    public static func offset(of key: UnsafeBufferPointer<UInt8>, in text: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard !key.isEmpty else { return start <= text.count ? start : nil }
        guard start >= 0, key.count <= text.count - start, let base = text.baseAddress, let keyBase = key.baseAddress else { return nil }
        let first = Int32(key[0])
        var offset = start
        let last = text.count - key.count
        while offset <= last {
            guard let hit = memchr(base + offset, first, last - offset + 1) else { return nil }
            let at = base.distance(to: UnsafeRawPointer(hit))
            if memcmp(base + at, keyBase, key.count) == 0 { return at }
            offset = at + 1
        }
        return nil
    }
}

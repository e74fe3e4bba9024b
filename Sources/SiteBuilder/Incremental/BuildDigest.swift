import Crypto
import Foundation
import TemplateEngine

/// A SHA-256 digest of what a build read: the key under which an earlier build's work is
/// reused. Two equal digests mean equal inputs; anything that cannot be read or told apart
/// gives a digest of its own, so the build does the work again.
struct BuildDigest: Hashable, Sendable, CustomStringConvertible {
    /// 64 lower-case hexadecimal digits.
    let hex: String

    init(hex: String) { self.hex = hex }

    /// The digest of `parts` fed to a `BuildHasher` one after the other.
    init(_ add: (inout BuildHasher) -> Void) {
        var hasher = BuildHasher()
        add(&hasher)
        self = hasher.finish()
    }

    var description: String { hex }
}

/// Feeds values to SHA-256, each with its kind and length first, so that no two different
/// sequences of values give the same stream of bytes ("ab", "c" is not "a", "bc").
struct BuildHasher {
    private var sha = SHA256()
    /// Small values are gathered here and given to SHA-256 in one call.
    private var pending: [UInt8] = []

    init() { pending.reserveCapacity(4096) }

    mutating func add(_ text: String) {
        let added: Void? = text.utf8.withContiguousStorageIfAvailable { add(tag: 1, bytes: UnsafeRawBufferPointer($0)) }
        if added == nil {
            var text = text
            text.withUTF8 { add(tag: 1, bytes: UnsafeRawBufferPointer($0)) }
        }
    }

    mutating func add(_ data: Data) {
        data.withUnsafeBytes { add(tag: 2, bytes: $0) }
    }

    mutating func add(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { add(tag: 2, bytes: $0) }
    }

    mutating func add(_ number: Int) {
        pending.append(3)
        append(UInt64(bitPattern: Int64(number)))
    }

    mutating func add(_ flag: Bool) {
        pending.append(flag ? 5 : 4)
    }

    mutating func add(_ digest: BuildDigest) {
        add(digest.hex)
    }

    /// The value itself, not its text: every list and map in order, a map's keys sorted.
    mutating func add(_ value: TemplateValue) {
        switch value {
        case .string(let text): add(text)
        case .int(let number): add(number)
        case .double(let number):
            pending.append(6)
            append(number.bitPattern)
        case .bool(let flag): add(flag)
        case .null: pending.append(7)
        case .list(let items):
            pending.append(8)
            append(UInt64(items.count))
            for item in items { add(item) }
        case .map(let values):
            pending.append(9)
            append(UInt64(values.count))
            for (key, value) in values.sorted(by: { $0.key < $1.key }) {
                add(key)
                add(value)
            }
        }
    }

    func finish() -> BuildDigest {
        var sha = sha
        if !pending.isEmpty { sha.update(data: pending) }
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(64)
        for byte in sha.finalize() {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 15)])
        }
        return BuildDigest(hex: String(decoding: hex, as: UTF8.self))
    }

    private mutating func add(tag: UInt8, bytes: UnsafeRawBufferPointer) {
        pending.append(tag)
        append(UInt64(bytes.count))
        if bytes.count > 1024 {
            flush()
            sha.update(bufferPointer: bytes)
        } else {
            pending.append(contentsOf: bytes)
            if pending.count >= 4096 { flush() }
        }
    }

    private mutating func append(_ word: UInt64) {
        withUnsafeBytes(of: word.littleEndian) { pending.append(contentsOf: $0) }
    }

    private mutating func flush() {
        sha.update(data: pending)
        pending.removeAll(keepingCapacity: true)
    }
}

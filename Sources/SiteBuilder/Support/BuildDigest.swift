import Crypto
import Foundation
import TemplateEngine

/// A SHA-256 digest of what a build read: the key under which an earlier build's work is
/// reused. Two equal digests mean equal inputs; anything that cannot be read or told apart
/// gives a digest of its own, so the build does the work again.
struct BuildDigest: Hashable, Sendable, CustomStringConvertible {
    /// The 32 bytes, as four words: a record of 200,000 pages held 200,000 strings of hex.
    private let words: (UInt64, UInt64, UInt64, UInt64)
    /// False for a digest read from text that is not 64 hexadecimal digits: it equals no
    /// digest a build makes.
    private let isValid: Bool

    /// From 64 hexadecimal digits (either case).
    init(hex: String) {
        var words: [UInt64] = [0, 0, 0, 0]
        var valid = hex.utf8.count == 64
        if valid {
            for (index, byte) in hex.utf8.enumerated() {
                let nibble: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = byte - UInt8(ascii: "A") + 10
                default:
                    valid = false
                    nibble = 0
                }
                words[index / 16] = words[index / 16] << 4 | UInt64(nibble)
            }
        }
        self.words = valid ? (words[0], words[1], words[2], words[3]) : (0, 0, 0, 0)
        isValid = valid
    }

    init(bytes: some Sequence<UInt8>) {
        var words: [UInt64] = [0, 0, 0, 0]
        for (index, byte) in bytes.enumerated() where index < 32 {
            words[index / 8] = words[index / 8] << 8 | UInt64(byte)
        }
        self.words = (words[0], words[1], words[2], words[3])
        isValid = true
    }

    /// The digest of `parts` fed to a `BuildHasher` one after the other.
    init(_ add: (inout BuildHasher) -> Void) {
        var hasher = BuildHasher()
        add(&hasher)
        self = hasher.finish()
    }

    /// 64 lower-case hexadecimal digits; empty for a digest that was not valid.
    var hex: String {
        guard isValid else { return "" }
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for word in [words.0, words.1, words.2, words.3] {
            for shift in stride(from: 60, through: 0, by: -4) {
                text.append(digits[Int(word >> UInt64(shift) & 15)])
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    var description: String { hex }

    static func == (a: BuildDigest, b: BuildDigest) -> Bool {
        a.isValid == b.isValid && a.words == b.words
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(isValid)
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
        hasher.combine(words.3)
    }
}

/// Feeds values to SHA-256, each with its kind and length first, so that no two different
/// sequences of values give the same stream of bytes ("ab", "c" is not "a", "bc").
struct BuildHasher {
    private var sha = SHA256()
    /// Small values are gathered here, `filled` bytes of it, and given to SHA-256 in one
    /// call: copied in place, as a growing array's appends cost a hundred instructions each,
    /// several a value.
    private var pending = [UInt8](repeating: 0, count: BuildHasher.capacity)
    private var filled = 0
    private static let capacity = 4096
    /// Longer texts go to SHA-256 straight from their own storage.
    private static let largest = 1024

    init() {}

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
        appendByte(3)
        appendWord(UInt64(bitPattern: Int64(number)))
    }

    mutating func add(_ flag: Bool) {
        appendByte(flag ? 5 : 4)
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
            appendByte(6)
            appendWord(number.bitPattern)
        case .bool(let flag): add(flag)
        case .null: appendByte(7)
        case .list(let items):
            appendByte(8)
            appendWord(UInt64(items.count))
            for item in items { add(item) }
        case .map(let values):
            appendByte(9)
            appendWord(UInt64(values.count))
            for (key, value) in values.sorted(by: { $0.key < $1.key }) {
                add(key)
                add(value)
            }
        case .link(let path):
            // The path alone: the base it is written after is the page's, which its value
            // holds as `root`.
            appendByte(12)
            add(path)
        case .links(let text):
            // The paths alone: the base they are written after is the page's, which its
            // value holds as `root`.
            appendByte(10)
            appendWord(UInt64(text.pieces.count))
            for piece in text.pieces {
                switch piece {
                case .text(let text):
                    appendByte(11)
                    add(text)
                case .path(let path):
                    appendByte(12)
                    add(path)
                }
            }
        }
    }

    func finish() -> BuildDigest {
        var sha = sha
        if filled > 0 { pending.withUnsafeBytes { sha.update(bufferPointer: UnsafeRawBufferPointer(rebasing: $0[..<filled])) } }
        return BuildDigest(bytes: sha.finalize())
    }

    private mutating func add(tag: UInt8, bytes: UnsafeRawBufferPointer) {
        appendByte(tag)
        appendWord(UInt64(bytes.count))
        if bytes.count > Self.largest {
            flush()
            sha.update(bufferPointer: bytes)
        } else {
            appendBytes(bytes)
        }
    }

    private mutating func appendByte(_ byte: UInt8) {
        if filled == Self.capacity { flush() }
        pending[filled] = byte
        filled += 1
    }

    private mutating func appendWord(_ word: UInt64) {
        withUnsafeBytes(of: word.littleEndian) { appendBytes($0) }
    }

    /// Copies `bytes` (at most `capacity` of them) after the pending ones.
    private mutating func appendBytes(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress else { return }
        if filled + bytes.count > Self.capacity { flush() }
        let start = filled
        pending.withUnsafeMutableBytes { $0.baseAddress!.advanced(by: start).copyMemory(from: source, byteCount: bytes.count) }
        filled += bytes.count
    }

    private mutating func flush() {
        let count = filled
        pending.withUnsafeBytes { sha.update(bufferPointer: UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        filled = 0
    }
}

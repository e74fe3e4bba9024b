/// The records of a CSV text, one at a time, as spans of its bytes: RFC 4180 as Python's `csv`
/// module reads it (the default dialect, `strict=False`, a file opened with `newline=''`).
///
/// - A field that starts with `"` is quoted: it runs to the next lone `"`, `""` inside it is
///   one quote, and delimiters and line breaks (LF, CR, CRLF) inside it are kept as written.
/// - Text after the closing quote belongs to the field (`"ab"c` is `abc`), and a quote inside
///   an unquoted field is an ordinary character (`a"b` is `a"b`): Python reads them so.
/// - A record ends at LF, CR or CRLF, or at the end of the text; a blank line is no record
///   (Python gives an empty list for it).
/// - A quoted field still open at the end of the text is an error naming the line the quote
///   opened on (Python would take the rest of the file as the field).
///
/// Works on the bytes where they are: an unquoted field, or a quoted one without `""` or text
/// after its closing quote, is a span of the text; the others are copied into scratch bytes.
/// Lines are physical lines from 1, as an editor numbers them: a line break inside a quoted
/// field starts a new one.
struct CSVTokenizer {
    /// A field of the current record: `start..<end` in the text, or in the scratch bytes.
    struct Span {
        var start: Int
        var end: Int
        var inScratch: Bool
        /// Where the field starts in the text, for messages.
        var rawStart: Int
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    let delimiter: UInt8
    /// The whole text, also before where the tokenizer started.
    var text: UnsafeBufferPointer<UInt8> { bytes }
    /// The offset of the next byte to read.
    private(set) var position: Int
    /// The physical line `position` is on.
    private(set) var line = 1
    /// The line the current record starts on (counted from where the tokenizer started).
    private(set) var recordLine = 1
    /// The offset the current record starts at.
    private(set) var recordStart = 0
    /// `next` reads no record that starts at or after this offset.
    var limit = Int.max
    private(set) var fields: [Span] = []
    private var scratch: [UInt8] = []

    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
    private static let quote = UInt8(ascii: "\""), cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")

    /// A tokenizer of `bytes`, after a UTF-8 byte order mark if there is one.
    init(_ bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8) {
        self.bytes = bytes
        self.delimiter = delimiter
        position = bytes.starts(with: Self.byteOrderMark) ? 3 : 0
    }

    /// A tokenizer of `bytes` from `start` on, counting lines from there.
    init(_ bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8, from start: Int) {
        self.bytes = bytes
        self.delimiter = delimiter
        position = start
    }

    /// Reads the next record into `fields`; false at the end of the text.
    mutating func next() throws(TableProblem) -> Bool {
        fields.removeAll(keepingCapacity: true)
        scratch.removeAll(keepingCapacity: true)
        let count = bytes.count
        guard let base = bytes.baseAddress else { return false }
        while position < count {
            let byte = base[position]
            if byte == Self.lf {
                position += 1
            } else if byte == Self.cr {
                position += 1
                if position < count, base[position] == Self.lf { position += 1 }
            } else {
                break
            }
            line += 1
        }
        guard position < count, position < limit else { return false }
        recordLine = line
        recordStart = position
        while true {
            if position < count, base[position] == Self.quote {
                try readQuotedField(base, count)
            } else {
                let start = position
                while position < count {
                    let byte = base[position]
                    if byte == delimiter || byte == Self.lf || byte == Self.cr { break }
                    position += 1
                }
                fields.append(Span(start: start, end: position, inScratch: false, rawStart: start))
            }
            guard position < count else { return true }
            let byte = base[position]
            position += 1
            if byte == delimiter { continue }
            if byte == Self.cr, position < count, base[position] == Self.lf { position += 1 }
            line += 1
            return true
        }
    }

    /// From the opening quote to the end of the field; `position` is then on the delimiter,
    /// the line break or the end.
    private mutating func readQuotedField(_ base: UnsafePointer<UInt8>, _ count: Int) throws(TableProblem) {
        let openingLine = line
        let rawStart = position
        position += 1
        let start = position
        var segmentStart = start
        var scratchStart: Int?
        while true {
            while position < count {
                let byte = base[position]
                if byte == Self.quote { break }
                if byte == Self.lf || (byte == Self.cr && (position + 1 == count || base[position + 1] != Self.lf)) { line += 1 }
                position += 1
            }
            guard position < count else {
                throw TableProblem(
                    "the quote that opens field \(fields.count + 1) here is never closed "
                        + "(a quote inside a quoted field is written twice: \"\")",
                    line: openingLine
                )
            }
            if position + 1 < count, base[position + 1] == Self.quote {
                if scratchStart == nil { scratchStart = scratch.count }
                copy(base, segmentStart..<position + 1)
                position += 2
                segmentStart = position
                continue
            }
            let end = position
            position += 1
            if position == count || base[position] == delimiter || base[position] == Self.lf || base[position] == Self.cr {
                if let scratchStart {
                    copy(base, segmentStart..<end)
                    fields.append(Span(start: scratchStart, end: scratch.count, inScratch: true, rawStart: rawStart))
                } else {
                    fields.append(Span(start: start, end: end, inScratch: false, rawStart: rawStart))
                }
                return
            }
            // Text after the closing quote: Python keeps it, quotes and all, up to the delimiter.
            let first = scratchStart ?? scratch.count
            copy(base, segmentStart..<end)
            let tail = position
            while position < count {
                let byte = base[position]
                if byte == delimiter || byte == Self.lf || byte == Self.cr { break }
                position += 1
            }
            copy(base, tail..<position)
            fields.append(Span(start: first, end: scratch.count, inScratch: true, rawStart: rawStart))
            return
        }
    }

    private mutating func copy(_ base: UnsafePointer<UInt8>, _ range: Range<Int>) {
        scratch.append(contentsOf: UnsafeBufferPointer(start: base + range.lowerBound, count: range.count))
    }

    /// Calls `body` with the current record's fields.
    func withRecord<R>(_ body: (CSVRecord) throws -> R) rethrows -> R {
        try scratch.withUnsafeBufferPointer { scratch in
            try fields.withUnsafeBufferPointer { fields in
                try body(CSVRecord(text: bytes, scratch: scratch, spans: fields))
            }
        }
    }

    /// The physical line of the byte at `offset`, at or after the current record's start.
    func line(of offset: Int) -> Int {
        var line = recordLine
        var index = fields.first?.rawStart ?? offset
        while index < offset {
            let byte = bytes[index]
            if byte == Self.lf || (byte == Self.cr && (index + 1 == bytes.count || bytes[index + 1] != Self.lf)) { line += 1 }
            index += 1
        }
        return line
    }

    /// The index of the current record's field that holds the byte at `offset`.
    func field(holding offset: Int) -> Int {
        (fields.lastIndex { $0.rawStart <= offset } ?? 0)
    }
}

/// The fields of one record, valid while the tokenizer's `withRecord` runs.
struct CSVRecord {
    let text: UnsafeBufferPointer<UInt8>
    let scratch: UnsafeBufferPointer<UInt8>
    let spans: UnsafeBufferPointer<CSVTokenizer.Span>

    var count: Int { spans.count }

    subscript(index: Int) -> UnsafeBufferPointer<UInt8> {
        let span = spans[index]
        let source = span.inScratch ? scratch : text
        return UnsafeBufferPointer(rebasing: source[span.start..<span.end])
    }

    func string(_ index: Int) -> String { String(decoding: self[index], as: UTF8.self) }
}

extension CSVTokenizer {
    /// The first byte of `bytes` that is not text: a NUL, or a byte that is not valid UTF-8,
    /// with why. Checked once for the whole file, eight bytes at a time while they are ASCII,
    /// so that tokenizing never looks at a field's bytes again.
    static func firstUnreadableByte(in bytes: UnsafeBufferPointer<UInt8>) -> (offset: Int, reason: String)? {
        guard let base = bytes.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        let count = bytes.count
        var index = 0
        while index < count {
            if index + 8 <= count {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let highBits: UInt64 = 0x8080_8080_8080_8080
                let hasZero = (word &- 0x0101_0101_0101_0101) & ~word & highBits
                if (word | hasZero) & highBits == 0 {
                    index += 8
                    continue
                }
            }
            let byte = base[index]
            if byte == 0 {
                return (index, "a NUL byte (zero) in the text: a CSV file is text in UTF-8, and this looks like a binary file or UTF-16")
            }
            if byte < 0x80 {
                index += 1
                continue
            }
            let length = validSequenceLength(base + index, available: count - index)
            guard length > 0 else {
                if index == 0, count >= 2, [0xFE, 0xFF].contains(byte), byte ^ base[1] == 0x01 {
                    return (0, "the file starts with a UTF-16 byte order mark: save it as UTF-8")
                }
                let hex = String(byte, radix: 16, uppercase: true)
                return (index, "byte 0x\(hex) is not UTF-8: save the file as UTF-8 (it may be Latin-1 or Windows-1252)")
            }
            index += length
        }
        return nil
    }

    /// The length of the UTF-8 sequence at `start` (Unicode's table 3-7: no overlong forms,
    /// no surrogates, nothing above U+10FFFF), or 0 when it is not one.
    private static func validSequenceLength(_ start: UnsafePointer<UInt8>, available: Int) -> Int {
        let lead = start[0]
        let length: Int
        var second: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            second = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            second = 0x80...0x9F
        case 0xF0:
            length = 4
            second = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            second = 0x80...0x8F
        default: return 0
        }
        guard available >= length, second.contains(start[1]) else { return 0 }
        for offset in 2..<max(length, 2) where !(0x80...0xBF).contains(start[offset]) { return 0 }
        return length
    }
}

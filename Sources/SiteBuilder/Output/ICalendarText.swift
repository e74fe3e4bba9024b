/// The text of an iCalendar object (RFC 5545): content lines joined with CRLF, each folded
/// at 75 octets, with TEXT values escaped.
///
/// Only what ttsite writes is here: properties with optional parameters, TEXT escaping and
/// folding. Reading iCalendar is left to calendar apps (and to the tests' independent parser).
struct ICalendarText {
    /// The object so far: each line folded and ended by CRLF, the last one too (RFC 5545
    /// 3.1, 3.4). Bytes appended as lines are added: the calendar of 100,000 people is 30 MB,
    /// and its lines, their folded copies and the joined text were three times that.
    private(set) var bytes: [UInt8] = []

    /// A property whose value is written as it is (DATE, DATE-TIME, RECUR, URI, …).
    mutating func add(_ name: String, _ value: String, parameters: String = "") {
        var octets = 0
        Self.appendFolded(name, to: &bytes, octets: &octets)
        if !parameters.isEmpty {
            Self.appendFolded(";", to: &bytes, octets: &octets)
            Self.appendFolded(parameters, to: &bytes, octets: &octets)
        }
        Self.appendFolded(":", to: &bytes, octets: &octets)
        Self.appendFolded(value, to: &bytes, octets: &octets)
        bytes += [13, 10]
    }

    /// A property of value type TEXT (SUMMARY, UID, X-WR-CALNAME, …), escaped.
    mutating func addText(_ name: String, _ text: String) {
        add(name, Self.escaped(text))
    }

    /// `BEGIN:NAME`, the component's lines, `END:NAME`.
    mutating func component(_ name: String, _ body: (inout ICalendarText) -> Void) {
        add("BEGIN", name)
        body(&self)
        add("END", name)
    }

    /// The whole object as text.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// A TEXT value (RFC 5545 3.3.11): `\` `;` `,` become `\\` `\;` `\,`, a line break (CRLF,
    /// CR or LF) becomes `\n`. Other control characters are not allowed in TEXT and are dropped.
    static func escaped(_ text: String) -> String {
        var result = ""
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\r": result += "\\n"
            case "\n": if !previousWasCR { result += "\\n" }
            case "\t": result.unicodeScalars.append(scalar)
            case "\u{0}"..."\u{1F}", "\u{7F}": continue
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A content line folded so that no physical line is longer than 75 octets of UTF-8
    /// without its CRLF (RFC 5545 3.1): a break is CRLF and one space, and the space counts
    /// toward the next line's 75. Breaks fall between Unicode scalars, never inside the
    /// octets of one character, so every physical line is valid UTF-8 on its own.
    static func folded(_ line: String, limit: Int = 75) -> String {
        var bytes: [UInt8] = []
        var octets = 0
        appendFolded(line, to: &bytes, octets: &octets, limit: limit)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `piece` of a content line appended to `bytes`, folded as `folded` says; `octets` is
    /// how many the physical line holds so far.
    private static func appendFolded(_ piece: String, to bytes: inout [UInt8], octets: inout Int, limit: Int = 75) {
        for byte in piece.utf8 {
            // A scalar starts at any byte but a continuation byte (10xxxxxx); its length is
            // told by the first.
            if byte & 0xC0 != 0x80 {
                let size = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                if octets + size > limit {
                    bytes += [13, 10, 32]
                    octets = 1
                }
            }
            bytes.append(byte)
            octets += 1
        }
    }
}

/// The text of an iCalendar object (RFC 5545): content lines joined with CRLF, each folded
/// at 75 octets, with TEXT values escaped.
///
/// Only what ttsite writes is here: properties with optional parameters, TEXT escaping and
/// folding. Reading iCalendar is left to calendar apps (and to the tests' independent parser).
struct ICalendarText {
    private(set) var lines: [String] = []

    /// A property whose value is written as it is (DATE, DATE-TIME, RECUR, URI, …).
    mutating func add(_ name: String, _ value: String, parameters: String = "") {
        lines.append(name + (parameters.isEmpty ? "" : ";" + parameters) + ":" + value)
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

    /// Every line folded and ended by CRLF, the last one too (RFC 5545 3.1, 3.4).
    var text: String {
        lines.map { Self.folded($0) + "\r\n" }.joined()
    }

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
        var result = ""
        var octets = 0
        for scalar in line.unicodeScalars {
            let size = scalar.utf8.count
            if octets + size > limit {
                result += "\r\n "
                octets = 1
            }
            result.unicodeScalars.append(scalar)
            octets += size
        }
        return result
    }
}

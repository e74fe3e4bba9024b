import TextFormatting

/// A PostgreSQL array as the server writes it (`{1,NULL,3}`, `{{"a b","c\"d"},{e,NULL}}`,
/// `[0:1]={x,y}`) turned into JSON text (`[1,null,3]`), which SQLite's `json_each` and
/// `json_extract` read, as they read a JSON source's arrays.
///
/// The grammar is that of `array_out`: braces around each dimension, elements between commas,
/// an element in double quotes when it is empty, holds a brace, a comma, a quote, a backslash
/// or white space, or is the word NULL, with `\"` and `\\` inside the quotes; an unquoted
/// `NULL` (any case) is null; bounds other than 1 come first, before an `=`.
enum ArrayLiteral {
    /// How the elements are written in JSON.
    enum Element: Sendable, Hashable {
        /// Numbers as JSON numbers; `NaN` and `±Infinity`, which JSON cannot hold, as null.
        case number
        /// `t` and `f` as `true` and `false`.
        case boolean
        /// `json` and `jsonb` elements: JSON already, copied.
        case json
        /// Every other type's text as a JSON string.
        case string
    }

    /// The element kind of an array type of the server's own types (by OID), nil for a type
    /// that is not one of their arrays.
    static func element(ofArrayType oid: UInt32) -> Element? {
        switch oid {
        case 1005, 1007, 1016, 1028, 1021, 1022, 1231: .number
        case 1000: .boolean
        case 199, 3807: .json
        // text, varchar, char, bpchar, name, uuid, date, timestamp, timestamptz, time, timetz,
        // interval, inet, cidr, bytea, money, macaddr, bit, varbit, xml.
        case 1009, 1015, 1002, 1014, 1003, 2951, 1182, 1115, 1185, 1183, 1270, 1187, 1041, 651, 1001, 791, 1040, 1561, 1563, 143: .string
        default: nil
        }
    }

    /// The JSON text of `literal`. A literal that does not follow the grammar (which the
    /// server never writes) comes back as a JSON string of its text, so nothing is lost.
    static func json(_ literal: UnsafeBufferPointer<UInt8>, element: Element) -> String {
        var parser = Parser(text: literal, element: element)
        if let json = parser.parse() { return String(decoding: json, as: UTF8.self) }
        return JSONText.quoted(String(decoding: literal, as: UTF8.self))
    }

    private struct Parser {
        let text: UnsafeBufferPointer<UInt8>
        let element: Element
        var index = 0
        var output: [UInt8] = []

        init(text: UnsafeBufferPointer<UInt8>, element: Element) {
            self.text = text
            self.element = element
            output.reserveCapacity(text.count + 8)
        }

        mutating func parse() -> [UInt8]? {
            // `[1:2][0:1]={…}`: the bounds say where the indexes start; JSON has no such thing.
            if text.first == UInt8(ascii: "[") {
                guard let equals = text.firstIndex(of: UInt8(ascii: "=")) else { return nil }
                index = equals + 1
            }
            guard array(), index == text.count else { return nil }
            return output
        }

        /// `{…}` at `index`, written as `[…]`.
        private mutating func array() -> Bool {
            guard index < text.count, text[index] == UInt8(ascii: "{") else { return false }
            index += 1
            output.append(UInt8(ascii: "["))
            if index < text.count, text[index] == UInt8(ascii: "}") {
                index += 1
                output.append(UInt8(ascii: "]"))
                return true
            }
            while index < text.count {
                if text[index] == UInt8(ascii: "{") {
                    guard array() else { return false }
                } else if text[index] == UInt8(ascii: "\"") {
                    guard let value = quoted() else { return false }
                    write(value, quoted: true)
                } else {
                    let start = index
                    while index < text.count, text[index] != UInt8(ascii: ","), text[index] != UInt8(ascii: "}") { index += 1 }
                    write(Array(text[start..<index]), quoted: false)
                }
                guard index < text.count else { return false }
                if text[index] == UInt8(ascii: ",") {
                    output.append(UInt8(ascii: ","))
                    index += 1
                } else if text[index] == UInt8(ascii: "}") {
                    index += 1
                    output.append(UInt8(ascii: "]"))
                    return true
                } else {
                    return false
                }
            }
            return false
        }

        /// `"…"` at `index`, without its quotes and escapes.
        private mutating func quoted() -> [UInt8]? {
            index += 1
            var value: [UInt8] = []
            while index < text.count {
                let byte = text[index]
                if byte == UInt8(ascii: "\\") {
                    guard index + 1 < text.count else { return nil }
                    value.append(text[index + 1])
                    index += 2
                } else if byte == UInt8(ascii: "\"") {
                    index += 1
                    return value
                } else {
                    value.append(byte)
                    index += 1
                }
            }
            return nil
        }

        private mutating func write(_ value: [UInt8], quoted: Bool) {
            if !quoted, value.count == 4, String(decoding: value, as: UTF8.self).lowercased() == "null" {
                output += Array("null".utf8)
                return
            }
            switch element {
            case .number:
                output += Self.isJSONNumber(value) ? value : Array("null".utf8)
            case .boolean:
                output += Array((value == [UInt8(ascii: "t")] ? "true" : "false").utf8)
            case .json:
                output += value
            case .string:
                JSONText.append(String(decoding: value, as: UTF8.self), to: &output)
            }
        }

        /// JSON's number grammar: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
        static func isJSONNumber(_ bytes: [UInt8]) -> Bool {
            var index = 0
            func digits() -> Int {
                let start = index
                while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
                return index - start
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
            let whole = index
            guard digits() > 0, bytes[whole] != UInt8(ascii: "0") || index - whole == 1 else { return false }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { return false }
            }
            if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard digits() > 0 else { return false }
            }
            return index == bytes.count
        }
    }
}

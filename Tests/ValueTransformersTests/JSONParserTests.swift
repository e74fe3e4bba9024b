import Foundation
import TestSupport
import Testing

@testable import ValueTransformers

/// The JSON reader against two oracles: Python's `json` module for what is JSON and what is not
/// (each case below was run through `json.loads` on the bytes), and Foundation's
/// `JSONSerialization` writing random texts that the reader must read back as they were.
@Suite struct JSONParserTests {
    /// Numbers: accepted or not as `json.loads` does; an accepted number keeps its text.
    @Test(arguments: [
        ("0", true), ("-0", true), ("0.5", true), ("-0.5e3", true), ("1e5", true), ("-0.0E+2", true), ("10", true),
        ("01", false), ("-01", false), ("09", false), ("-09", false), ("+1", false), ("-", false), ("00", false), ("1.", false),
        (".5", false), ("1e", false),
    ])
    func numbers(text: String, isJSON: Bool) throws {
        let value = try? JSONValue(parsing: text)
        #expect((value != nil) == isJSON)
        if isJSON { #expect(value == .number(JSONNumber(text)!)) }
    }

    /// Strings: their text as `json.loads` gives it, or refused as it refuses them (a raw
    /// control character, bytes that are not UTF-8, no closing quote).
    @Test(arguments: [
        (Array(#""plain""#.utf8), "plain" as String?),
        (Array(#""é直😀""#.utf8), "é直😀"),
        (Array(#""a\"b\\c\/d""#.utf8), "a\"b\\c/d"),
        (Array(#""\u00e9 and \ud83d\ude00""#.utf8), "é and 😀"),
        (Array(#""tab\there\nand\r\b\f""#.utf8), "tab\there\nand\r\u{08}\u{0C}"),
        (Array(#""long escape-free text, then one \n""#.utf8), "long escape-free text, then one \n"),
        (Array(#""""#.utf8), ""),
        (Array("\"raw\ttab\"".utf8), nil),
        (Array("\"raw\nline\"".utf8), nil),
        ([0x22, 0x61, 0xFF, 0x22], nil),
        ([0x22, 0xC3, 0x22], nil),
        (Array(#""unclosed"#.utf8), nil),
        (Array(#""unclosed \n"#.utf8), nil),
        (Array(#""\x""#.utf8), nil),
        (Array(#""\ud83d""#.utf8), nil),
    ])
    func strings(bytes: [UInt8], text: String?) {
        let value = try? JSONValue(parsing: Data(bytes))
        #expect(value == text.map(JSONValue.string))
    }

    /// Errors say where reading stopped: the column after the closing quote of a string that
    /// is not UTF-8, and at a raw control character.
    @Test func errorsNameTheirPlace() {
        #expect(throws: JSONSyntaxError(line: 2, column: 7, message: "invalid UTF-8 in a string")) {
            try JSONValue(parsing: Data(Array("[1,\n  \"a".utf8) + [0xFF, 0x22, 0x5D]))
        }
        #expect(throws: JSONSyntaxError(line: 1, column: 5, message: "control character in a string")) {
            try JSONValue(parsing: "[\"ab\tc\"]")
        }
        #expect(throws: JSONSyntaxError(line: 1, column: 2, message: "invalid number 01")) { try JSONValue(parsing: "[01]") }
    }

    /// 2,000 random texts of letters, quotes, backslashes, control characters and other
    /// scripts, as keys and values, written by `JSONSerialization` and read back.
    @Test func whatFoundationWritesIsReadBack() throws {
        var random = SplitMix64(seed: 20_261_128)
        let pieces = ["a", "Z", " ", "\"", "\\", "/", "\n", "\t", "\u{01}", "\u{1F}", "é", "直", "😀", "\u{7F}", "\u{2028}", "0"]
        func text() -> String {
            (0..<Int.random(in: 0...12, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
        }
        for _ in 0..<2_000 {
            let (key, value) = (text(), text())
            let data = try JSONSerialization.data(withJSONObject: [key: [value, value + "x"]])
            let read = try JSONValue(parsing: data)
            #expect(read == .object([key: .array([.string(value), .string(value + "x")])]), "\(String(decoding: data, as: UTF8.self))")
        }
    }
}

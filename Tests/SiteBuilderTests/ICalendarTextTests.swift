import Foundation
import Testing

@testable import SiteBuilder

/// TEXT escaping and line folding of RFC 5545. Every expected value was worked out by hand
/// from the RFC: 3.3.11 (TEXT: `\\`, `\;`, `\,`, `\n`; a colon is not escaped; control
/// characters other than HTAB are not allowed) and 3.1 (lines of at most 75 octets without
/// the CRLF; a fold is CRLF followed by one space, which belongs to the next line).
@Suite struct ICalendarTextTests {
    @Test(arguments: [
        ("Anna Alpha", "Anna Alpha"),
        (#"back\slash"#, #"back\\slash"#),
        ("Smith, John; Jr.", #"Smith\, John\; Jr."#),
        ("one\ntwo", #"one\ntwo"#),
        ("one\r\ntwo", #"one\ntwo"#),
        ("one\rtwo", #"one\ntwo"#),
        ("one\n\ntwo", #"one\n\ntwo"#),
        (#"a "quoted" 'name': ok"#, #"a "quoted" 'name': ok"#),
        ("tab\there", "tab\there"),
        ("bell\u{7}and\u{7F}delete", "bellanddelete"),
        (#"\,;"#, #"\\\,\;"#),
        ("Марія, 山田; 😀", #"Марія\, 山田\; 😀"#),
    ])
    func textIsEscaped(_ input: String, _ expected: String) {
        #expect(ICalendarText.escaped(input) == expected)
    }

    @Test func aLineOf75OctetsIsNotFolded() {
        let line = "SUMMARY:" + String(repeating: "a", count: 67)
        #expect(line.utf8.count == 75)
        #expect(ICalendarText.folded(line) == line)
    }

    @Test func the76thOctetGoesToAContinuationLine() {
        let line = "SUMMARY:" + String(repeating: "a", count: 68)
        #expect(ICalendarText.folded(line) == "SUMMARY:" + String(repeating: "a", count: 67) + "\r\n a")
    }

    /// 150 octets: 75 on the first line, then a space and 74, then a space and the last one.
    @Test func continuationLinesHold74OctetsAfterTheirSpace() {
        let line = String(repeating: "x", count: 150)
        let expected = String(repeating: "x", count: 75) + "\r\n " + String(repeating: "x", count: 74) + "\r\n x"
        #expect(ICalendarText.folded(line) == expected)
    }

    /// Characters of 2, 3 and 4 octets are never split: a line stops short of 75 when the
    /// next character does not fit whole.
    @Test(arguments: [
        // "SUMMARY:" is 8 octets; 33 × "ü" (2 octets) makes 74, a 34th would make 76.
        ("SUMMARY:", "ü", 40, 33),
        // 22 × "誕" (3 octets) makes 8 + 66 = 74, a 23rd would make 77.
        ("SUMMARY:", "誕", 30, 22),
        // "X:" is 2 octets; 18 × "😀" (4 octets) makes 74, a 19th would make 78.
        ("X:", "😀", 20, 18),
        // 8 + 16 × 4 = 72 ends the first line with 3 octets to spare; a 17th would make 76.
        ("SUMMARY:", "😀", 17, 16),
    ])
    func multiOctetCharactersAreNotSplit(_ name: String, _ character: String, _ count: Int, _ onFirstLine: Int) {
        let line = name + String(repeating: character, count: count)
        let expected =
            name + String(repeating: character, count: onFirstLine) + "\r\n " + String(repeating: character, count: count - onFirstLine)
        #expect(ICalendarText.folded(line) == expected)
    }

    /// Unfolding (removing every CRLF + space, RFC 5545 3.1) gives the line back, and every
    /// physical line is valid UTF-8 of at most 75 octets, for a long mixed-script name.
    @Test func foldingIsUndoneByUnfolding() {
        let line = "SUMMARY:" + ICalendarText.escaped("Ζωή Παπαδοπούλου-Χατζηγεωργίου, محمد عبد الرحمن; 山田太郎 🎂👩‍👩‍👧‍👦 \\ Ёжиков")
        let folded = ICalendarText.folded(line)
        #expect(folded.replacingOccurrences(of: "\r\n ", with: "") == line)
        for physical in folded.components(separatedBy: "\r\n") {
            #expect(physical.utf8.count <= 75)
            #expect(String(validating: Array(physical.utf8), as: UTF8.self) != nil)
        }
        #expect(folded.components(separatedBy: "\r\n").count > 2)
    }

    @Test func componentsNestAndEveryLineEndsWithCRLF() {
        var calendar = ICalendarText()
        calendar.component("VCALENDAR") { calendar in
            calendar.add("VERSION", "2.0")
            calendar.component("VEVENT") { event in
                event.addText("SUMMARY", "a, b")
                event.add("DTSTART", "20240229", parameters: "VALUE=DATE")
            }
        }
        #expect(
            calendar.text
                == "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nSUMMARY:a\\, b\r\n"
                + "DTSTART;VALUE=DATE:20240229\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        )
    }
}

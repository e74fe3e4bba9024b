import Testing
import TextFormatting

/// `containsUTF8` against the standard library's own search, which compares the same bytes
/// for these texts (no combining marks that Unicode equivalence would join).
@Suite("Byte search")
struct ByteSearchTests {
    @Test(arguments: [
        ("![a](b.jpg)", "!["), ("text without", "!["), ("", "x"), ("x", ""), ("ab", "abc"),
        ("Щевченко, ![фото](ф.jpg)", "фото"), ("Schäfer", "ä"), ("Schäfer", "a"), ("```ttsite people", "```ttsite"),
        ("~~~ttsite", "```ttsite"), ("end!", "!"),
        // The first byte found many times before the needle, or never followed by it.
        (String(repeating: "a ", count: 30) + "    code", "    "), (String(repeating: "a ", count: 30) + "   code", "    "),
        (String(repeating: "d", count: 20) + "data-counter", "data-counter"), (String(repeating: "data ", count: 20), "data-counter"),
    ])
    func findsWhatTheStandardLibraryFinds(text: String, needle: String) {
        #expect(text.containsUTF8(needle) == (needle.isEmpty || Array(text.utf8).firstRange(of: Array(needle.utf8)) != nil))
        #expect(text[...].containsUTF8(needle) == text.containsUTF8(needle), "a Substring answers the same")
    }

    /// `UTF8Search.offset` from every start, against the standard library's search of the
    /// same bytes from there.
    @Test(arguments: [
        "<p>a</p><p>b</p>", "</p><p>", "x<p", "", "Schäfer </p>", "<p><p></p>", "<a<b<c<d<e<f<g<h<i<j<k</p><p>", "<<<<<<<<<<<<<<<</p<p",
    ])
    func findsEachOffsetTheStandardLibraryFinds(text: String) {
        let bytes = Array(text.utf8)
        for needle in ["<p>", "</p>"] as [StaticString] {
            let key = Array(needle.description.utf8)
            for start in 0...bytes.count {
                let expected = bytes[start...].firstRange(of: key)?.lowerBound
                let found = bytes.withUnsafeBytes { UTF8Search.offset(of: needle, in: $0, from: start) }
                #expect(found == expected, "\(needle) in \(text) from \(start)")
            }
        }
    }
}

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
    ])
    func findsWhatTheStandardLibraryFinds(text: String, needle: String) {
        #expect(text.containsUTF8(needle) == (needle.isEmpty || Array(text.utf8).firstRange(of: Array(needle.utf8)) != nil))
        #expect(text[...].containsUTF8(needle) == text.containsUTF8(needle), "a Substring answers the same")
    }
}

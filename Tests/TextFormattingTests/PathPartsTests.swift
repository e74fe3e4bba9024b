import Testing
import TextFormatting

/// `pathParts()` and `lastPathPart` against the standard library's `split(separator: "/")`,
/// which they stand in for.
@Suite("Path parts")
struct PathPartsTests {
    @Test(arguments: [
        "", "/", "//", "a", "a/b/c", "/a/b/", "a//b", "people/[slug]", "common/tar/index.html", "Щевченко/фото.md",
        "de/über uns/", "../x", "a/../b", "e\u{301}/x",
    ])
    func partsAreTheStandardSplits(path: String) {
        let expected = path.split(separator: "/").map(String.init)
        #expect(path.pathParts().map(String.init) == expected)
        #expect(path.lastPathPart.map(String.init) == expected.last)
        // A Substring that starts inside its string answers the same: its indices are not 0-based.
        let inside = ("x/y/" + path + "/z").dropFirst(4).dropLast(2)
        #expect(inside.pathParts().map(String.init) == expected)
        #expect(inside.lastPathPart.map(String.init) == expected.last)
    }
}

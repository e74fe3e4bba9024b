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
        #expect(path[...].pathParts().map(String.init) == expected, "a Substring answers the same")
        #expect(path.lastPathPart.map(String.init) == expected.last)
        #expect(path.dropFirst(0).lastPathPart.map(String.init) == expected.last)
    }
}

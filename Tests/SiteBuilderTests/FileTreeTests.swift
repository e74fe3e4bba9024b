import Foundation
import TestSupport
import Testing

@testable import SiteBuilder

/// The walks over folders and the removal of the previous site, on real files: kinds from
/// `readdir`, hidden entries, links listed and never followed (nor removed through).
struct FileTreeTests {
    /// `tree/` to walk, and `outside/` beside it, which a link in the tree leads to.
    static func makeTree() throws -> (temporary: TemporaryFolder, root: URL, outside: URL) {
        let temporary = try TemporaryFolder("filetree")
        let root = temporary.url("tree")
        for folder in ["b/deep/er", "a", ".hidden"] {
            try temporary.makeFolder("tree/" + folder)
        }
        for file in ["b/deep/er/x.html", "b/y.txt", "a/index.html", ".hidden/secret", "z.html"] {
            try temporary.write(file, to: "tree/" + file)
        }
        let outside = try temporary.write("keep", to: "outside/keep.txt").deletingLastPathComponent()
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("b/elsewhere").path, withDestinationPath: outside.path)
        return (temporary, root, outside)
    }

    @Test func entriesAreEveryPathDepthFirstInNameOrderWithTheirKinds() throws {
        let (temporary, root, _) = try Self.makeTree()
        defer { temporary.remove() }
        let entries = FileTree.entries(under: root.path)
        // Written by hand from the tree above; `.` sorts before letters, `e` before `y`.
        #expect(
            entries.map(\.path) == [
                ".hidden", ".hidden/secret", "a", "a/index.html", "b", "b/deep", "b/deep/er", "b/deep/er/x.html",
                "b/elsewhere", "b/y.txt", "z.html",
            ])
        #expect(entries.first { $0.path == "b/elsewhere" }?.kind == .link, "a link to a folder is listed, not followed")
        #expect(entries.first { $0.path == "b/deep" }?.kind == .folder)
        #expect(entries.first { $0.path == "z.html" }?.kind == .file)
        #expect(PublishedPages.paths(in: root).sorted() == ["a/index.html", "b/deep/er/x.html", "z.html"])
        #expect(throws: (any Error).self) { try FileTree.children(of: root.appendingPathComponent("nothing").path) }
    }

    @Test func removeTakesEverythingButWhatALinkLeadsTo() throws {
        let (temporary, root, outside) = try Self.makeTree()
        defer { temporary.remove() }
        FileTree.remove(root.path)
        #expect(!FileManager.default.fileExists(atPath: root.path))
        #expect(try String(contentsOf: outside.appendingPathComponent("keep.txt"), encoding: .utf8) == "keep")
    }
}

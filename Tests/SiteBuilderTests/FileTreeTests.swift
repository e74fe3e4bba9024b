import Foundation
@testable import SiteBuilder
import Testing

/// The walks over folders and the removal of the previous site, on real files: kinds from
/// `readdir`, hidden entries, links listed and never followed (nor removed through).
struct FileTreeTests {
    static func makeTree() throws -> (root: URL, outside: URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("filetree-\(UUID().uuidString)")
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("filetree-outside-\(UUID().uuidString)")
        for folder in ["b/deep/er", "a", ".hidden"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        for file in ["b/deep/er/x.html", "b/y.txt", "a/index.html", ".hidden/secret", "z.html"] {
            try Data(file.utf8).write(to: root.appendingPathComponent(file))
        }
        try Data("keep".utf8).write(to: outside.appendingPathComponent("keep.txt"))
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("b/elsewhere").path, withDestinationPath: outside.path)
        return (root, outside)
    }

    @Test func entriesAreEveryPathDepthFirstInNameOrderWithTheirKinds() throws {
        let (root, outside) = try Self.makeTree()
        defer { try? FileManager.default.removeItem(at: root); try? FileManager.default.removeItem(at: outside) }
        let entries = FileTree.entries(under: root.path)
        // Written by hand from the tree above; `.` sorts before letters, `e` before `y`.
        #expect(entries.map(\.path) == [".hidden", ".hidden/secret", "a", "a/index.html", "b", "b/deep", "b/deep/er", "b/deep/er/x.html",
                                        "b/elsewhere", "b/y.txt", "z.html"])
        #expect(entries.first { $0.path == "b/elsewhere" }?.kind == .link, "a link to a folder is listed, not followed")
        #expect(entries.first { $0.path == "b/deep" }?.kind == .folder)
        #expect(entries.first { $0.path == "z.html" }?.kind == .file)
        #expect(PublishedPages.paths(in: root).sorted() == ["a/index.html", "b/deep/er/x.html", "z.html"])
        #expect(throws: (any Error).self) { try FileTree.children(of: root.appendingPathComponent("nothing").path) }
    }

    @Test func removeTakesEverythingButWhatALinkLeadsTo() throws {
        let (root, outside) = try Self.makeTree()
        defer { try? FileManager.default.removeItem(at: root); try? FileManager.default.removeItem(at: outside) }
        FileTree.remove(root.path)
        #expect(!FileManager.default.fileExists(atPath: root.path))
        #expect(try String(contentsOf: outside.appendingPathComponent("keep.txt"), encoding: .utf8) == "keep")
    }
}

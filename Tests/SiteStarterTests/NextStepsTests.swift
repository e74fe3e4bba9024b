import Foundation
import SiteStarter
import TestSupport
import Testing

/// The quoting of the printed next steps, checked by the shell itself: `printf %s WORD`
/// must print the text back unchanged.
@Suite struct NextStepsTests {
    @Test(arguments: ["mysite", "my site", "it's", "a$b", "semi;colon", "~/x", "back\\slash", "Müller", "-dash", "a\"b", "*", "tab\there"])
    func aQuotedFolderIsOneShellWordWithTheSameText(text: String) async throws {
        let quoted = NextSteps.shellQuoted(text)
        let run = try await Shell.run("printf %s \(quoted)", in: FileManager.default.temporaryDirectory)
        #expect(run.status == 0)
        #expect(run.stdout == text, "\(quoted)")
    }

    @Test func plainNamesStayUnquoted() {
        #expect(NextSteps.shellQuoted("mysite") == "mysite")
        #expect(NextSteps.shellQuoted("/srv/report-2") == "/srv/report-2")
        #expect(
            NextSteps.lines(folder: ".", command: "ttsite", port: 1717, bare: false).first
                == "ttsite serve    # a preview at http://127.0.0.1:1717/ that reloads on every change")
    }

    /// Real folders on a real PATH: a shell runs the first executable `ttsite` it finds there.
    @Test func theCommandIsTheNameWhenThePathFindsThatBinary() throws {
        let temporary = try TemporaryFolder("nextsteps")
        defer { temporary.remove() }
        let root = temporary.url
        func binary(_ folder: String, executable: Bool = true) throws -> URL {
            let url = root.appendingPathComponent(folder).appendingPathComponent("ttsite")
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("#!/bin/sh\n".utf8).write(to: url)
            try FileManager.default.setAttributes([.posixPermissions: executable ? 0o755 : 0o644], ofItemAtPath: url.path)
            return url
        }
        let installed = try binary("bin").resolvingSymlinksInPath()
        let other = try binary("other")
        _ = try binary("plain", executable: false)
        let link = root.appendingPathComponent("link")
        try FileManager.default.createDirectory(at: link, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: link.appendingPathComponent("ttsite"), withDestinationURL: installed)
        let folder = root
        func path(_ folders: String...) -> String { folders.map { root.appendingPathComponent($0).path }.joined(separator: ":") }

        #expect(NextSteps.command(invoked: "ttsite", searchPath: nil, folder: folder) == "ttsite")
        // Typed as a path, but the PATH finds the same file: the name.
        #expect(NextSteps.command(invoked: installed.path, searchPath: "/nonexistent:" + path("bin"), folder: folder) == "ttsite")
        #expect(NextSteps.command(invoked: installed.path, searchPath: path("link"), folder: folder) == "ttsite")
        // A file that cannot run is passed over, as a shell does.
        #expect(NextSteps.command(invoked: installed.path, searchPath: path("plain", "bin"), folder: folder) == "ttsite")
        // Another ttsite first on the PATH, or none at all: the absolute path.
        #expect(NextSteps.command(invoked: installed.path, searchPath: path("other", "bin"), folder: folder) == installed.path)
        #expect(NextSteps.command(invoked: "bin/ttsite", searchPath: "", folder: folder) == installed.path)
        #expect(NextSteps.command(invoked: "./bin/../bin/ttsite", searchPath: path("other"), folder: folder) == installed.path)
        #expect(other.path != installed.path)
        // A relative PATH entry names a folder relative to wherever the user will be.
        #expect(NextSteps.command(invoked: installed.path, searchPath: "bin", folder: folder) == installed.path)
    }
}

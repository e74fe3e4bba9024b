import Foundation
import SiteStarter
import Testing

/// The quoting of the printed next steps, checked by the shell itself: `printf %s WORD`
/// must print the text back unchanged.
@Suite struct NextStepsTests {
    @Test(arguments: ["mysite", "my site", "it's", "a$b", "semi;colon", "~/x", "back\\slash", "Müller", "-dash", "a\"b", "*", "tab\there"])
    func aQuotedFolderIsOneShellWordWithTheSameText(text: String) async throws {
        let quoted = NextSteps.shellQuoted(text)
        let run = try await Command.shell("printf %s \(quoted)", in: FileManager.default.temporaryDirectory)
        #expect(run.status == 0)
        #expect(run.stdout == text, "\(quoted)")
    }

    @Test func plainNamesStayUnquoted() {
        #expect(NextSteps.shellQuoted("mysite") == "mysite")
        #expect(NextSteps.shellQuoted("/srv/report-2") == "/srv/report-2")
        #expect(NextSteps.lines(folder: ".", command: "ttsite", port: 1717, bare: false).first == "ttsite serve    # a preview at http://127.0.0.1:1717/ that reloads on every change")
    }
}

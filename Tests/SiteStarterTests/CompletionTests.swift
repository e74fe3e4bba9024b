import Foundation
import TestSupport
import Testing

/// The shell completion scripts swift-argument-parser generates for `ttsite`, as the README
/// tells users to install them: bash's is loaded into a real bash and asked to complete.
@Suite struct CompletionTests {
    /// What bash offers for the words typed so far (the last one may be partial).
    func bashCompletions(_ words: [String], script: URL) async throws -> [String] {
        let line = words.joined(separator: " ")
        let array = words.map { "'\($0)'" }.joined(separator: " ")
        let run = try await Shell.run(
            """
            source '\(script.path)'
            COMP_LINE='\(line)'; COMP_POINT=${#COMP_LINE}; COMP_WORDS=(\(array)); COMP_CWORD=\(words.count - 1)
            _ttsite ttsite '\(words.last!)' '\(words[words.count - 2])'
            printf '%s\\n' "${COMPREPLY[@]}"
            """, in: script.deletingLastPathComponent(), shell: "/bin/bash")
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout.split(separator: "\n").map(String.init)
    }

    @Test func bashCompletesSubcommandsAndOptions() async throws {
        let folder = try TemporaryFolder("starter")
        defer { folder.remove() }
        let generated = try await TTSiteBinary.run(["--generate-completion-script", "bash"], in: folder.url)
        #expect(generated.status == 0)
        let script = folder.url.appendingPathComponent("ttsite.bash")
        try Data(generated.stdout.utf8).write(to: script)

        #expect(try await bashCompletions(["ttsite", "se"], script: script) == ["serve"])
        #expect(try await bashCompletions(["ttsite", "templates", ""], script: script).contains("copy"))
        #expect(try await bashCompletions(["ttsite", "serve", "--po"], script: script) == ["--port"])
        #expect(try await bashCompletions(["ttsite", "init", "--fo"], script: script) == ["--force"])
    }

    @Test(arguments: ["zsh", "fish"])
    func zshAndFishScriptsNameEverySubcommand(shell: String) async throws {
        let folder = try TemporaryFolder("starter")
        defer { folder.remove() }
        let generated = try await TTSiteBinary.run(["--generate-completion-script", shell], in: folder.url)
        #expect(generated.status == 0)
        for name in ["build", "init", "templates", "serve", "list", "show", "copy"] {
            #expect(generated.stdout.contains(name), "\(shell): \(name)")
        }
    }
}

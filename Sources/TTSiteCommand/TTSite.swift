import ArgumentParser
import Foundation
import SiteBuilder

/// The `ttsite` command. It parses arguments, calls `SiteBuilder` and turns errors into
/// messages and exit codes: 0 success, 1 build failed, 2 usage or config error, 3 a source
/// could not be read.
@main
struct TTSite: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ttsite",
        abstract: "Builds a static report site from people, birthdays and timelines.",
        version: SiteBuilderVersion.current,
        subcommands: [Build.self, Init.self, Templates.self, Serve.self],
        defaultSubcommand: nil
    )

    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as BuildError {
            FileHandle.standardError.write(Data("ttsite: error: \(error)\n".utf8))
            Foundation.exit(error.exitCode)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                Foundation.exit(0)
            }
            FileHandle.standardError.write(Data("ttsite: \(fullMessage(for: error))\n".utf8))
            // Usage errors exit 2, as the spec and the rest of the Unix world have it.
            Foundation.exit(code == .validationFailure ? 2 : code.rawValue)
        }
    }
}

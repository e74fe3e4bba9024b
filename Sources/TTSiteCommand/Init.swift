import ArgumentParser
import Foundation
import SiteServer
import SiteStarter

extension TTSite {
    struct Init: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create a new site: ttsite.yml, pages, sample people and a sample timeline.",
            discussion: """
                The folder is created when missing. A folder that holds files is refused unless \
                --force; then only missing starter files are written and every existing file is \
                kept as it is.
                """
        )

        @Argument(help: ArgumentHelp("The folder of the new site.", valueName: "dir"))
        var folder: String

        @Flag(help: "Add to a folder that is not empty; existing files are kept, never replaced.")
        var force = false

        @Flag(help: "Write the config alone, without pages and sample data.")
        var bare = false

        @Flag(help: "Also copy the built-in templates into Templates/ to edit them.")
        var templates = false

        func run() throws {
            let url = URL(fileURLWithPath: folder).standardizedFileURL
            let result = try NewSite(bare: bare, templates: templates, force: force).create(in: url)
            print("Created a site in \(folder): \(result.written.count) file\(result.written.count == 1 ? "" : "s") written.")
            if !result.kept.isEmpty {
                print("Kept as they were (already there): \(result.kept.joined(separator: ", ")).")
            }
            print("\nNext steps:\n")
            for line in NextSteps.lines(folder: folder, command: Self.ttsiteCommand, port: Int(ServeOptions.defaultPort), bare: bare) {
                print("    \(line)")
            }
        }

        /// How the user can run this same ttsite after `cd`.
        static var ttsiteCommand: String {
            NextSteps.command(
                invoked: CommandLine.arguments.first ?? "ttsite",
                searchPath: ProcessInfo.processInfo.environment["PATH"],
                folder: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
            )
        }
    }
}

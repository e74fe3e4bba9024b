import ArgumentParser
import Foundation
import SiteBuilder
import SiteStarter

extension TTSite {
    struct Templates: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List, show or copy the built-in templates (a file in Templates/ overrides one).",
            subcommands: [List.self, Show.self, Copy.self]
        )

        struct List: ParsableCommand {
            static let configuration = CommandConfiguration(abstract: "List the built-in templates and which ones the site overrides.")

            @Option(help: ArgumentHelp("The site folder.", valueName: "dir"))
            var site: String = "."

            func run() throws {
                let folder = URL(fileURLWithPath: site).appendingPathComponent("Templates")
                let entries = BuiltInTemplates.all + BuiltInTemplates.languagePacks
                let width = entries.map(\.name.count).max() ?? 0
                for entry in entries {
                    let overridden = FileManager.default.fileExists(atPath: folder.appendingPathComponent(entry.name).path)
                    let name = entry.name.padding(toLength: width, withPad: " ", startingAt: 0)
                    print("\(name)  \(entry.purpose)\(overridden ? "  [overridden by Templates/\(entry.name)]" : "")")
                }
            }
        }

        struct Show: ParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Print a built-in template.")

            @Argument(help: ArgumentHelp("The template, e.g. page.mustache or page.", valueName: "name"))
            var name: String

            func run() throws {
                FileHandle.standardOutput.write(Data(try BuiltInTemplates.named(name).bytes))
            }
        }

        struct Copy: ParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Copy a built-in template into the site's Templates/ to start an override.")

            @Argument(help: ArgumentHelp("The template, e.g. page.mustache or page.", valueName: "name"))
            var name: String

            @Option(help: ArgumentHelp("The site folder.", valueName: "dir"))
            var site: String = "."

            @Flag(help: "Replace the site's file of that name.")
            var force = false

            func run() throws {
                let path = try BuiltInTemplates.copy(name, into: URL(fileURLWithPath: site), force: force)
                print("Wrote \(path); it now replaces the built-in one.")
            }
        }
    }
}

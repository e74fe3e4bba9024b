import ArgumentParser
import Foundation
import SiteBuilder

extension TTSite {
    struct Build: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Build the site into its output folder (default _site/)."
        )

        @OptionGroup var site: SiteOptions

        @Option(help: ArgumentHelp("The output folder; replaces the config's `output`.", valueName: "dir"))
        var output: String?

        @Flag(help: "Print nothing on success.")
        var quiet = false

        @Flag(help: "Print what each stage did.")
        var verbose = false

        func validate() throws {
            if quiet && verbose { throw ValidationError("--quiet and --verbose cannot be used together") }
        }

        func run() throws {
            var options = try site.buildOptions()
            options.output = output.map { URL(fileURLWithPath: $0) }
            let summary = try Site.build(options)
            for warning in summary.warnings {
                FileHandle.standardError.write(Data("ttsite: warning: \(warning)\n".utf8))
            }
            if verbose {
                for detail in summary.details { FileHandle.standardError.write(Data("  \(detail)\n".utf8)) }
            }
            if !quiet { FileHandle.standardError.write(Data("\(summary.line)\n".utf8)) }
        }
    }
}

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

        @Option(
            help: ArgumentHelp(
                "Wait up to this many seconds for another build of the site to finish (default: 0, fail at once).", valueName: "seconds"))
        var wait: Double?

        @Flag(help: "Render every page, whatever the last build left (the record of it in .ttsite/builds/ is used otherwise).")
        var full = false

        @OptionGroup var verbosity: VerbosityOptions

        func validate() throws {
            try verbosity.validate()
            if let wait, !(wait >= 0 && wait.isFinite) { throw ValidationError("--wait must be 0 or more seconds") }
        }

        func run() throws {
            TTSite.stopCleanlyOnSignals()
            var options = try site.buildOptions()
            options.output = output.map { URL(fileURLWithPath: $0) }
            options.lockWait = wait ?? 0
            options.full = full
            if !verbosity.quiet {
                options.waiting = { message in FileHandle.standardError.write(Data("ttsite: \(message)\n".utf8)) }
            }
            let progress = verbosity.progressBar()
            options.progress = progress?.show
            let summary = try Site.build(options)
            progress?.finish()
            verbosity.print(warnings: summary.warnings, details: summary.details, line: summary.line)
        }
    }
}

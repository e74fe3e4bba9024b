import ArgumentParser
import Foundation
import SiteBuilder

extension TTSite {
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Do everything build does but write: read and decode the data, render every page, and check every internal link.",
            discussion:
                "Exits 1 when a link is broken, with the same exit codes as build otherwise. "
                + "Nothing is written but the cache of remote sources."
        )

        @OptionGroup var site: SiteOptions

        @Flag(help: "Also request every external http(s) link once (slow, and other people's servers come and go).")
        var external = false

        @OptionGroup var verbosity: VerbosityOptions

        func validate() throws {
            try verbosity.validate()
        }

        func run() throws {
            TTSite.stopCleanlyOnSignals()
            let options = try site.buildOptions()
            let progress = verbosity.progressBar()
            var checked = options
            checked.progress = progress?.show
            let summary = try Site.check(checked, externalLinks: external)
            progress?.finish()
            for broken in summary.broken {
                VerbosityOptions.printLine("ttsite: error: \(broken)")
            }
            verbosity.print(
                warnings: summary.build.warnings, details: summary.build.details, line: summary.line, always: !summary.broken.isEmpty)
            if !summary.broken.isEmpty { throw ExitCode(1) }
        }
    }
}

import ArgumentParser
import Foundation
import SiteServer

extension TTSite {
    struct Serve: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Preview the site: build, serve on 127.0.0.1, rebuild on change and reload open pages.",
            discussion: """
                The preview is built into .ttsite/serve/ in the site folder; the configured \
                output folder is never touched. Rebuilds read remote sources from the cache.
                """
        )

        @OptionGroup var site: SiteOptions

        @Option(help: ArgumentHelp("The address to listen on: an IP address or localhost.", valueName: "address"))
        var host = "127.0.0.1"

        @Option(help: ArgumentHelp("The port to listen on; 0 picks a free one.", valueName: "port"))
        var port: UInt16 = ServeOptions.defaultPort

        func run() throws {
            var options = ServeOptions(build: try site.buildOptions())
            options.now = site.now == nil ? nil : options.build.now
            options.host = host
            options.port = port
            try PreviewServer.runUntilInterrupted(options)
        }
    }
}

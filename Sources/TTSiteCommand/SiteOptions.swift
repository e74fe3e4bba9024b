import ArgumentParser
import Foundation
import SiteBuilder

/// The options every command that reads a site shares.
struct SiteOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The site folder.", valueName: "dir"))
    var site: String = "."

    @Option(help: ArgumentHelp("The site config (default: ttsite.yml in the site folder).", valueName: "file"))
    var config: String?

    @Option(name: .customLong("base-url"), help: ArgumentHelp("Replaces the config's `base_url`.", valueName: "url"))
    var baseURL: String?

    @Option(help: ArgumentHelp("The instant \"today\" is computed from, ISO 8601 (default: now).", valueName: "instant"))
    var now: String?

    @Flag(help: "Include pages marked `draft: true`.")
    var drafts = false

    @Flag(help: "Treat every warning as an error.")
    var strict = false

    @Flag(help: "Never touch the network: use the cached copies of remote sources.")
    var offline = false

    @Flag(
        name: .customLong("allow-shrink"),
        help: "Publish even when a source lost more records, or the site more pages, than the config's `guard` allows.")
    var allowShrink = false

    @Option(help: ArgumentHelp("How many pages to render at once (default: one per core).", valueName: "n"))
    var jobs: Int?

    /// Checked while the arguments are parsed, so that a bad value is shown with the usage of
    /// the command it was given to.
    func validate() throws {
        if let now, Instant.parse(now) == nil {
            throw ValidationError("--now must be an ISO 8601 instant such as 2026-11-22T08:00:00Z or 2026-11-22, found `\(now)`")
        }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be 1 or more, found \(jobs)") }
    }

    func buildOptions() throws -> BuildOptions {
        try validate()
        let instant = now.flatMap(Instant.parse) ?? Date()
        let siteFolder = URL(fileURLWithPath: site).standardizedFileURL
        var options = BuildOptions(siteFolder: siteFolder, now: instant)
        options.configFile = config.map { URL(fileURLWithPath: $0).standardizedFileURL }
        options.baseURL = baseURL
        options.includeDrafts = drafts
        options.strict = strict
        options.offline = offline
        options.allowShrink = allowShrink
        options.jobs = jobs
        return options
    }
}

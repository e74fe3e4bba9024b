import DataSources
import Foundation

/// What a build is asked to do: the command line's flags, as values.
public struct BuildOptions: Sendable {
    /// The site folder (holding `ttsite.yml`, `Content/`, `Templates/`).
    public var siteFolder: URL
    /// The config file; default `ttsite.yml` in the site folder.
    public var configFile: URL?
    /// Overrides the config's `output`.
    public var output: URL?
    /// Overrides the config's `base_url`.
    public var baseURL: String?
    /// The instant every "today", "ago" and "in N days" is computed from.
    public var now: Date
    public var includeDrafts = false
    public var strict = false
    /// Never touch the network: remote sources come from the cache of their last good copy.
    public var offline = false
    /// Publish even when a source shrank, or pages would go, past the config's `guard` limits.
    public var allowShrink = false
    /// Render every page and write every file, without the record of the last build: what
    /// an incremental build must match byte for byte.
    public var full = false
    /// How many pages are rendered at once; nil is one per core.
    public var jobs: Int?
    /// How remote sources are fetched; nil is the real HTTP client.
    public var fetcher: (any Fetcher)?
    /// How long to wait for another build of the same site to finish, in seconds. A preview
    /// (`ttsite serve`) rebuilding the site is waited for in any case, up to
    /// `SiteLock.previewWait`: it is done in seconds, and the two cannot be told to take turns.
    public var lockWait: Double = 0
    /// The build is a preview's (`ttsite serve`): the lock says so, for a build that finds it.
    public var isPreview = false
    /// Told once, when the build waits for the lock: what it waits for.
    public var waiting: (@Sendable (String) -> Void)?
    /// A preview renders the same pages again after each edit: it keeps every person's view
    /// it made (`LiveSite` sets it; a build keeps a window of recent ones).
    var keepsEveryView = false
    /// Told where the build is, for a progress bar; called from several threads.
    public var progress: (@Sendable (BuildProgress) -> Void)?
    /// The time of the machine, which caches count from (when a picture was last asked for,
    /// how long a host that could not be reached is left alone); not `now`, which a build
    /// may be given for its pages. Tests move it.
    public var clock: @Sendable () -> Date = { Date() }

    public init(siteFolder: URL, now: Date) {
        self.siteFolder = siteFolder
        self.now = now
    }

    var configURL: URL { configFile ?? siteFolder.appendingPathComponent("ttsite.yml") }
}

/// What a finished build did, for the summary line and `--verbose`.
public struct BuildSummary: Sendable {
    public var pages = 0
    public var staticFiles = 0
    public var people = 0
    public var scenarios = 0
    public var events = 0
    public var skippedRecords = 0
    public var outputFolder: URL
    public var warnings: [String] = []
    /// Files written anew, and files kept from the published output because their bytes
    /// did not change (they keep their modification time).
    public var filesWritten = 0
    public var filesKept = 0
    /// One line per stage with what it did, for `--verbose`.
    public var details: [String] = []
    /// Nothing the build reads changed since the last build, whose output stands.
    public var upToDate = false
    /// Pages whose template and values were those of the last build: kept, not rendered.
    public var pagesKept = 0
    /// Set by a preview's update in place (`LiveSite`): what changed and how many pages were
    /// rendered for it; the other pages stand as they were.
    public var update: Update?

    public struct Update: Sendable {
        public var change: String
        public var pagesRendered: Int
    }

    public var line: String {
        if let update {
            var line =
                "Updated \(update.change): rendered \(update.pagesRendered) of \(pages) page\(pages == 1 ? "" : "s") again, "
                + "\(filesWritten) file\(filesWritten == 1 ? "" : "s") rewritten in \(outputFolder.path)"
            if !warnings.isEmpty { line += ", \(warnings.count) warning\(warnings.count == 1 ? "" : "s")" }
            return line
        }
        var parts = ["\(pages) page\(pages == 1 ? "" : "s")", "\(staticFiles) static file\(staticFiles == 1 ? "" : "s")"]
        if people > 0 { parts.append(people == 1 ? "1 person" : "\(people) people") }
        if scenarios > 0 { parts.append("\(scenarios) scenario\(scenarios == 1 ? "" : "s") with \(events) events") }
        var line =
            upToDate
            ? "Up to date: " + parts.joined(separator: ", ") + " in \(outputFolder.path), nothing changed since the last build"
            : "Built " + parts.joined(separator: ", ") + " into \(outputFolder.path)"
        if skippedRecords > 0 { line += "; \(skippedRecords) record\(skippedRecords == 1 ? "" : "s") skipped" }
        if !warnings.isEmpty { line += ", \(warnings.count) warning\(warnings.count == 1 ? "" : "s")" }
        return line
    }
}

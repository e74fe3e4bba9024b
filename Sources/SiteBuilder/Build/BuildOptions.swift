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
    public var outputFolder: URL
    public var warnings: [String] = []
    /// One line per stage with what it did, for `--verbose`.
    public var details: [String] = []

    public var line: String {
        let warningText = warnings.isEmpty ? "" : ", \(warnings.count) warning\(warnings.count == 1 ? "" : "s")"
        return "Built \(pages) page\(pages == 1 ? "" : "s") and \(staticFiles) static file\(staticFiles == 1 ? "" : "s") into \(outputFolder.path)\(warningText)"
    }
}

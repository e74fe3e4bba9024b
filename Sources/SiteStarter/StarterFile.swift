/// A file of a new site: where it goes in the site folder and its bytes.
///
/// The bytes are compiled into the binary (`Starter/`, embedded by SwiftPM), so `ttsite init`
/// works from a `ttsite` copied alone, like the built-in templates.
public struct StarterFile: Sendable, Equatable {
    /// Relative to the site folder, `/`-separated.
    public let path: String
    public let bytes: [UInt8]
}

extension StarterFile {
    /// The config of a full starter site: sample people and a scenario as data sources.
    static let config = StarterFile(path: "ttsite.yml", bytes: PackageResources.ttsite_yml)
    /// The config alone, for `--bare`: its data sources are commented out, so it builds
    /// without the sample files.
    static let bareConfig = StarterFile(path: "ttsite.yml", bytes: PackageResources.bare_yml)

    /// Pages, sample data (a CSV for the starter report) and `.gitignore` (stored without its dot: SwiftPM skips hidden files).
    static let content: [StarterFile] = [
        StarterFile(path: ".gitignore", bytes: PackageResources.gitignore),
        StarterFile(path: "Content/index.md", bytes: PackageResources.index_md),
        StarterFile(path: "Content/about.md", bytes: PackageResources.about_md),
        StarterFile(path: "Content/report.md", bytes: PackageResources.report_md),
        StarterFile(path: "data/visits.csv", bytes: PackageResources.visits_csv),
        StarterFile(path: "Content/data/people.json", bytes: PackageResources.people_json),
        StarterFile(path: "Content/data/scenarios/moonlanding.json", bytes: PackageResources.moonlanding_json),
    ]
}

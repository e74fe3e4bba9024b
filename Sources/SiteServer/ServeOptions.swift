import Foundation
import SiteBuilder

/// What `ttsite serve` is asked to do.
public struct ServeOptions: Sendable {
    /// The port a preview listens on unless told otherwise: free of the usual development
    /// servers (Hugo 1313, Zola 1111, Jekyll 4000, the many 3000s and 8080s).
    public static let defaultPort: UInt16 = 1717

    /// The site and the build flags. `output` is ignored: a preview never writes the
    /// configured output folder, only its own private one.
    public var build: BuildOptions
    /// The instant "today" is computed from; nil is the real clock, read again at every rebuild.
    public var now: Date?
    /// An IP address (`127.0.0.1`, `::1`) or `localhost`.
    public var host = "127.0.0.1"
    /// 0 lets the system choose a free port.
    public var port: UInt16 = defaultPort
    /// How often the site's files are looked at for changes (less often on a site whose
    /// files take long to look at: `SiteWatcher`). With `quietPeriod`, a saved page is seen
    /// 50 to 100 ms after the save, before the update renders it.
    public var pollInterval: Duration = .milliseconds(50)
    /// How long the files must stay unchanged before a rebuild starts: an editor's save or a
    /// `git checkout` touches several files in quick succession.
    public var quietPeriod: Duration = .milliseconds(50)

    public init(build: BuildOptions) {
        self.build = build
    }

    /// The private output folder: `.ttsite/serve/` in the site folder, beside the cache.
    public var outputFolder: URL {
        build.siteFolder.appendingPathComponent(".ttsite/serve", isDirectory: true)
    }
}

import DataSources
import Foundation
import IntervalText
import Markdown
import ReportData

/// The settings of a site, read from `ttsite.yml` (spec section 3).
public struct SiteConfig: Sendable {
    public var title: String
    /// Absolute http(s) URL ending in `/`; used for the sitemap and canonical links only.
    public var baseURL: URL?
    /// The first is the default language, served at the root; the others under `/<lang>/`.
    public var languages: [String] = ["en"]
    public var timeZone: TimeZone = TimeZone(identifier: "UTC")!
    /// The output folder, relative to the site folder unless absolute.
    public var output: String = "_site"
    public var markdown = MarkdownSettings()
    /// Where birthday JSON comes from.
    public var people: [DataSources.SourceLocation] = []
    /// Where scenario JSON comes from.
    public var scenarios: [DataSources.SourceLocation] = []
    /// The line of the config that names each source (`people` and `scenarios` entries), by
    /// `"people <location>"`: a source that cannot be read names it.
    public var sourceLines: [String: Int] = [:]
    /// The tables of any data (`data:`): CSV, JSON and SQLite sources, queried with SQL at
    /// build time.
    public var data: [TableSource] = []
    /// The tables of `data:` whose SQL runs in a server of `connections:`.
    public var serverTables: [ServerTable] = []
    /// The tables of `data:` that a program makes (`command:`): data loaders.
    public var loaders: [LoaderTable] = []
    /// `connections:`, by name.
    public var connections: [String: ServerConnection] = [:]
    /// The limits of the build's queries (`queries:`).
    public var queries = QuerySettings()
    /// The limits of pages' inputs (`inputs:`).
    public var inputs = InputSettings()
    /// Length of a timeline replay, in seconds.
    public var replaySeconds: Double = 60
    /// Extra date formats (`dd.MM.yyyy`) tried when reading dates from data.
    public var dateFormats: [String] = []
    public var fetch = DataSources.FetchSettings()
    /// How birthdays are written on the people pages; `MMMM` gives month names in the page's
    /// language.
    public var birthdayFormat = LanguagePack.defaultBirthdayFormat
    /// What becomes of the pictures of people and timelines (`images:`).
    public var images = ImageSettings()

    public struct ImageSettings: Sendable, Equatable {
        public enum Mode: String, Sendable, CaseIterable {
            /// Fetched once, resized, stripped and served from the site itself.
            case local
            /// Hot-linked from their own hosts: every reader's browser asks those hosts.
            case remote
            /// Not shown: initials and captions only.
            case none
        }

        public var mode = Mode.local
        /// A fetched picture is used without asking its server again for this many days;
        /// after that it is revalidated (a 304 costs no download).
        public var refreshDays = 7.0
        /// The largest picture accepted, in pixels as stored (width × height): a
        /// decompression bomb is refused from its header.
        public var maxPixels = 40_000_000
        /// How many pictures are fetched and processed at once.
        public var parallel = 8
        /// How the pictures of `Content/` are published as files of their own.
        public var originals = Originals.stripped

        public enum Originals: String, Sendable, CaseIterable {
            /// Without their metadata; a picture that pages only show (as processed files)
            /// is not published as its original at all.
            case stripped
            /// As they are, metadata included: every file of `Content/` is copied.
            case asIs = "as_is"
        }

        public init() {}
    }
    /// The language packs of the page languages, by code: built in, or the site's own, with
    /// `language_packs` and `interval_text` of `ttsite.yml` applied.
    public var packs: [String: LanguagePack] = [:]

    /// The site's path under its host, with slashes at both ends: `/reports/` for a
    /// `base_url` of `https://example.org/reports/`, `/` without one.
    var sitePath: String {
        guard let path = baseURL?.path, !path.isEmpty else { return "/" }
        return path.hasSuffix("/") ? path : path + "/"
    }

    /// The pack of a page language; a built-in one (English at last) for a language the
    /// config did not load, as in a config made in code. It writes birthdays in the site's
    /// `birthday_format`.
    public func pack(for language: String) -> LanguagePack {
        var pack = packs[language] ?? LanguagePack.builtIn(code: language) ?? LanguagePack.builtIn(code: "en")!
        pack.birthdayFormat = birthdayFormat
        return pack
    }

    /// How far a nightly build may fall behind the last published one before it is refused
    /// (`guard:` in `ttsite.yml`; `--allow-shrink` lets one build through).
    public var shrinkGuard = ShrinkGuardSettings()

    /// What a person's page URL is made from (`people_urls:`): the name by default.
    public var personURLs = PersonURLs.name

    /// The picture share previews show (`share_image:`): a file of `Content/`, by its path
    /// there; used only with a `base_url`, since previews need an absolute address.
    public var shareImage: String?

    /// Which charts are also published as PNG (`chart_images:`), for feed readers (which
    /// strip inline SVG) and share previews: by default those of pages not made from rows
    /// (each costs about 75 ms of CPU; 10,000 row pages would cost minutes), `all` or `none`.
    public var chartImages = ChartImages.pages

    public enum ChartImages: String, Sendable {
        case pages, all, none
    }

    /// Publish the report as JSON too (`data_outputs:`): off unless asked for, since a data
    /// file is a promise of a shape that scripts will rely on (see `DataOutputs`).
    public var dataOutputs = false

    /// The feeds (`feeds:`): how many days ahead the upcoming-birthdays feed looks, and how
    /// many of the newest dated pages the pages feeds hold.
    public var feeds = FeedSettings()

    public struct FeedSettings: Sendable, Equatable {
        public var upcomingDays = 30
        /// Twenty, like Hugo's and Zola's common setting (jekyll-feed and WordPress keep ten):
        /// a feed reader polls for what is new, and a feed of every post of a large site is
        /// megabytes fetched again on every poll.
        public var limit = 20
        public init() {}
    }

    /// How many records a list page shows before the next page begins (`page_size:`).
    public var pageSize = PageSizes()

    public struct PageSizes: Sendable, Equatable {
        public var people = 100
        public var scenarios = 50
        /// People per page of a birthday month or a letter of the name index.
        public var index = 500
        public init() {}
    }

    public struct ShrinkGuardSettings: Sendable, Equatable {
        /// The share of a source's records (0…1) it may lose from one published build to the
        /// next. A source that drops to no records at all is always refused.
        public var maxShrink = 0.5
        /// The share of the published pages (0…1) one build may remove.
        public var maxDeletes = 0.5
        public init() {}
    }

    public struct MarkdownSettings: Sendable, Equatable {
        /// Typographic quotes and dashes.
        public var smart = true
        /// Raw HTML in `Content/` pages is passed through. Data-borne text is always safe.
        public var unsafeHTML = false
        /// GitHub's syntax extensions in use (`extensions:`), all of them unless the site
        /// names some; the tag filter acts in unsafe mode alone.
        public var extensions = MarkdownExtension.defaults
        public init() {}
    }

    public init(title: String) {
        self.title = title
    }

    public var defaultLanguage: String { languages[0] }
}

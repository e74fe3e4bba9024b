import Foundation
import TextFormatting

/// Every URL shape of the site, in one place: where each kind of page lives, and how one
/// page links another. Nothing else puts URL paths together.
///
/// Pages live at pretty URL paths without a file name (`people/`, `de/about/`); the default
/// language is at the root and every other under `<lang>/`. Links between pages are always
/// relative and name the page's `index.html`, so the same files work at a domain root, under
/// a sub-path and opened from disk (`file://`), where a browser does not look for
/// `index.html` by itself.
public struct Routes: Sendable {
    /// The site's languages; the first is served at the root.
    let languages: [String]
    /// Where the list pages are, by kind and language, once their pages exist: a `slug:` in
    /// `Content/people.md` moves the people list, and every link to it.
    private var lists: [ListKind: [String: String]] = [:]

    /// The pages that list records.
    enum ListKind: String, Sendable {
        case people, scenarios
    }

    init(languages: [String]) {
        self.languages = languages
    }

    /// `""` for the default language, `de/` for German.
    func prefix(_ language: String) -> String {
        language == languages.first ? "" : language + "/"
    }

    /// A page of `Content/` whose path without the extension is `components`
    /// (`["blog", "first"]` → `blog/first/`, `de/blog/first/` in German).
    func contentPage(_ components: [String], language: String) -> String {
        let path = components.isEmpty ? "" : components.joined(separator: "/") + "/"
        return prefix(language) + path
    }

    func person(_ slug: String, language: String) -> String {
        prefix(language) + "people/\(slug)/"
    }

    func timeline(_ slug: String, language: String) -> String {
        prefix(language) + "scenarios/\(slug)/"
    }

    /// The birthdays of `month` (1–12) at `people/by-month/01/` …, and of people without a
    /// birth date (nil) at `people/by-month/unknown/`.
    func birthdayMonth(_ month: Int?, language: String) -> String {
        birthdayMonth(named: Self.monthName(month), language: language)
    }

    /// The page of the month called `name` (`01`, `unknown`), or of a pattern for them all.
    func birthdayMonth(named name: String, language: String) -> String {
        prefix(language) + "people/by-month/\(name)/"
    }

    /// A month (1–12) as its page's address says it, `01`; nil is `unknown`.
    static func monthName(_ month: Int?) -> String {
        month.map { $0 < 10 ? "0\($0)" : String($0) } ?? "unknown"
    }

    /// The family names under one letter of the name index, `people/by-name/a/`.
    func nameIndex(_ letterSlug: String, language: String) -> String {
        prefix(language) + "people/by-name/\(letterSlug)/"
    }

    /// The two ways a feed is written.
    enum FeedFormat: Sendable {
        case atom, json
    }

    /// The upcoming birthdays of `language`: `people/upcoming.xml` (Atom), `people/upcoming.json`.
    func birthdayFeed(_ format: FeedFormat, language: String) -> String {
        prefix(language) + (format == .atom ? "people/upcoming.xml" : "people/upcoming.json")
    }

    /// The dated Content pages of `language`: `atom.xml`, `feed.json` (`de/atom.xml` …).
    func pagesFeed(_ format: FeedFormat, language: String) -> String {
        prefix(language) + (format == .atom ? "atom.xml" : "feed.json")
    }

    /// The report as JSON (`data_outputs: true`): the people at `people/index.json`, whatever
    /// the list page's `slug`.
    func peopleData(language: String) -> String {
        prefix(language) + "people/index.json"
    }

    /// The timelines at `scenarios/index.json`.
    func scenariosData(language: String) -> String {
        prefix(language) + "scenarios/index.json"
    }

    /// One timeline with its events, beside its page: `scenarios/<slug>/index.json`.
    func timelineData(_ slug: String, language: String) -> String {
        timeline(slug, language: language) + "index.json"
    }

    /// The list page of `kind` in `language`: where its page is, else where it would be.
    func list(_ kind: ListKind, language: String) -> String {
        lists[kind]?[language] ?? prefix(language) + kind.rawValue + "/"
    }

    /// Page `page` of a paginated list whose first page is at `listPath`: `people/` for 1,
    /// `people/2/` for 2.
    static func listPage(_ page: Int, of listPath: String) -> String {
        page == 1 ? listPath : listPath + "\(page)/"
    }

    /// Records where the list page of `kind` in `language` is.
    mutating func setList(_ kind: ListKind, language: String, urlPath: String) {
        lists[kind, default: [:]][language] = urlPath
    }

    /// The `webcal:` address of the birthday calendar (the scheme calendar apps open as a
    /// subscription), from the site's absolute base URL.
    static func webcalCalendar(baseURL: URL) -> String? {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else { return nil }
        components.scheme = "webcal"
        return components.string.map { $0 + calendar }
    }

    /// The files that are not pages, relative to the output folder.
    static let calendar = "people/birthdays.ics"
    public static let notFound = "404.html"
    static let sitemap = "sitemap.xml"
    static let robots = "robots.txt"

    /// The file a page is written to, relative to the output folder.
    static func file(_ urlPath: String) -> String {
        urlPath + "index.html"
    }

    /// The page at `urlPath` as an absolute URL under the site's `base_url` (canonical links,
    /// the sitemap, feeds): pretty, without `index.html`.
    static func absolute(_ urlPath: String, baseURL: URL) -> String {
        baseURL.absoluteString + urlPath
    }

    /// The path with every byte percent-encoded but the unreserved characters, `/`, `@` and
    /// the sub-delimiters other than `;`: exactly what Foundation's `urlPathAllowed` (which
    /// also encodes `:`) gave before, by a byte scan, since this runs once per page on the
    /// build's one-threaded part (the sitemap) and for links of Content pages.
    static func percentEncoded(_ path: String) -> String {
        guard path.utf8.contains(where: { !isPathByte($0) }) else { return path }
        let hex = Array("0123456789ABCDEF".utf8)
        var output: [UInt8] = []
        output.reserveCapacity(path.utf8.count * 3)
        for byte in path.utf8 {
            if isPathByte(byte) {
                output.append(byte)
            } else {
                output += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func isPathByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"), UInt8(ascii: "@"): true
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
            UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: "="):
            true
        default: false
        }
    }
}

/// Writes paths from the site's root as links from one page: the page's way back to the root
/// (`../../` two folders down) before the path. The one place links are made relative: views
/// hold paths from the root (`TemplateValue.link`), and a page's are written with its
/// relativiser when it is rendered (`linkBase`).
struct Relativiser: Sendable {
    /// What goes before a path from the root.
    let base: String
    /// The page's folders from the root; nil for the 404 page.
    private let folders: [Substring]?

    /// Links from the page at `urlPath`.
    init(page urlPath: String) {
        let folders = urlPath.pathParts()
        base = String(repeating: "../", count: folders.count)
        self.folders = folders
    }

    /// Links from the 404 page, which is served at any depth: from the site's path on its
    /// host (`/reports/`).
    init(sitePath: String) {
        base = sitePath.hasSuffix("/") ? sitePath : sitePath + "/"
        folders = nil
    }

    /// `path` (from the site's root) as a link from the page.
    func link(_ path: String) -> String {
        base + path
    }

    /// `path` as the shortest link from the page: up only as far as the folders they share
    /// (`../apollo-11/index.html` from `missions/2/` to `missions/apollo-11/index.html`,
    /// where `link` writes `../../missions/apollo-11/index.html`). For links that are a
    /// page's bulk, such as the rows of a long table.
    func shortestLink(_ path: String) -> String {
        guard let folders else { return link(path) }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        var shared = 0
        while shared < folders.count, shared < parts.count - 1, folders[shared] == parts[shared] { shared += 1 }
        return String(repeating: "../", count: folders.count - shared) + parts[shared...].joined(separator: "/")
    }
}

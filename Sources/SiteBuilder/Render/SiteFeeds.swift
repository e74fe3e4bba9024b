import CivilTime
import DataSources
import Foundation
import ReportData
import TemplateEngine
import TextFormatting
import ValueTransformers

/// The feeds of a site, per language, as Atom and JSON Feed files (`Feed`):
///
/// - **Upcoming birthdays** (sites with people): one entry per birthday in the next
///   `feeds.upcoming_days` days, its id made from the person's id and the year, so a feed reader
///   shows each birthday once; its text says when in the page's words ("in 3 days", "heute!").
/// - **Pages**: the newest `feeds.limit` Content pages of the language that have a `date:` in
///   their front matter, newest first, with a summary (`description:`, else the first
///   paragraph) and the page's HTML: a reader reads the entry in full where it is. Only the
///   pages a feed shows are rendered for it.
///
/// Feeds need absolute URLs, so a site without `base_url` has none (like the sitemap). A feed
/// with no entries is still written when its source exists: an empty birthday feed is news.
struct SiteFeeds {
    /// A feed a page's head links to (`<link rel="alternate">`).
    struct Link: Sendable {
        let type: String
        let title: String
        let urlPath: String
    }

    /// The files to write, relative to the output folder.
    private(set) var files: [OutputFile] = []
    /// The feeds of each language, for the pages' heads.
    private(set) var links: [String: [Link]] = [:]
    /// The output paths of the pages the pages feeds show: an edit of another page's text
    /// leaves the feeds as they are.
    private(set) var pagePaths: Set<String> = []

    /// The pages the pages feeds show, per language: the newest `feeds.limit` dated Content
    /// pages, newest first, with their dates. Worked out before the pages' Markdown is
    /// rendered, which renders these for the feeds too.
    struct Entries: Sendable {
        fileprivate var pages: [String: [(page: Page, date: Date)]] = [:]

        /// Every page a feed shows.
        var all: [Page] { pages.keys.sorted().flatMap { pages[$0]!.map(\.page) } }

        /// None: a site without `base_url` has no feeds.
        init() {}

        init(pages: [Page], config: SiteConfig) throws {
            guard config.baseURL != nil else { return }
            let pageDates = try SiteFeeds.pageDates(pages, zone: config.timeZone)
            for language in config.languages {
                // Sorted by (date, address) once looked up, not by looking up in the comparison:
                // sorting the pages themselves cost 90,000 instructions a page.
                let newest = pages.indices.compactMap { index -> (date: Date, urlPath: String, index: Int)? in
                    guard pages[index].language == language, let date = pageDates[pages[index].outputPath] else { return nil }
                    return (date, pages[index].urlPath, index)
                }
                .sorted { ($0.date, $1.urlPath) > ($1.date, $0.urlPath) }
                let dated = newest.prefix(config.feeds.limit).map { (page: pages[$0.index], date: $0.date) }
                if !dated.isEmpty { self.pages[language] = dated }
            }
        }
    }

    /// The feeds of `entries`, their HTML from `html` (`PageTexts.feedEntries`), and the
    /// upcoming birthdays of `people`.
    init(
        config: SiteConfig, routes: Routes, people: [PersonFacts], views: [String: PeopleViews], entries: Entries, now: Date,
        html: [String: String]
    ) {
        guard let baseURL = config.baseURL else { return }
        let absolute = { (path: String) in Routes.absolute(path, baseURL: baseURL) }
        for language in config.languages {
            let labels = config.pack(for: language).labels
            if !config.people.isEmpty, let views = views[language] {
                let feed = Feed(
                    atomURL: absolute(routes.birthdayFeed(.atom, language: language)),
                    jsonURL: absolute(routes.birthdayFeed(.json, language: language)),
                    homeURL: absolute(routes.list(.people, language: language)),
                    title: "\(labels.upcomingFeed) · \(config.title)", language: language, author: config.title, updated: now,
                    entries: Self.birthdays(
                        people, within: config.feeds.upcomingDays, views: views, zone: config.timeZone, absolute: absolute)
                )
                add(
                    feed, title: labels.upcomingFeed, atom: routes.birthdayFeed(.atom, language: language),
                    json: routes.birthdayFeed(.json, language: language), language: language)
            }
            guard let dated = entries.pages[language] else { continue }
            pagePaths.formUnion(dated.map(\.page.outputPath))
            let items = dated.map { page, date in
                let url = absolute(page.urlPath)
                let html = Self.absoluteLinks(html[page.urlPath] ?? "", base: url, keepingNotesOf: Self.idPrefix(of: page))
                return Feed.Entry(
                    id: url, title: page.title, url: url, published: date, updated: date,
                    summary: PageSummary.text(of: page, html: html) ?? page.title, contentHTML: html
                )
            }
            let feed = Feed(
                atomURL: absolute(routes.pagesFeed(.atom, language: language)),
                jsonURL: absolute(routes.pagesFeed(.json, language: language)),
                homeURL: absolute(routes.prefix(language)), title: config.title, language: language, author: config.title,
                updated: now, entries: items
            )
            add(
                feed, title: config.title, atom: routes.pagesFeed(.atom, language: language),
                json: routes.pagesFeed(.json, language: language), language: language)
        }
    }

    private mutating func add(_ feed: Feed, title: String, atom: String, json: String, language: String) {
        files.append(OutputFile(path: atom, bytes: Array(feed.atom.utf8)))
        files.append(OutputFile(path: json, bytes: feed.json))
        links[language, default: []] += [
            Link(type: "application/atom+xml", title: title, urlPath: atom),
            Link(type: "application/feed+json", title: title, urlPath: json),
        ]
    }

    /// What the ids of a page's notes start with in a feed entry (`fn:p1a2b3c4d-1`), so that
    /// the entries of one feed, shown together, do not share an id: the same for the page
    /// from build to build, so that its entry's bytes stay the same.
    static func idPrefix(of page: Page) -> String {
        "p" + StableHash.hex([page.urlPath]).prefix(8) + "-"
    }

    /// A page's HTML with every link absolute, resolved against the page's URL: a feed entry
    /// is read away from the page, and JSON Feed has nothing like Atom's `xml:base` to resolve
    /// relative links against (Atom keeps its `xml:base` too). The links between the
    /// entry's notes and their references (`#fn:p1a2b3c4d-1`, made with `notePrefix`) stay
    /// within the entry: a same-document reference (RFC 3986, 4.4). Any other link to a part
    /// of the page (`#results`) leads to the page.
    static func absoluteLinks(_ html: String, base: String, keepingNotesOf notePrefix: String? = nil) -> String {
        guard let base = URL(string: base) else { return html }
        let notes = notePrefix.map { ["#fn:" + $0, "#fnref:" + $0] } ?? []
        return HTMLReferences.rewriting(html) { link in
            guard !notes.contains(where: link.hasPrefix), let resolved = URL(string: link, relativeTo: base)?.absoluteString,
                resolved != link
            else { return nil }
            return resolved
        }
    }

    /// The birthdays of the next `days` days, soonest first. An entry appears `days` days
    /// before the birthday: that start of day in the site's zone is its published time, so the
    /// bytes of an entry do not change but for its "in N days".
    private static func birthdays(
        _ people: [PersonFacts], within days: Int, views: PeopleViews, zone: TimeZone, absolute: (String) -> String
    ) -> [Feed.Entry] {
        people.compactMap { facts -> Feed.Entry? in
            guard let until = facts.daysUntilBirthday, until <= days, let next = facts.nextBirthday, let age = facts.age else { return nil }
            let person = facts.person
            let name = views.nameText(person)
            let turning = until == 0 ? age : age + 1
            let summary = views.labels.birthdayEntry
                .replacingEvery("<NAME>", with: name)
                .replacingEvery("<AGE>", with: views.numbers.localizingDigits(String(turning)))
                .replacingEvery("<WHEN>", with: views.nextBirthdayText(facts))
                .replacingEvery("<DATE>", with: views.dates.string(next))
            let appeared = WallClock(date: next.adding(days: -days)).instant(in: zone)
            return Feed.Entry(
                id: Feed.uuid(["birthday", person.id, String(next.year)]),
                title: views.labels.birthdayOf.replacingEvery("<NAME>", with: name),
                url: absolute(views.routes.person(person.slug, language: views.language)),
                published: appeared, updated: appeared, summary: summary, contentHTML: nil
            )
        }
    }

    /// The `date:` of every Content page that has one, read as the data's dates are (ISO 8601,
    /// a day alone at midnight in the site's zone). A date that cannot be read is an error
    /// naming the page and the line. The later pages of a long table (`report/2/`) share their
    /// page's front matter, and are not entries of their own: the page is one entry. Nor are
    /// the variants of a page with inputs (`gapminder/continent/asia/`): the page itself is.
    static func pageDates(_ pages: [Page], zone: TimeZone) throws -> [String: Date] {
        let dates = try CompoundTransformer.dates(formats: [], zoneless: .timeZone(zone))
        var found: [String: Date] = [:]
        for page in pages where page.kind.isMarkdownPage && (page.tablePage ?? 1) == 1 && !page.isOtherVariant {
            guard let value = page.source.frontMatter.values["date"] else { continue }
            let file = "Content/" + page.sourcePath
            let line = page.source.frontMatter.keyLines["date"]
            guard case .string(let text) = value, let date = try? dates.transformValue(text, to: Date.self) as? Date else {
                let found: String =
                    switch value {
                    case .string(let text): "`\(text)`"
                    case .int(let number): "`\(number)`"
                    case .double(let number): "`\(number)`"
                    case .bool(let flag): "`\(flag)`"
                    case .list, .map: "a list or a mapping"
                    case .null, .link, .links: "nothing"
                    }
                throw BuildError(
                    .content, "`date` must be a date such as 2026-11-20 or 2026-11-20T18:00:00+01:00, found \(found)", in: file, line: line)
            }
            found[page.outputPath] = date
        }
        return found
    }
}

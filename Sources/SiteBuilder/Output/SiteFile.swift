/// A file the site publishes besides its HTML pages, its copied files and its assets: each
/// has its origin and its place in the route table, so the write stage only runs down a list.
enum SiteFile: Sendable {
    /// `404.html`, with the text of `Content/404.md` when there is one.
    case notFound(Page?)
    /// `sitemap.xml`: every page under `base_url` (none without one).
    case sitemap
    /// `robots.txt`, which names the sitemap.
    case robots
    /// The birthday calendar (only on sites with people sources).
    case calendar

    /// Where the file is written, relative to the output folder.
    var path: String {
        switch self {
        case .notFound: Routes.notFound
        case .sitemap: Routes.sitemap
        case .robots: Routes.robots
        case .calendar: Routes.calendar
        }
    }
}

/// Links between pages of the output, always relative, so that the same files work at a
/// domain root, under a sub-path and opened from disk (`file://`).
///
/// Pages live at pretty URL paths (`people/`, `de/about/`); a link names the page's
/// `index.html` explicitly, because a browser reading from disk does not look for it.
enum RelativeLink {
    /// The prefix that leads from the page at `urlPath` back to the site root (`../../`).
    static func root(from urlPath: String) -> String {
        String(repeating: "../", count: urlPath.split(separator: "/").count)
    }

    /// A link from the page at `from` to the page at `to` (both pretty URL paths).
    static func page(_ to: String, from: String) -> String {
        root(from: from) + to + "index.html"
    }

    /// A link from the page at `from` to a file at `path` (relative to the site root).
    static func file(_ path: String, from: String) -> String {
        root(from: from) + path
    }
}

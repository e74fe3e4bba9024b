import Foundation

/// Every link the build itself wrote into its pages (the `.link` values of views and of the
/// report blocks' views: menus, assets, feeds, pagination, downloads, rows' pages), as paths
/// from the site's root, each with the first page that has it. Once every file is written,
/// each must lead to one of them: a link that does not is a fault of the build or of a
/// template, and the build stops, keeping the published site, rather than publish a page
/// with a dead link (the author's own Markdown links are checked apart, with their lines).
/// Filled from the threads that render pages.
final class WrittenLinks: @unchecked Sendable {
    private let lock = NSLock()
    /// Every link as written, once: most (the menu, the assets, the feeds) are on every page,
    /// and are looked at only the first time.
    private var seen: Set<String> = []
    private var firstPage: [String: String] = [:]
    /// The links of the page noted last: the next page mostly writes the same ones in the
    /// same places (its chrome), which compare equal faster than they hash.
    private var previous: [String] = []

    /// Notes the links `page` (an output path) wrote.
    func add(_ links: [String], page: String) {
        guard !links.isEmpty else { return }
        lock.withLock {
            for (index, link) in links.enumerated() {
                if index < previous.count, previous[index] == link { continue }
                guard seen.insert(link).inserted else { continue }
                if let target = Self.target(link), firstPage[target] == nil { firstPage[target] = page }
            }
            previous = links
        }
    }

    /// The path a link leads to, without its fragment or query; nil for one that is not a
    /// path of the site (an address with a scheme), or for the site's root.
    static func target(_ link: String) -> String? {
        var path = Substring(link)
        if let end = path.utf8.firstIndex(where: { $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "?") }) { path = path[..<end] }
        if path.utf8.contains(UInt8(ascii: ":")) || path.isEmpty || path == "index.html" { return nil }
        return String(path)
    }

    /// The links that lead to no file of `files`, with the first page that has each, in
    /// path order.
    func broken(in files: Set<String>) -> [(page: String, link: String)] {
        lock.withLock {
            firstPage.filter { !Self.resolves($0.key, in: files) }.map { (page: $0.value, link: $0.key) }
                .sorted { ($0.link, $0.page) < ($1.link, $1.page) }
        }
    }

    /// A folder (`people/`, or the root) is served by its `index.html`.
    static func resolves(_ path: String, in files: Set<String>) -> Bool {
        if path.isEmpty || path.hasSuffix("/") { return files.contains(path + "index.html") }
        return files.contains(path) || files.contains(path + "/index.html")
    }

    /// The error of links that lead nowhere: the first few, named with their pages.
    static func failure(_ broken: [(page: String, link: String)]) -> BuildError {
        let shown = broken.prefix(5).map { "`\($0.link)` on \($0.page)" }.joined(separator: "; ")
        let more = broken.count > 5 ? " and \(broken.count - 5) more" : ""
        return BuildError(
            .content,
            "the build wrote \(broken.count == 1 ? "a link" : "\(broken.count) links") to no file of the site: \(shown)\(more). "
                + "The published site is kept. A link of a template of the site's own (`Templates/`) is its to mend; "
                + "any other is a fault of ttsite: please report it"
        )
    }
}

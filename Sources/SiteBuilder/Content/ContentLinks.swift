import Foundation
import TextFormatting

/// Where a link or an image written in a Content page leads.
///
/// Authors write them two ways, and both work: relative to the page's address, as a browser
/// reads them (`../photos/road.jpg` on `news/trip/`), or relative to the Markdown file, as
/// on GitHub and in an editor's preview (`../photos/road.jpg` beside `Content/news/trip.md`).
/// A destination that leads to a file of the output as written stays as written; one that
/// names a file of `Content/` relative to the Markdown file (or to `Content/` when it starts
/// with `/`), or a Markdown page by its `.md` file, is written as the relative link that leads
/// there from the page, so it works at a domain root, under a sub-path and from disk alike.
/// One that leads nowhere is left as written, and the build warns with the page and the line.
struct ContentLinks: Sendable {
    /// The files of `Content/` that are published as files, by path (the same in the output).
    private let files: Set<String>
    /// The page of each Markdown file of `Content/`, by its path there.
    private let pageURLs: [String: String]
    /// The address of every page (`people/anna-alpha/`, the page's own string): its file is
    /// the address and `index.html` (a set of 200,000 such files was 10 MB more).
    private let pageFolders: Set<String>
    /// Every other file of the output; a link leads to a page, one of these, or nothing.
    private let outputs: Set<String>
    /// The path of the site under its host (`/reports/` for `https://example.org/reports/`),
    /// which a link from the host's root names the site's root by.
    private let sitePath: String
    /// The site's `base_url`, which an absolute link into the site starts with.
    private let baseURL: String?

    /// `outputs` are the files of the output beside the pages and the files of `Content/`.
    init(files: some Sequence<String>, pages: [Page], outputs: Set<String> = [], sitePath: String = "/", baseURL: URL? = nil) {
        self.files = Set(files)
        var pageURLs: [String: String] = [:]
        for page in pages where page.hasSourceFile { pageURLs[page.sourcePath] = page.urlPath }
        self.pageURLs = pageURLs
        pageFolders = Set(pages.lazy.map(\.urlPath))
        self.outputs = outputs.union(self.files)
        self.sitePath = sitePath
        self.baseURL = baseURL?.absoluteString
    }

    /// Where a destination leads.
    enum Target: Equatable {
        /// Off the site, or within the page: a URL with a scheme (`https:`, `mailto:`), one
        /// that starts with `//`, a fragment or query alone.
        case elsewhere
        /// The file of the output at `path`; `link` is what to write instead of the
        /// destination, when the destination as written would not lead there.
        case file(path: String, link: String?)
        /// Nothing: the paths looked for, in the output (`news/trip/x.pdf`) and in `Content/`.
        case nothing(looked: [String])
    }

    /// Where `destination`, written in the Markdown of `page`, leads.
    func target(of destination: String, on page: Page) -> Target {
        // An absolute link into the site: it leads where it says, or nowhere.
        if let baseURL, destination.utf8.starts(with: baseURL.utf8), let parts = Self.split("/" + destination.dropFirst(baseURL.count)) {
            guard let site = Self.normalized(String(parts.path.dropFirst()), in: ""), let found = output(site) else {
                return .nothing(looked: [parts.path])
            }
            return .file(path: found.file, link: nil)
        }
        guard let parts = Self.split(destination) else { return .elsewhere }
        if parts.path.hasPrefix("/") {
            // From the host's root: under a sub-path the site's root is `/reports/`, but an
            // author may well mean the site's own root by `/`.
            var path = parts.path
            if path.hasPrefix(sitePath) { path = "/" + path.dropFirst(sitePath.count) }
            guard let site = Self.normalized(String(path.dropFirst()), in: "") else { return .nothing(looked: []) }
            if let found = output(site) ?? source(site) {
                return .file(path: found.file, link: Relativiser(page: page.urlPath).link(found.link) + parts.rest)
            }
            return .nothing(looked: [site.isEmpty ? "/" : site])
        }
        let fromPage = Self.normalized(parts.path, in: page.urlPath)
        if let fromPage, let found = output(fromPage) { return .file(path: found.file, link: nil) }
        let folder = page.sourcePath.pathParts().dropLast().map { $0 + "/" }.joined()
        let fromFile = Self.normalized(parts.path, in: folder)
        if let fromFile, let found = source(fromFile) {
            return .file(path: found.file, link: Relativiser(page: page.urlPath).link(found.link) + parts.rest)
        }
        return .nothing(looked: [fromPage, fromFile.map { "Content/" + $0 }].compactMap { $0 })
    }

    /// The file of the output at `path` (a page's folder leads to its `index.html`), and
    /// the link to it from the site's root.
    private func output(_ path: String) -> (file: String, link: String)? {
        if isOutput(path), !path.isEmpty { return (path, Routes.percentEncoded(path)) }
        let folder = path.isEmpty || path.hasSuffix("/") ? path : path + "/"
        if isOutput(Routes.file(folder)) { return (Routes.file(folder), Routes.percentEncoded(Routes.file(folder))) }
        return nil
    }

    /// Whether the output has a file at `path`: a page's, or another.
    private func isOutput(_ path: String) -> Bool {
        if outputs.contains(path) { return true }
        let page = Routes.file("")
        return path.hasSuffix(page) && pageFolders.contains(String(path.dropLast(page.count)))
    }

    /// The published file a path of `Content/` names: a file published as it is, or the page
    /// of a Markdown file.
    private func source(_ path: String) -> (file: String, link: String)? {
        if files.contains(path) { return (path, Routes.percentEncoded(path)) }
        if let urlPath = pageURLs[path] { return (Routes.file(urlPath), Routes.percentEncoded(Routes.file(urlPath))) }
        return nil
    }

    /// A local destination's path, percent-decoded, and what follows it (`?query#fragment`),
    /// as written; nil for a destination that leaves the site or stays on the page.
    static func split(_ destination: String) -> (path: String, rest: String)? {
        // On UTF-8 bytes: every page's every link comes through here, and a walk over
        // `Character`s (grapheme breaking) cost 17,000 instructions a link.
        let bytes = destination.utf8
        let end = bytes.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.endIndex
        let path = bytes[..<end]
        guard let first = path.first, !path.starts(with: "//".utf8) else { return nil }
        // A scheme: letters, digits, `+`, `-` and `.` up to a colon before any slash.
        if first != UInt8(ascii: "/"), let colon = path.firstIndex(of: UInt8(ascii: ":")), !path[..<colon].contains(UInt8(ascii: "/")) {
            return nil
        }
        let text = String(destination[..<end])
        let decoded = path.contains(UInt8(ascii: "%")) ? (text.removingPercentEncoding ?? text) : text
        return (decoded, String(destination[end...]))
    }

    /// `path` relative to the folder `base` (`news/trip/`, or `""` for the root), with `.`
    /// and `..` taken away; nil when it climbs above the root. A path that ends with `/`
    /// keeps it.
    static func normalized(_ path: String, in base: String) -> String? {
        var parts: [Substring] = base.pathParts()
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        let last = path.lastPathPart
        let folder = path.hasSuffix("/") || last == "." || last == ".."
        return folder && !joined.isEmpty ? joined + "/" : joined
    }
}

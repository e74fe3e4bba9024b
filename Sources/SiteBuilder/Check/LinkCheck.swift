import Foundation
import TextFormatting

/// The links of a would-be output: every `href`, `src` and `srcset` of its HTML pages. Internal ones
/// (relative, root-relative, or absolute under the site's `base_url`) must lead to a file of
/// the output; external ones (http and https elsewhere) are listed for `ExternalLinkCheck`.
/// `404.html` is served at any depth, so its relative links are read from the site path.
struct LinkCheck {
    struct Link: Equatable {
        var page: String
        var link: String
        var reason: String
    }

    let catalog: OutputCatalog
    /// The path the site is served under (`/reports/`), for root-relative links.
    let sitePath: String
    /// `base_url` as written, for absolute links into the site itself.
    var baseURL: String?

    /// How many internal links were followed, and the ones that lead to no file.
    func internalLinks() -> (checked: Int, broken: [Link]) {
        let files = catalog.files
        var checked = 0
        var broken: [Link] = []
        for file in catalog.keptFiles {
            let page = file.path
            for raw in HTMLReferences.urls(in: file.bytes) {
                switch classify(raw, from: page) {
                case .external, .ignored: continue
                case .outside(let reason):
                    checked += 1
                    broken.append(Link(page: page, link: raw, reason: reason))
                case .internal(let path):
                    checked += 1
                    if !Self.resolves(path, in: files) {
                        broken.append(Link(page: page, link: raw, reason: "no such file in the output"))
                    }
                }
            }
        }
        return (checked, broken)
    }

    /// Every http(s) link to somewhere else, once, with the first page that has it.
    func externalLinks() -> [(url: String, page: String)] {
        var seen: Set<String> = []
        var links: [(url: String, page: String)] = []
        for file in catalog.keptFiles {
            let page = file.path
            for raw in HTMLReferences.urls(in: file.bytes) {
                guard case .external = classify(raw, from: page) else { continue }
                var url = raw
                if let hash = url.firstIndex(of: "#") { url = String(url[..<hash]) }
                if seen.insert(url).inserted { links.append((url, page)) }
            }
        }
        return links
    }

    private enum Target {
        case `internal`(String)
        case outside(String)
        case external
        case ignored
    }

    private func classify(_ raw: String, from page: String) -> Target {
        var link = raw
        if let baseURL, link.hasPrefix(baseURL) {
            link = sitePath + link.dropFirst(baseURL.count)
        }
        if let hash = link.firstIndex(of: "#") { link = String(link[..<hash]) }
        if let query = link.firstIndex(of: "?") { link = String(link[..<query]) }
        if link.isEmpty { return .ignored }
        let lower = link.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") || link.hasPrefix("//") { return .external }
        if Self.hasScheme(link) { return .ignored }  // mailto:, tel:, webcal:, data: …

        var components: [Substring]
        if link.hasPrefix("/") {
            guard link.hasPrefix(sitePath) else { return .outside("outside the site's path \(sitePath)") }
            components = []
            link = String(link.dropFirst(sitePath.count))
        } else if page == Routes.notFound {
            // 404.html answers for any missing path; its relative links only work from the root.
            components = []
        } else {
            components = page.pathParts().dropLast()
        }
        let trailingSlash = link.hasSuffix("/")
        for part in link.pathParts() {
            switch part {
            case ".": continue
            case "..":
                guard !components.isEmpty else { return .outside("leads above the output folder") }
                components.removeLast()
            default: components.append(Substring(String(part).removingPercentEncoding ?? String(part)))
            }
        }
        let path = components.joined(separator: "/")
        return .internal(trailingSlash || path.isEmpty ? (path.isEmpty ? "" : path + "/") : path)
    }

    /// A folder link (`people/`) is served by its `index.html`.
    private static func resolves(_ path: String, in files: Set<String>) -> Bool {
        if path.isEmpty || path.hasSuffix("/") { return files.contains(path + "index.html") }
        return files.contains(path) || files.contains(path + "/index.html")
    }

    private static func hasScheme(_ link: String) -> Bool {
        guard let colon = link.firstIndex(of: ":"), let first = link.first, first.isLetter else { return false }
        return link[..<colon].allSatisfy { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }
    }
}

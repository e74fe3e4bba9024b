import Foundation
import TestSupport

/// Finds every `href` and `src` in the HTML files of an output folder and reports those that
/// do not lead to a file of the folder. External links (with a scheme) and fragments alone
/// are left out. `404.html` is served at any depth, so its links are read from the site path.
struct LinkChecker {
    let folder: URL
    /// The path the site is served under (`/reports/`), for root-relative links in 404.html.
    var sitePath = "/"

    struct BrokenLink: CustomStringConvertible, Equatable {
        let page: String
        let link: String
        var description: String { "\(page): \(link)" }
    }

    /// How many internal links were checked, and the ones that are broken.
    func check() throws -> (checked: Int, broken: [BrokenLink]) {
        let files = try snapshot(of: folder)
        let regex = try NSRegularExpression(pattern: #"(?:href|src)\s*=\s*"([^"]*)""#)
        var checked = 0
        var broken: [BrokenLink] = []
        for (page, data) in files.sorted(by: { $0.key < $1.key }) where page.hasSuffix(".html") {
            let html = String(decoding: data, as: UTF8.self)
            for match in regex.matches(in: html, range: NSRange(html.startIndex..., in: html)) {
                let raw = String(html[Range(match.range(at: 1), in: html)!])
                    .replacingOccurrences(of: "&amp;", with: "&")
                guard let target = resolve(raw, from: page) else { continue }
                checked += 1
                let candidates = target.isEmpty || target.hasSuffix("/") ? [target + "index.html"] : [target]
                if !candidates.contains(where: { files[$0] != nil }) {
                    broken.append(BrokenLink(page: page, link: raw))
                }
            }
        }
        return (checked, broken)
    }

    /// The output-relative path a link points to, or nil for external links and fragments.
    private func resolve(_ link: String, from page: String) -> String? {
        var link = link
        if let hash = link.firstIndex(of: "#") { link = String(link[..<hash]) }
        if let query = link.firstIndex(of: "?") { link = String(link[..<query]) }
        if link.isEmpty { return nil }
        if link.range(of: "^[A-Za-z][A-Za-z0-9+.-]*:", options: .regularExpression) != nil || link.hasPrefix("//") { return nil }
        var components: [String]
        if link.hasPrefix("/") {
            guard link.hasPrefix(sitePath) else { return "<outside the site path>" + link }
            components = []
            link = String(link.dropFirst(sitePath.count))
        } else {
            components = page.split(separator: "/").dropLast().map(String.init)
        }
        let trailingSlash = link.hasSuffix("/")
        for part in link.split(separator: "/") {
            switch part {
            case ".": continue
            case "..":
                if components.isEmpty { return "<above the output folder>/" + link }
                components.removeLast()
            default: components.append(String(part).removingPercentEncoding ?? String(part))
            }
        }
        let path = components.joined(separator: "/")
        return trailingSlash && !path.isEmpty ? path + "/" : path
    }
}

/// What `ttsite check` found: the build it would have made, how many links it followed,
/// and the ones that lead nowhere.
public struct CheckSummary: Sendable {
    /// A link that does not resolve, on a page of the would-be output.
    public struct Broken: Sendable, Equatable, CustomStringConvertible {
        /// The file the page comes from (`Content/about.md`) or its output path.
        public var location: String
        /// The line of `location` that writes the link, when the link is in a page's Markdown.
        public var line: Int?
        /// The page's path in the output.
        public var page: String
        /// The link as written in the page.
        public var link: String
        /// Why it is broken: "no such file in the output", "HTTP 404", "timed out".
        public var reason: String

        public init(location: String, line: Int? = nil, page: String, link: String, reason: String) {
            self.location = location
            self.line = line
            self.page = page
            self.link = link
            self.reason = reason
        }

        public var description: String {
            let page = location == self.page ? "" : " (\(self.page))"
            return "\(location)\(line.map { ":\($0)" } ?? "")\(page): broken link `\(link)`: \(reason)"
        }
    }

    public var build: BuildSummary
    public var internalLinks = 0
    public var externalLinks = 0
    public var broken: [Broken] = []

    public var line: String {
        var parts = ["\(build.pages) page\(build.pages == 1 ? "" : "s")", "\(internalLinks) internal link\(internalLinks == 1 ? "" : "s")"]
        if externalLinks > 0 { parts.append("\(externalLinks) external link\(externalLinks == 1 ? "" : "s")") }
        var line = "Checked " + parts.joined(separator: ", ")
        line += broken.isEmpty ? ": all resolve" : ": \(broken.count) broken"
        if !build.warnings.isEmpty { line += ", \(build.warnings.count) warning\(build.warnings.count == 1 ? "" : "s")" }
        return line
    }
}

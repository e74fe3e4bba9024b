import Foundation
import TemplateEngine

/// What one page's own Mustache tags and its Markdown's links asked for and did not find while
/// its text was rendered (`MarkdownTexts`), on lines of its Markdown file; kept as `TextMisses`.
final class PageMisses {
    let text = MissRecorder()
    /// Links and images of the page's Markdown that lead nowhere, by line of its text.
    private(set) var links: [(line: Int, destination: String, problem: String)] = []

    func link(line: Int, destination: String, _ problem: String) {
        links.append((line, destination, problem))
    }
}

/// Every miss of a build, from all render workers, turned into warnings that name the
/// template file (or the page's file) and the line: in a site's own template, `{{titel}}`
/// or `{{> foter}}` would otherwise render as silence. `--strict` makes them errors.
final class MissReport: @unchecked Sendable {
    private struct Key: Hashable {
        let file: String
        let line: Int
        let kind: MissRecorder.Miss.Kind
        let name: String
    }

    private let lock = NSLock()
    private var pages: [Key: (first: String, count: Int)] = [:]
    /// `Content/news/trip.md:4: the link …`, once each.
    private var links: Set<LinkProblem> = []

    /// A link or an image of a Content page's Markdown that leads nowhere.
    struct LinkProblem: Hashable, CustomStringConvertible {
        let file: String
        let line: Int
        /// As written in the Markdown.
        let destination: String
        let problem: String

        var description: String { "\(file):\(line): \(problem)" }
    }

    /// The links of Content pages that lead nowhere, in file and line order.
    var linkProblems: [LinkProblem] {
        lock.withLock { links.sorted { ($0.file, $0.line, $0.problem) < ($1.file, $1.line, $1.problem) } }
    }

    /// Link problems past this many are counted in one warning and listed in the details.
    static let shownLinkWarnings = 20

    /// The warnings of `problems` (the first `shownLinkWarnings`, then one that counts the
    /// rest) and the details (`--verbose`) that list the rest.
    static func linkWarnings(_ problems: [LinkProblem]) -> (warnings: [String], details: [String]) {
        let lines = problems.map(\.description)
        guard lines.count > shownLinkWarnings else { return (lines, []) }
        let more = lines.count - shownLinkWarnings
        return (Array(lines.prefix(shownLinkWarnings)) + ["\(more) more link\(more == 1 ? "" : "s") and images lead to no file of the site (`--verbose` lists them)"],
                lines.dropFirst(shownLinkWarnings).map { "link: " + $0 })
    }

    /// Adds the misses of the page at `path`: its templates' (`template`), named by the
    /// templates' origins (`Templates/post.mustache`), and its text's, on lines of the file it
    /// is made from (`Content/…`).
    func add(template: MissRecorder?, text: TextMisses?, page path: String, source: Page, origins: [String: String]) {
        var keys: [Key] = []
        for miss in template?.misses ?? [] {
            let file = miss.template.flatMap { origins[$0] } ?? miss.template ?? "a template"
            keys.append(Key(file: file, line: miss.line, kind: miss.kind, name: miss.name))
        }
        for miss in text?.tags ?? [] {
            keys.append(Key(file: "Content/" + source.sourcePath, line: source.source.bodyLine - 1 + miss.line, kind: miss.kind, name: miss.name))
        }
        let links = (text?.links ?? []).map {
            LinkProblem(file: "Content/" + source.sourcePath, line: source.source.bodyLine - 1 + $0.line, destination: $0.destination, problem: $0.problem)
        }
        guard !keys.isEmpty || !links.isEmpty else { return }
        lock.withLock {
            self.links.formUnion(links)
            for key in keys {
                let seen = pages[key]
                pages[key] = (seen?.first ?? path, (seen?.count ?? 0) + 1)
            }
        }
    }

    /// One warning per tag, in file and line order:
    /// `Templates/post.mustache:3: {{titel}} names nothing on blog/first/index.html (and 2 more pages)`;
    /// then one per link that leads nowhere.
    var warnings: [String] {
        let links = Self.linkWarnings(linkProblems).warnings
        return lock.withLock {
            pages.sorted { ($0.key.file, $0.key.line, $0.key.name) < ($1.key.file, $1.key.line, $1.key.name) }.map { key, seen in
                let more = seen.count > 1 ? " (and \(seen.count - 1) more page\(seen.count == 2 ? "" : "s"))" : ""
                switch key.kind {
                case .name:
                    return "\(key.file):\(key.line): `{{\(key.name)}}` names nothing on \(seen.first)\(more), so it shows nothing; "
                        + "check the spelling, or write `{{#\(key.name)}}…{{/\(key.name)}}` where it is optional"
                case .partial:
                    return "\(key.file):\(key.line): `{{>\(key.name)}}` names no template (there is no Templates/\(key.name).mustache nor a built-in one), so it shows nothing"
                }
            } + links
        }
    }
}

import Foundation
import TemplateEngine

/// What one page's own Mustache tags and its Markdown's links asked for and did not find while
/// its text was rendered (`MarkdownTexts`), on lines of its Markdown file; kept as `TextMisses`.
final class PageMisses {
    /// A misspelt `data.NAME` or `row.COLUMN` is a miss in a section too.
    let text = MissRecorder(strictRoots: MissReport.strictRoots)
    /// What the templates of its report blocks wrote: the links, which must lead to files.
    let blocks = MissRecorder()
    /// Links and images of the page's Markdown that lead nowhere, by line of its text.
    private(set) var links: [(line: Int, destination: String, problem: String)] = []
    /// What else its blocks warn of (a query that gave no rows), by line of the file.
    private(set) var notes: [(line: Int, message: String)] = []

    func link(line: Int, destination: String, _ problem: String) {
        links.append((line, destination, problem))
    }

    func note(line: Int, _ message: String) {
        notes.append((line, message))
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

    /// The names whose every key is known: a section over a misspelt result or column
    /// (`{{#data.contries}}`) is a miss, where any other missing section is optional.
    static let strictRoots: Set<String> = ["data", "row"]

    private let lock = NSLock()
    private var pages: [Key: (first: String, count: Int)] = [:]
    /// "did you mean" for a miss, when a near name is known.
    private var suggestions: [Key: String] = [:]
    /// The notes of blocks (`PageMisses.note`), once per file, line and text, with the first
    /// page that has each (and its row, for a page made from one) and how many do.
    private var notes: [NoteKey: (first: String, count: Int)] = [:]

    private struct NoteKey: Hashable {
        let file: String
        let line: Int
        let message: String
    }
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
        return (
            Array(lines.prefix(shownLinkWarnings)) + [
                "\(more) more link\(more == 1 ? "" : "s") and images lead to no file of the site (`--verbose` lists them)"
            ],
            lines.dropFirst(shownLinkWarnings).map { "link: " + $0 }
        )
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
        var suggested: [Key: String] = [:]
        for miss in text?.tags ?? [] {
            let key = Key(
                file: "Content/" + source.sourcePath, line: source.source.bodyLine - 1 + miss.line, kind: miss.kind, name: miss.name)
            keys.append(key)
            if let near = text?.suggestions[miss.name] { suggested[key] = near }
        }
        let links = (text?.links ?? []).map {
            LinkProblem(
                file: "Content/" + source.sourcePath, line: source.source.bodyLine - 1 + $0.line, destination: $0.destination,
                problem: $0.problem)
        }
        let notes = (text?.notes ?? []).map { NoteKey(file: "Content/" + source.sourcePath, line: $0.line, message: $0.message) }
        guard !keys.isEmpty || !links.isEmpty || !notes.isEmpty else { return }
        let first = source.rowNote ?? path
        lock.withLock {
            self.links.formUnion(links)
            suggestions.merge(suggested) { first, _ in first }
            // Pages render in parallel, in any order: the page a warning names is the first
            // in path order, the same on every build.
            for key in notes {
                let seen = self.notes[key]
                self.notes[key] = (min(seen?.first ?? first, first), (seen?.count ?? 0) + 1)
            }
            for key in keys {
                let seen = pages[key]
                pages[key] = (min(seen?.first ?? path, path), (seen?.count ?? 0) + 1)
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
                let near = suggestions[key].map { "did you mean `\($0)`? " } ?? ""
                switch key.kind {
                case .name where near.isEmpty:
                    return "\(key.file):\(key.line): `{{\(key.name)}}` names nothing on \(seen.first)\(more), so it shows nothing; "
                        + "check the spelling, or write `{{#\(key.name)}}…{{/\(key.name)}}` where it is optional"
                case .name:
                    return
                        "\(key.file):\(key.line): `{{\(key.name)}}` names nothing on \(seen.first)\(more), "
                        + "so it shows nothing; \(near.dropLast())"
                case .section:
                    let what = key.name.hasPrefix("row.") ? "column of the page's row" : "query result of the page"
                    return "\(key.file):\(key.line): `{{#\(key.name)}}` names no \(what) on \(seen.first)\(more), so it shows nothing"
                        + (near.isEmpty ? "; check the spelling" : "; \(near.dropLast())")
                case .partial:
                    return
                        "\(key.file):\(key.line): `{{>\(key.name)}}` names no template (there is no Templates/\(key.name).mustache "
                        + "nor a built-in one), so it shows nothing"
                }
            }
                + notes.sorted { ($0.key.file, $0.key.line, $0.key.message) < ($1.key.file, $1.key.line, $1.key.message) }.map {
                    key, seen in
                    let pages =
                        seen.count > 1
                        ? "; on \(seen.count) pages, the first \(seen.first)"
                        : (seen.first.hasPrefix("for the row") ? " (\(seen.first))" : "")
                    return "\(key.file):\(key.line): \(key.message)\(pages)"
                } + links
        }
    }
}

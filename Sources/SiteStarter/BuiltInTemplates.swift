import Foundation
import SiteBuilder

/// The templates compiled into ttsite (`TemplateSet.defaults`), for `ttsite templates` and
/// `ttsite init --templates`: a site overrides one by putting a file of the same name into
/// `Templates/`, so copying the built-in one is how an override starts.
public enum BuiltInTemplates {
    /// A built-in template and what it is for.
    public struct Entry: Sendable, Equatable {
        public let name: String
        public let purpose: String
        public let bytes: [UInt8]
    }

    /// Every built-in template, by name.
    public static var all: [Entry] {
        TemplateSet.defaults.keys.sorted().map { name in
            Entry(name: name, purpose: purposes[name] ?? "", bytes: TemplateSet.defaults[name]!)
        }
    }

    /// The built-in language packs as `languages/<code>.yml`: a copy in
    /// `Templates/languages/` changes the pack, and one for a new code adds a language.
    public static var languagePacks: [Entry] {
        LanguagePack.builtInPacks.map { pack in
            Entry(name: "languages/\(pack.code).yml", purpose: "the language pack of \(pack.name) (`\(pack.code)`)", bytes: pack.bytes)
        }
    }

    /// The entry called `name`; `page` finds `page.mustache`. An unknown name is an error
    /// that lists the known ones.
    public static func named(_ name: String) throws -> Entry {
        let candidates = [name, name + ".mustache", name + ".yml"]
        let entries = all + languagePacks
        guard let found = candidates.lazy.compactMap({ candidate in entries.first { $0.name == candidate } }).first else {
            let known = entries.map(\.name).joined(separator: ", ")
            throw BuildError(.configuration, "no built-in template is called `\(name)`; the built-in templates are \(known)")
        }
        return found
    }

    /// Copies the template `name` to `Templates/<name>` in `siteFolder` and returns the path
    /// written, relative to the site folder. An existing file is replaced only with `force`.
    @discardableResult
    public static func copy(_ name: String, into siteFolder: URL, force: Bool) throws -> String {
        let entry = try named(name)
        let path = "Templates/\(entry.name)"
        let url = siteFolder.appendingPathComponent(path)
        if FileManager.default.fileExists(atPath: url.path) && !force {
            throw BuildError(
                .configuration, "the site already has this template; edit it, or pass --force to replace it with the built-in one", in: path
            )
        }
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(entry.bytes).write(to: url, options: .atomic)
        } catch {
            throw BuildError(.output, "cannot write the template: \(fileErrorText(error))", in: url.path)
        }
        return path
    }

    /// What each template is, in the words of the template table of the docs (Templates).
    static let purposes: [String: String] = [
        "base.mustache": "the HTML document; blocks {{$title}}, {{$head}}, {{$main}}",
        "header.mustache": "the page header with the menu (a partial of base)",
        "footer.mustache": "the page footer (a partial of base)",
        "page.mustache": "a Markdown page from Content/",
        "home.mustache": "the home page, Content/index.md, with the report summary",
        "people.mustache": "the people list, people/index.html",
        "person.mustache": "a person's page, people/<slug>/index.html",
        "scenarios.mustache": "the list of timelines, scenarios/index.html",
        "timeline.mustache": "a timeline, scenarios/<named>/index.html",
        "figure.mustache": "an image with its license and source (a partial)",
        "counter.mustache": "an animated number (a partial)",
        "avatar.mustache": "a person's initials or picture in lists (a partial)",
        "portrait.mustache": "a person's initials or picture on their own page (a partial)",
        "pagination.mustache": "the page navigation of a long list (a partial)",
        "people-index.mustache": "a birthday month or a letter of the name index, people/by-month/01/, people/by-name/a/",
        "browse.mustache": "the year overview and the letters of the name index (a partial)",
        "age-chart.mustache": "the chart of ages with its table (a partial)",
        "block-upcoming-birthdays.mustache": "the report block ```ttsite upcoming-birthdays days=N```",
        "block-people.mustache": "the report block ```ttsite people month=N``` or ```ttsite people nationality=XX```",
        "block-counter.mustache": "the report block ```ttsite counter of=people|timelines|events|birthdays-this-month```",
        "block-age-histogram.mustache": "the report block ```ttsite age-histogram```",
        "block-timeline.mustache": "the report block ```ttsite timeline named=NAME```",
        "search.mustache": "the search box of the list pages, shown only when search.js runs (a partial)",
        "search.js": "the search box of the list pages, written as assets/search.<hash>.js",
        "not-found.mustache": "404.html",
        "style.css": "the style sheet, written as assets/style.<hash>.css",
        "counter.js": "the counter animation script, written as assets/counter.<hash>.js",
    ]
}

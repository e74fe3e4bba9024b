import Foundation
import TemplateEngine
import TextFormatting

/// The Mustache templates and assets a site renders with: the built-in defaults, each
/// replaced by a file of the same name in the site's `Templates/` folder.
///
/// The defaults are compiled into the binary, so a `ttsite` copied alone still builds.
public struct TemplateSet: Sendable {
    /// Template sources by name (`page` for `page.mustache`), after overrides.
    public private(set) var sources: [String: String]
    /// Asset files by name (`style.css`), after overrides.
    public private(set) var assets: [String: [UInt8]]
    /// Where each template came from, for error messages (`Templates/page.mustache`).
    public private(set) var origins: [String: String]
    let library: TemplateLibrary

    /// The built-in templates and assets, by file name.
    public static let defaults: [String: [UInt8]] = [
        "base.mustache": PackageResources.base_mustache,
        "header.mustache": PackageResources.header_mustache,
        "footer.mustache": PackageResources.footer_mustache,
        "page.mustache": PackageResources.page_mustache,
        "home.mustache": PackageResources.home_mustache,
        "people.mustache": PackageResources.people_mustache,
        "person.mustache": PackageResources.person_mustache,
        "scenarios.mustache": PackageResources.scenarios_mustache,
        "timeline.mustache": PackageResources.timeline_mustache,
        "figure.mustache": PackageResources.figure_mustache,
        "counter.mustache": PackageResources.counter_mustache,
        "avatar.mustache": PackageResources.avatar_mustache,
        "portrait.mustache": PackageResources.portrait_mustache,
        "pagination.mustache": PackageResources.pagination_mustache,
        "browse.mustache": PackageResources.browse_mustache,
        "age-chart.mustache": PackageResources.age_chart_mustache,
        "block-upcoming-birthdays.mustache": PackageResources.block_upcoming_birthdays_mustache,
        "block-people.mustache": PackageResources.block_people_mustache,
        "block-counter.mustache": PackageResources.block_counter_mustache,
        "block-age-histogram.mustache": PackageResources.block_age_histogram_mustache,
        "block-timeline.mustache": PackageResources.block_timeline_mustache,
        "block-table.mustache": PackageResources.block_table_mustache,
        "table-rows.mustache": PackageResources.table_rows_mustache,
        "block-value.mustache": PackageResources.block_value_mustache,
        "block-chart.mustache": PackageResources.block_chart_mustache,
        "block-no-data.mustache": PackageResources.block_no_data_mustache,
        "block-input.mustache": PackageResources.block_input_mustache,
        "people-index.mustache": PackageResources.people_index_mustache,
        "not-found.mustache": PackageResources.not_found_mustache,
        "style.css": PackageResources.style_css,
        "counter.js": PackageResources.counter_js,
        "table.js": PackageResources.table_js,
        "chart.js": PackageResources.chart_js,
        "input.js": PackageResources.input_js,
        "search.js": PackageResources.search_js,
        "search.mustache": PackageResources.search_mustache,
    ]

    /// Loads the defaults and the overrides in `folder` (which may not exist), and parses
    /// every template once. A parse error names the template file and line.
    public init(overridesIn folder: URL?) throws {
        var sources: [String: String] = [:]
        var assets: [String: [UInt8]] = [:]
        var origins: [String: String] = [:]
        for (file, bytes) in Self.defaults {
            Self.add(file, bytes: bytes, origin: "built-in template \(file)", &sources, &assets, &origins)
        }
        if let folder, FileManager.default.fileExists(atPath: folder.path) {
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            for file in files where !file.hasPrefix(".") {
                let url = folder.appendingPathComponent(file)
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
                let bytes: [UInt8]
                do {
                    bytes = Array(try Data(contentsOf: url))
                } catch {
                    throw BuildError(.content, "cannot read the template: \(fileErrorText(error))", in: "Templates/\(file)")
                }
                Self.add(file, bytes: bytes, origin: "Templates/\(file)", &sources, &assets, &origins)
            }
        }
        var library = TemplateLibrary()
        for (name, text) in sources.sorted(by: { $0.key < $1.key }) {
            do {
                try library.add(name, source: text)
            } catch let error as TemplateError {
                throw BuildError(.content, "template error: \(error.message)", in: origins[name], line: error.line)
            }
        }
        self.sources = sources
        self.assets = assets
        self.origins = origins
        self.library = library
        writesTableRows = Self.writesTableRows(origins: origins, library: library)
    }

    private static func add(
        _ file: String, bytes: [UInt8], origin: String,
        _ sources: inout [String: String], _ assets: inout [String: [UInt8]], _ origins: inout [String: String]
    ) {
        if file.hasSuffix(".mustache") {
            let name = String(file.dropLast(".mustache".count))
            sources[name] = String(decoding: bytes, as: UTF8.self)
            origins[name] = origin
        } else {
            assets[file] = bytes
        }
    }

    /// For each template, the digest of its source and of every template it may include,
    /// through partials and parents: a page rendered with it changes when one of them does.
    /// A dynamic partial (`{{>*name}}`) may include any template, so its digest covers all.
    func closureDigests() -> [String: BuildDigest] {
        let all = BuildDigest { hasher in
            for (name, source) in sources.sorted(by: { $0.key < $1.key }) {
                hasher.add(name)
                hasher.add(source)
            }
        }
        var digests: [String: BuildDigest] = [:]
        for name in sources.keys {
            var visited: Set<String> = []
            var queue = [name]
            var dynamic = false
            while let next = queue.popLast() {
                guard visited.insert(next).inserted, let template = library.templates[next] else { continue }
                dynamic = dynamic || template.hasDynamicPartials
                queue += template.partialNames.map(\.name)
            }
            digests[name] =
                dynamic
                ? all
                : BuildDigest { hasher in
                    for included in visited.sorted() {
                        hasher.add(included)
                        hasher.add(sources[included] ?? "")
                    }
                }
        }
        return digests
    }

    /// Whether a template of that name exists (a page's `layout`).
    public func has(_ name: String) -> Bool { sources[name] != nil }

    /// The texts of the site's own templates and assets (`Templates/`), which may name files
    /// of `Content/`; the built-in ones name none.
    var siteTexts: [String] {
        sources.filter { origins[$0.key]?.hasPrefix("Templates/") == true }.map(\.value)
            + assets.filter { Self.defaults[$0.key] != $0.value }.map { String(decoding: $0.value, as: UTF8.self) }
    }

    /// Renders `text` — the Markdown of a content page — as a Mustache template before it
    /// goes to cmark, so a page can say `We track {{people.count}} people.` Each `{{value}}`
    /// is written as literal text for Markdown (`MarkdownEscaping`): a value from data is
    /// never Markdown, nor a block. A parse error names `file` and the line in it;
    /// `firstLine` is the file line the text starts on.
    func renderInline(_ text: String, _ context: TemplateValue, file: String, firstLine: Int, misses: MissRecorder? = nil) throws -> String
    {
        guard Self.hasTag(text) else { return text }
        return try renderInline(ParsedText.parse(text), context, file: file, firstLine: firstLine, misses: misses)
    }

    /// The same for a text already parsed (or not, with the parser's error).
    func renderInline(
        _ parsed: Result<Template, TemplateError>, _ context: TemplateValue, file: String, firstLine: Int, misses: MissRecorder? = nil
    ) throws -> String {
        switch parsed {
        case .success(let template):
            return library.render(template, context, misses: misses, escaping: .markdown)
        case .failure(let error):
            throw BuildError(.content, "template error in the page text: \(error.message)", in: file, line: firstLine - 1 + error.line)
        }
    }

    /// Renders the template `name` with `context`, appending its UTF-8 bytes to `output`;
    /// `misses` is told of every name and partial that was not found; `linkBase` goes before
    /// every path of the context's links (a page's `Relativiser`).
    /// `written`: partials whose output the caller wrote itself (`TemplateLibrary.render`).
    public func render(
        _ name: String, _ context: TemplateValue, into output: inout [UInt8], misses: MissRecorder? = nil, linkBase: String = "",
        written: [String: [UInt8]] = [:]
    ) {
        library.render(name, context, into: &output, misses: misses, linkBase: linkBase, written: written)
    }

    /// Whether a table block's rows are written by `TableBlockView.rowsHTML`: the site keeps
    /// the built-in `table-rows`, and its `block-table` (if its own) does not show `rows`
    /// itself, as one written before `table-rows` existed would. Worked out once: asked for
    /// every table of every page.
    private(set) var writesTableRows = false

    private static func writesTableRows(origins: [String: String], library: TemplateLibrary) -> Bool {
        isBuiltIn(TableBlockView.rowsTemplate, origins)
            && (isBuiltIn("block-table", origins) || library.templates["block-table"]?.names.contains(where: { $0 == "rows" }) == false)
    }

    /// Whether the site keeps ttsite's own template `name` (has none of its own in `Templates/`).
    func isBuiltIn(_ name: String) -> Bool {
        Self.isBuiltIn(name, origins)
    }

    private static func isBuiltIn(_ name: String, _ origins: [String: String]) -> Bool {
        origins[name]?.hasPrefix("built-in ") == true
    }

    /// The keys of `page` that the template `name` reads (`{{page.title}}` → `title`),
    /// through its partials and parents too; nil when it reads `page` whole (`{{#page}}`),
    /// so that any key may be meant.
    func pageKeys(readBy name: String) -> Set<String>? {
        var keys: Set<String> = []
        var visited: Set<String> = []
        var queue = [name]
        while let next = queue.popLast() {
            guard visited.insert(next).inserted, let template = library.templates[next] else { continue }
            guard Self.pageKeys(in: template, into: &keys) else { return nil }
            queue += template.partialNames.map(\.name)
        }
        return keys
    }

    /// Adds the `page.` keys `template` names to `keys`; false when it names `page` itself.
    static func pageKeys(in template: Template, into keys: inout Set<String>) -> Bool {
        for name in template.names {
            if name == "page" { return false }
            if name.hasPrefix("page.") {
                keys.insert(String(name.dropFirst(5).prefix { $0 != "." }))
            }
        }
        return true
    }

    /// Whether `text` holds `{{`: a byte scan (`containsUTF8`), since every page asks.
    static func hasTag(_ text: String) -> Bool {
        text.containsUTF8("{{")
    }
}

/// One page a build renders: its output path, its template, the value it gets and the base
/// of that value's links.
public struct RenderInput: Sendable {
    public let path: String
    public let template: String
    public let value: TemplateValue
    /// What goes before each path of the value's links: the page's way back to the site root.
    public let linkBase: String
}

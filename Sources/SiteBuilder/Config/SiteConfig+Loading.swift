import DataSources
import Foundation
import IntervalText
import Markdown
import ReportData
import TextFormatting
import Yams

extension SiteConfig {
    static let knownKeys = [
        "title", "base_url", "languages", "time_zone", "output", "people", "scenarios",
        "replay_seconds", "date_formats", "fetch", "markdown", "interval_text",
        "birthday_format", "images", "remote_images", "guard", "page_size", "people_urls", "feeds", "share_image", "data_outputs",
        "language_packs", "data", "connections", "queries", "inputs", "chart_images",
    ]

    /// Reads and checks `ttsite.yml`. Errors name the file, the line and the key.
    /// `packFolder` holds the site's own language packs (`Templates/languages/`); with
    /// `readingPacks` false the packs are left as they are (a caller that wants only the data
    /// sources, many times a second).
    public static func load(from url: URL, displayName: String? = nil, packFolder: URL? = nil, readingPacks: Bool = true) throws
        -> SiteConfig
    {
        let name = displayName ?? url.path
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw BuildError(.configuration, "cannot read the site config: \(fileErrorText(error))", in: name)
        }
        return try parse(text, file: name, packFolder: packFolder, readingPacks: readingPacks)
    }

    /// Parses the text of a `ttsite.yml`; `file` names it in errors. The language packs come
    /// from the built-in ones, `packFolder` and the `language_packs` section.
    public static func parse(_ text: String, file: String, packFolder: URL? = nil, readingPacks: Bool = true) throws -> SiteConfig {
        let reader = YAMLReader(file: file, lineOffset: 0, kind: .configuration)
        let mapping = try reader.parseMapping(text)
        try reader.requireKnownKeys(mapping, knownKeys)

        guard let titleNode = mapping["title"] else {
            throw BuildError(.configuration, "`title` is missing; every site needs a title", in: file)
        }
        var config = SiteConfig(title: try reader.string(titleNode, "title"))

        if let node = mapping["base_url"] {
            config.baseURL = try baseURL(try reader.string(node, "base_url"), reader: reader, node: node)
        }
        if let node = mapping["languages"] {
            let languages = try reader.strings(node, "languages")
            guard !languages.isEmpty else { throw reader.error("`languages` must name at least one language", at: node) }
            for language in languages where language.range(of: "^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$", options: .regularExpression) == nil {
                throw reader.error("`\(language)` is not a language code such as `en` or `de`", at: node)
            }
            guard Set(languages).count == languages.count else { throw reader.error("`languages` names a language twice", at: node) }
            config.languages = languages
        }
        if let node = mapping["time_zone"] {
            let identifier = try reader.string(node, "time_zone")
            guard let zone = TimeZone(identifier: identifier) else {
                throw reader.error("`\(identifier)` is not an IANA time zone such as `Europe/Berlin` or `UTC`", at: node)
            }
            config.timeZone = zone
        }
        if let node = mapping["output"] {
            config.output = try reader.string(node, "output")
            guard !config.output.isEmpty else { throw reader.error("`output` must not be empty", at: node) }
        }
        if let node = mapping["people"] { config.people = try sources(node, "people", reader, lines: &config.sourceLines) }
        if let node = mapping["scenarios"] { config.scenarios = try sources(node, "scenarios", reader, lines: &config.sourceLines) }
        if let node = mapping["replay_seconds"] {
            config.replaySeconds = try reader.number(node, "replay_seconds")
            guard config.replaySeconds > 0 else { throw reader.error("`replay_seconds` must be more than 0", at: node) }
        }
        if let node = mapping["date_formats"] { config.dateFormats = try reader.strings(node, "date_formats") }
        if let node = mapping["birthday_format"] {
            config.birthdayFormat = try reader.string(node, "birthday_format")
            if let problem = DateWriter.problem(with: config.birthdayFormat) {
                throw reader.error("`birthday_format` `\(config.birthdayFormat)`: \(problem)", at: node)
            }
        }
        if let node = mapping["images"] { config.images = try imageSettings(node, reader) }
        if let node = mapping["remote_images"] {
            // The key before `images:`: true hot-linked people's pictures, false showed initials.
            guard mapping["images"] == nil else {
                throw reader.error(
                    "`remote_images` is the older spelling of `images:`; keep only `images: local`, `remote` or `none`", at: node)
            }
            config.images.mode = try reader.bool(node, "remote_images") ? .remote : .local
        }
        if let node = mapping["fetch"] { config.fetch = try fetchSettings(node, reader) }
        if let node = mapping["markdown"] {
            let markdown = try reader.mapping(node, "markdown")
            try reader.requireKnownKeys(markdown, ["smart", "unsafe_html", "extensions"], context: "markdown")
            if let smart = markdown["smart"] { config.markdown.smart = try reader.bool(smart, "smart") }
            if let unsafe = markdown["unsafe_html"] { config.markdown.unsafeHTML = try reader.bool(unsafe, "unsafe_html") }
            if let node = markdown["extensions"] { config.markdown.extensions = try markdownExtensions(node, reader) }
        }
        if readingPacks { config.packs = try languagePacks(config.languages, mapping, packFolder: packFolder, reader) }
        if let node = mapping["guard"] {
            let settings = try reader.mapping(node, "guard")
            try reader.requireKnownKeys(settings, ["max_shrink", "max_deletes"], context: "guard")
            if let value = settings["max_shrink"] { config.shrinkGuard.maxShrink = try share(value, "max_shrink", reader) }
            if let value = settings["max_deletes"] { config.shrinkGuard.maxDeletes = try share(value, "max_deletes", reader) }
        }
        if let node = mapping["page_size"] {
            let sizes = try reader.mapping(node, "page_size")
            try reader.requireKnownKeys(sizes, ["people", "scenarios", "index"], context: "page_size")
            if let value = sizes["people"] { config.pageSize.people = try pageSize(value, "people", reader) }
            if let value = sizes["scenarios"] { config.pageSize.scenarios = try pageSize(value, "scenarios", reader) }
            if let value = sizes["index"] { config.pageSize.index = try pageSize(value, "index", reader) }
        }
        if let node = mapping["connections"] { config.connections = try connections(node, reader) }
        if let node = mapping["data"] {
            (config.data, config.serverTables, config.loaders) = try tableSources(node, reader, connections: config.connections)
        }
        if let node = mapping["queries"] { config.queries = try querySettings(node, reader) }
        if let node = mapping["inputs"] { config.inputs = try inputSettings(node, reader) }
        if let node = mapping["data_outputs"] { config.dataOutputs = try reader.bool(node, "data_outputs") }
        if let node = mapping["share_image"] {
            let path = try reader.string(node, "share_image")
            guard path.range(of: "^[A-Za-z0-9._-]+(/[A-Za-z0-9._-]+)*$", options: .regularExpression) != nil,
                !path.pathParts().contains(where: { $0 == ".." || $0 == "." })
            else {
                throw reader.error(
                    "`share_image` must be the path of a file in Content/, such as `images/share.png`, found `\(path)`", at: node)
            }
            config.shareImage = path
        }
        if let node = mapping["feeds"] {
            let feeds = try reader.mapping(node, "feeds")
            try reader.requireKnownKeys(feeds, ["upcoming_days", "limit"], context: "feeds")
            if let value = feeds["upcoming_days"] {
                let days = try reader.int(value, "upcoming_days")
                guard (1...366).contains(days) else {
                    throw reader.error("`feeds.upcoming_days` must be a whole number of days from 1 to 366, found \(days)", at: value)
                }
                config.feeds.upcomingDays = days
            }
            if let value = feeds["limit"] {
                let limit = try reader.int(value, "limit")
                guard limit >= 1 else {
                    throw reader.error("`feeds.limit` must be a whole number of entries, 1 or more, found \(limit)", at: value)
                }
                config.feeds.limit = limit
            }
        }
        if let node = mapping["chart_images"] {
            let text = try reader.string(node, "chart_images")
            guard let images = ChartImages(rawValue: text) else {
                throw reader.error(
                    "`chart_images` must be `pages` (the charts of pages not made from rows, "
                        + "the default), `all` or `none`, found `\(text)`",
                    at: node)
            }
            config.chartImages = images
        }
        if let node = mapping["people_urls"] {
            let text = try reader.string(node, "people_urls")
            guard let urls = PersonURLs(rawValue: text) else {
                throw reader.error(
                    "`people_urls` must be `name` (people/lukas-schafer/) or `id` (the record's id), found `\(text)`", at: node)
            }
            config.personURLs = urls
        }
        return config
    }

    /// `images: local` (or `remote`, `none`), or a mapping with `mode`, `refresh_days`,
    /// `max_pixels`, `parallel` and `originals`.
    private static func imageSettings(_ node: Node, _ reader: YAMLReader) throws -> ImageSettings {
        var settings = ImageSettings()
        let modes = ImageSettings.Mode.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", ")
        func mode(_ node: Node, _ key: String) throws -> ImageSettings.Mode {
            let text = try reader.string(node, key)
            guard let mode = ImageSettings.Mode(rawValue: text) else {
                throw reader.error("`\(key)` must be one of \(modes), found `\(text)`", at: node)
            }
            return mode
        }
        guard node.mapping != nil else {
            settings.mode = try mode(node, "images")
            return settings
        }
        let mapping = try reader.mapping(node, "images")
        try reader.requireKnownKeys(mapping, ["mode", "refresh_days", "max_pixels", "parallel", "originals"], context: "images")
        if let value = mapping["mode"] { settings.mode = try mode(value, "images.mode") }
        if let value = mapping["refresh_days"] {
            settings.refreshDays = try reader.number(value, "refresh_days")
            guard settings.refreshDays >= 0 else { throw reader.error("`images.refresh_days` must be 0 or more days", at: value) }
        }
        if let value = mapping["max_pixels"] {
            settings.maxPixels = try reader.int(value, "max_pixels")
            guard settings.maxPixels >= 1 else {
                throw reader.error("`images.max_pixels` must be a whole number of pixels, at least 1", at: value)
            }
        }
        if let value = mapping["parallel"] {
            settings.parallel = try reader.int(value, "parallel")
            guard (1...64).contains(settings.parallel) else {
                throw reader.error("`images.parallel` must be a whole number from 1 to 64", at: value)
            }
        }
        if let value = mapping["originals"] {
            let text = try reader.string(value, "images.originals")
            guard let originals = ImageSettings.Originals(rawValue: text) else {
                let known = ImageSettings.Originals.allCases.map { "`\($0.rawValue)`" }.joined(separator: " or ")
                throw reader.error("`images.originals` must be \(known), found `\(text)`", at: value)
            }
            settings.originals = originals
        }
        return settings
    }

    /// A number of records per list page, 1 to 10,000.
    private static func pageSize(_ node: Node, _ key: String, _ reader: YAMLReader) throws -> Int {
        let number = try reader.int(node, key)
        guard (1...10_000).contains(number) else {
            throw reader.error("`page_size.\(key)` must be a whole number from 1 to 10000, found \(number)", at: node)
        }
        return number
    }

    /// A share written as a percentage, `50%`, as a fraction from 0 to 1.
    private static func share(_ node: Node, _ key: String, _ reader: YAMLReader) throws -> Double {
        let text = try reader.string(node, key).trimmingCharacters(in: .whitespaces)
        guard text.hasSuffix("%"), let percent = Double(text.dropLast().trimmingCharacters(in: .whitespaces)),
            percent >= 0, percent <= 100
        else {
            throw reader.error("`\(key)` must be a percentage from 0% to 100%, such as `50%`, found `\(text)`", at: node)
        }
        return percent / 100
    }

    private static func baseURL(_ text: String, reader: YAMLReader, node: Node) throws -> URL {
        guard let url = baseURL(from: text) else {
            throw reader.error(
                "`base_url` must be an absolute http(s) URL such as `https://example.org/reports/`, found `\(text)`", at: node)
        }
        return url
    }

    /// `text` as a base URL (absolute http or https, ending in `/`), or nil.
    public static func baseURL(from text: String) -> URL? {
        let withSlash = text.hasSuffix("/") ? text : text + "/"
        guard let url = URL(string: withSlash), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host != nil
        else { return nil }
        return url
    }

    private static func sources(_ node: Node, _ key: String, _ reader: YAMLReader, lines: inout [String: Int]) throws -> [DataSources
        .SourceLocation]
    {
        guard let sequence = node.sequence else {
            throw reader.error("`\(key)` must be a list of `- file: …` or `- url: …` entries", at: node)
        }
        let locations = try sequence.map { entry -> DataSources.SourceLocation in
            let mapping = try reader.mapping(entry, key)
            try reader.requireKnownKeys(mapping, ["file", "url"], context: key)
            switch (mapping["file"], mapping["url"]) {
            case (let file?, nil):
                return .file(try reader.string(file, "file"))
            case (nil, let urlNode?):
                let text = try reader.string(urlNode, "url")
                guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
                    scheme == "http" || scheme == "https", url.host != nil
                else {
                    throw reader.error("`\(text)` is not an http or https URL", at: urlNode)
                }
                return .url(url)
            default:
                throw reader.error("each entry of `\(key)` needs exactly one of `file:` or `url:`", at: entry)
            }
        }
        for (location, entry) in zip(locations, sequence) {
            if let line = entry.mark?.line { lines[sourceKey(key, location)] = line }
        }
        return locations
    }

    /// The key of `sourceLines` for an entry of `people` or `scenarios`.
    static func sourceKey(_ key: String, _ location: DataSources.SourceLocation) -> String {
        "\(key) \(location)"
    }

    /// The pack of every page language (`LanguagePack+Loading.swift`), with the sections of
    /// `language_packs` and `interval_text` applied. Both sections may only name page
    /// languages: anything else is a typo or a language that `languages` forgot.
    private static func languagePacks(_ languages: [String], _ mapping: Node.Mapping, packFolder: URL?, _ reader: YAMLReader) throws
        -> [String: LanguagePack]
    {
        var sections: [String: LanguagePack.Layer] = [:]
        if let node = mapping["language_packs"] {
            for (codeNode, section) in try reader.mapping(node, "language_packs") {
                let code = codeNode.string ?? ""
                guard languages.contains(code) else {
                    throw reader.error(
                        "language_packs.\(code): `\(code)` is not one of `languages` (\(languages.joined(separator: ", ")))", at: codeNode)
                }
                sections[code] = LanguagePack.Layer(reader: reader, node: section, keyPrefix: "language_packs.\(code).")
            }
        }
        var intervalTexts: [String: LanguageDescription] = [:]
        if let node = mapping["interval_text"] {
            for (codeNode, description) in try reader.mapping(node, "interval_text") {
                let code = codeNode.string ?? ""
                guard languages.contains(code) else {
                    throw reader.error(
                        "interval_text.\(code): `\(code)` is not one of `languages` (\(languages.joined(separator: ", "))); "
                            + "a new language needs a language pack, at \(LanguagePack.siteFolder)/\(code).yml",
                        at: codeNode)
                }
                do {
                    intervalTexts[code] = try YAMLDecoder().decode(LanguageDescription.self, from: description)
                } catch let error as DecodingError {
                    throw reader.error("interval_text.\(code): \(decodingMessage(error))", at: line(of: error, in: description) ?? codeNode)
                }
            }
        }
        var packs: [String: LanguagePack] = [:]
        for code in languages {
            let layers = try LanguagePack.layers(code: code, folder: packFolder, section: sections[code])
            guard !layers.isEmpty else {
                let node = mapping["languages"]
                throw LanguagePack.missingPackError(code, reader: reader, at: node?.sequence?.first { $0.string == code } ?? node)
            }
            do {
                // A built-in pack as it is, the usual case, was read once already.
                if layers.count == 1, sections[code] == nil, intervalTexts[code] == nil, let pack = LanguagePack.builtIn(code: code) {
                    packs[code] = pack
                    continue
                }
                packs[code] = try LanguagePack.load(code: code, layers: layers, intervalText: intervalTexts[code])
            } catch let error as LanguageDescriptionError {
                throw reader.error("\(error)", at: mapping["interval_text"])
            }
        }
        return packs
    }

    /// The node a decoding error points at, followed down its coding path.
    static func line(of error: DecodingError, in node: Node) -> Node? {
        let path: [CodingKey]
        switch error {
        case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
            path = context.codingPath
        case .keyNotFound(_, let context):
            path = context.codingPath
        @unknown default:
            return nil
        }
        var current = node
        for key in path {
            if let index = key.intValue, let sequence = current.sequence, index < sequence.count {
                current = sequence[index]
            } else if let mapping = current.mapping, let (keyNode, value) = mapping.first(where: { $0.key.string == key.stringValue }) {
                current = key.stringValue == path.last?.stringValue && isUnknownKey(error) ? keyNode : value
            } else {
                break
            }
        }
        return current
    }

    private static func isUnknownKey(_ error: DecodingError) -> Bool {
        if case .dataCorrupted(let context) = error { return context.debugDescription.hasPrefix("unknown key") }
        return false
    }

    static func decodingMessage(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context): context.debugDescription
        case .typeMismatch(let type, let context):
            "`\(context.codingPath.map(\.stringValue).joined(separator: "."))` must be \(type == Bool.self ? "true or false" : "text")"
        case .valueNotFound(_, let context): "`\(context.codingPath.map(\.stringValue).joined(separator: "."))` needs a value"
        case .keyNotFound(let key, _): "`\(key.stringValue)` is missing"
        @unknown default: "\(error)"
        }
    }

    /// `markdown.extensions`: the names of GitHub's extensions a site keeps (an empty list
    /// keeps none: plain CommonMark). An unknown name is an error on its line that lists the
    /// known ones.
    static func markdownExtensions(_ node: Node, _ reader: YAMLReader) throws -> Set<MarkdownExtension> {
        let entries = node.sequence.map(Array.init) ?? [node]
        if node.sequence == nil, node.scalar == nil {
            throw reader.error("`markdown.extensions` must be a list of names, such as `[table, footnotes]`", at: node)
        }
        var chosen: Set<MarkdownExtension> = []
        for entry in entries {
            let name = try reader.string(entry, "markdown.extensions")
            guard let known = MarkdownExtension(rawValue: name) else {
                let names = MarkdownExtension.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", ")
                throw reader.error(
                    "`markdown.extensions` names `\(name)`, which is not an extension; the extensions are \(names)", at: entry)
            }
            chosen.insert(known)
        }
        return chosen
    }

    private static func fetchSettings(_ node: Node, _ reader: YAMLReader) throws -> DataSources.FetchSettings {
        let mapping = try reader.mapping(node, "fetch")
        try reader.requireKnownKeys(mapping, ["timeout_seconds", "retries", "max_bytes"], context: "fetch")
        var settings = DataSources.FetchSettings()
        if let value = mapping["timeout_seconds"] {
            settings.timeoutSeconds = try reader.number(value, "timeout_seconds")
            guard settings.timeoutSeconds > 0 else { throw reader.error("`timeout_seconds` must be more than 0", at: value) }
        }
        if let value = mapping["retries"] {
            settings.retries = try reader.int(value, "retries")
            guard settings.retries >= 0 else { throw reader.error("`retries` must be 0 or more", at: value) }
        }
        if let value = mapping["max_bytes"] {
            settings.maxBytes = try reader.int(value, "max_bytes")
            guard settings.maxBytes > 0 else { throw reader.error("`max_bytes` must be more than 0", at: value) }
        }
        return settings
    }
}

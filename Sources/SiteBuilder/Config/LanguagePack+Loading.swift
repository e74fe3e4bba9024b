import Foundation
import IntervalText
import TextFormatting
import Yams

/// Reading language packs. A pack is read from layers, each changing the one before key by
/// key:
///
///     built-in DefaultLanguages/fr.yml   (by the primary subtag: "fr" for "fr-CA")
///     → Templates/languages/fr.yml, then fr-CA.yml   (the site's own files)
///     → language_packs: { fr-CA: … }     (in ttsite.yml)
///
/// A language with none of the three is an error naming where its pack goes; a pack that
/// lacks a word after the layers is an error naming the key. English's pack is the list of
/// the words every pack needs. `formats:` is the exception: a pack may leave it out, or any
/// of its keys, and English's fill the gaps (`referenceFormats`), so that a site's pack
/// written before value formats existed still reads.
extension LanguagePack {
    /// Where a site keeps its own packs, relative to the site folder.
    public static let siteFolder = "Templates/languages"

    /// The built-in packs' YAML, by language code.
    static let builtInFiles: [String: [UInt8]] = [
        "en": PackageResources.en_yml, "de": PackageResources.de_yml,
        "ru": PackageResources.ru_yml, "uk": PackageResources.uk_yml,
        "fr": PackageResources.fr_yml, "es": PackageResources.es_yml,
        "pl": PackageResources.pl_yml, "fa": PackageResources.fa_yml,
    ]

    /// The codes of the built-in packs, sorted.
    public static var builtInCodes: [String] { builtInFiles.keys.sorted() }

    /// The built-in packs' files, by code: what `ttsite templates copy languages/fr.yml` copies.
    public static var builtInPacks: [(code: String, name: String, bytes: [UInt8])] {
        builtInCodes.map { ($0, builtIn(code: $0)!.name, builtInFiles[$0]!) }
    }

    /// The built-in pack for a code such as "de" or "de-AT" (under that code), or nil. Each
    /// is read once, when first asked for; they are tested to read without error.
    static func builtIn(code: String) -> LanguagePack? {
        let key = primarySubtag(code)
        guard builtInFiles[key] != nil else { return nil }
        var pack = BuiltInCache.shared.pack(key) {
            do {
                return try load(code: key, layers: [builtInLayer(key)!], checking: false)
            } catch {
                fatalError("the built-in language pack \(key).yml cannot be read: \(error)")
            }
        }
        pack.code = code
        return pack
    }

    static func primarySubtag(_ code: String) -> String {
        String(code.prefix { $0 != "-" && $0 != "_" }).lowercased()
    }

    /// One file, or one section of `ttsite.yml`, that a pack is read from.
    struct Layer {
        /// Names the file in errors, with line numbers.
        let reader: YAMLReader
        let node: Node
        /// Where the pack's keys sit in the file: "" in a pack file, "language_packs.fr." in
        /// `ttsite.yml`.
        let keyPrefix: String
    }

    /// A built-in pack's file as the bottom layer of a pack, parsed once.
    static func builtInLayer(_ code: String) -> Layer? {
        let key = primarySubtag(code)
        guard let bytes = builtInFiles[key] else { return nil }
        return BuiltInCache.shared.layer(key) {
            let reader = YAMLReader(file: "built-in language pack \(key).yml", lineOffset: 0, kind: .configuration)
            let mapping = try! reader.parseMapping(String(decoding: bytes, as: UTF8.self))
            return Layer(reader: reader, node: .mapping(mapping), keyPrefix: "")
        }
    }

    /// The layers of `code`'s pack: the built-in one, the site's files in `folder` (named
    /// `Templates/languages/<code>.yml` in errors; for "de-AT", `de.yml` and then
    /// `de-AT.yml`), and `section` of `ttsite.yml`.
    static func layers(code: String, folder: URL?, section: Layer?) throws -> [Layer] {
        var layers = [builtInLayer(code)].compactMap { $0 }
        let files = primarySubtag(code) == code ? [code] : [primarySubtag(code), code]
        for file in files {
            guard let folder else { break }
            let url = folder.appendingPathComponent("\(file).yml")
            if FileManager.default.fileExists(atPath: url.path) {
                let name = "\(siteFolder)/\(file).yml"
                let text: String
                do {
                    text = try String(contentsOf: url, encoding: .utf8)
                } catch {
                    throw BuildError(.configuration, "cannot read the language pack: \(fileErrorText(error))", in: name)
                }
                let reader = YAMLReader(file: name, lineOffset: 0, kind: .configuration)
                layers.append(Layer(reader: reader, node: .mapping(try reader.parseMapping(text)), keyPrefix: ""))
            }
        }
        if let section { layers.append(section) }
        return layers
    }

    /// The error for a language without a pack.
    static func missingPackError(_ code: String, reader: YAMLReader, at node: Node?) -> BuildError {
        reader.error(
            "`languages` names `\(code)`, which has no language pack: write one at \(siteFolder)/\(code).yml (start from a built-in one: "
                + "`ttsite templates show languages/en.yml > \(siteFolder)/\(code).yml`; ttsite's docs, Languages, \"Adding a language\"); "
                + "ttsite has packs for \(builtInCodes.map { "`\($0)`" }.joined(separator: ", "))",
            at: node
        )
    }

    // MARK: - Reading the layers

    static let topKeys = ["name", "direction", "numbers", "dates", "timeline", "interval", "words", "punctuation", "titles", "formats"]
    static let numberKeys = ["decimal", "grouping", "minimum_grouping_digits", "digits"]
    static let dateKeys = ["day_and_month", "event_day", "months", "standalone_months", "short_months", "short_format_months"]

    /// The words every pack has: the `words` of the English pack.
    /// A value, never changed: safe to share.
    nonisolated(unsafe) static let referenceWords: Node = builtInLayer("en")!.node.mapping!["words"]!

    /// The formats a pack's own `formats:` is laid over: English's, so that a site's pack
    /// written before formats existed (or one leaving keys out) still reads.
    /// A value, never changed: safe to share.
    nonisolated(unsafe) static let referenceFormats: Node = builtInLayer("en")!.node.mapping!["formats"]!

    /// The keys a layer replaces whole rather than key by key: a plural rule's conditions
    /// only make sense together, and so do the powers of ten of a compact table.
    static let replacedWhole: Set<[String]> = [["interval", "plural_rule"], ["formats", "compact"]]

    /// The pack `layers` make, each checked on its own (so an error names its file and
    /// line), then laid over one another and checked for completeness.
    /// `intervalText` is `interval_text.<code>` of `ttsite.yml`, applied last. A built-in
    /// pack alone is read `checking: false`: the tests check it, and the checks were a
    /// third of reading it, on every build.
    static func load(code: String, layers: [Layer], intervalText: LanguageDescription? = nil, checking: Bool = true) throws -> LanguagePack
    {
        precondition(!layers.isEmpty)
        if checking {
            for layer in layers { try check(layer) }
        }
        var merged = layers[0].node
        for layer in layers.dropFirst() { merged = overlaid(merged, with: layer.node, path: []) }
        let top = merged.mapping ?? Node.Mapping([])
        let last = layers[layers.count - 1]

        func missing(_ key: String) -> BuildError {
            let (layer, node) = whereMissing(key, in: layers)
            return layer.reader.error(
                "the language pack `\(code)` has no `\(layer.keyPrefix)\(key)`\(layers.count > 1 ? " (nor has the pack it changes)" : "")",
                at: node)
        }
        func text(_ node: Node?, _ key: String) throws -> String {
            guard let node, let scalar = node.scalar, node.null == nil else { throw missing(key) }
            return scalar.string
        }

        let direction = try top["direction"].map { LanguagePack.Direction(rawValue: try text($0, "direction"))! } ?? .ltr
        let numbers = top["numbers"]?.mapping ?? Node.Mapping([])
        let symbols = NumberSymbols(
            decimalSeparator: try text(numbers["decimal"], "numbers.decimal"),
            groupingSeparator: try text(numbers["grouping"], "numbers.grouping"),
            minimumDigitsToGroup: (numbers["minimum_grouping_digits"]?.integer ?? 1) + 3,
            digits: try numbers["digits"].map { try text($0, "numbers.digits") }
        )
        let dates = top["dates"]?.mapping ?? Node.Mapping([])
        let dayAndMonth = try text(dates["day_and_month"], "dates.day_and_month")
        let conventions = DateConventions(
            dayAndMonth: dayAndMonth,
            eventDay: try dates["event_day"].map { try text($0, "dates.event_day") } ?? dayAndMonth,
            months: dates["months"]?.sequence?.compactMap(\.string),
            standaloneMonths: dates["standalone_months"]?.sequence?.compactMap(\.string),
            shortMonths: dates["short_months"]?.sequence?.compactMap(\.string),
            shortFormatMonths: dates["short_format_months"]?.sequence?.compactMap(\.string)
        )
        let startCase =
            try top["timeline"]?.mapping?["start_case"].map { GrammaticalCase(rawValue: try text($0, "timeline.start_case"))! }
            ?? .nominative

        if checking, let key = firstMissingWord(in: top["words"], reference: referenceWords, path: "words") { throw missing(key) }
        let labels = try YAMLDecoder().decode(Labels.self, from: top["words"]!)

        guard let intervalNode = top["interval"] else { throw missing("interval") }
        for key in ["plural_rule", "past", "future", "zero", "words"] where intervalNode.mapping?[key] == nil {
            throw missing("interval.\(key)")
        }
        var interval: IntervalText.Language
        do {
            let description = try YAMLDecoder().decode(LanguageDescription.self, from: intervalNode)
            interval = try IntervalText.Language(code: code, description: description)
            interval.numberSymbols = symbols
        } catch let error as LanguageDescriptionError {
            // Its text names `interval_text.<code>`; a pack's interval text sits elsewhere.
            let prefix = "interval_text.\(code)"
            let text = error.description.hasPrefix(prefix) ? String(error.description.dropFirst(prefix.count)) : ": \(error)"
            throw last.reader.error("language pack `\(code)`: \(last.keyPrefix)interval\(text)", at: last.node)
        }
        // Its errors name `interval_text.<code>` of ttsite.yml, as they should.
        if let intervalText { interval = try interval.applying(intervalText) }

        let formats = ValueFormatting(overlaid(referenceFormats, with: top["formats"] ?? .mapping(Node.Mapping([])), path: ["formats"]))
        var pack = LanguagePack(
            code: code, name: try text(top["name"], "name"), direction: direction, numbers: symbols,
            dates: conventions, interval: interval, startCase: startCase, labels: labels, formats: formats
        )
        if let punctuation = top["punctuation"]?.mapping {
            if let list = punctuation["list"] { pack.punctuation.list = try text(list, "punctuation.list") }
            if let joined = punctuation["date_and_time"] { pack.punctuation.dateAndTime = try text(joined, "punctuation.date_and_time") }
        }
        for (key, value) in top["titles"]?.mapping ?? [:] {
            if let written = key.string, let shown = value.string { pack.titles[written.lowercased()] = shown }
        }
        return pack
    }

    /// Where a missing key (`words.skip`) belongs, for its error: the layer that holds most
    /// of the way to it (the first of them on a tie: the pack's own file before the changes
    /// of `ttsite.yml`), at the key of that way's last mapping (`words:`).
    static func whereMissing(_ key: String, in layers: [Layer]) -> (Layer, Node?) {
        var best: (layer: Layer, node: Node?, depth: Int) = (layers[layers.count - 1], layers[layers.count - 1].node, -1)
        for layer in layers {
            var node = layer.node
            var found: Node?
            var depth = 0
            for part in key.split(separator: ".").dropLast() {
                guard let pair = node.mapping?.first(where: { $0.key.string == String(part) }) else { break }
                found = pair.key
                node = pair.value
                depth += 1
            }
            if depth > best.depth { best = (layer, found ?? layer.node, depth) }
        }
        return (best.layer, best.node)
    }

    /// `base` with `layer` laid over it: mappings key by key, anything else replaced, and
    /// the keys of `replacedWhole` replaced whole.
    static func overlaid(_ base: Node, with layer: Node, path: [String]) -> Node {
        guard let baseMapping = base.mapping, let layerMapping = layer.mapping, !replacedWhole.contains(path) else {
            return layer
        }
        var result = baseMapping
        for (keyNode, value) in layerMapping {
            let key = keyNode.string ?? ""
            result[key] = result[key].map { overlaid($0, with: value, path: path + [key]) } ?? value
        }
        return .mapping(result)
    }

    /// The first word of `reference` that `words` lacks, as a dotted path; nil when none.
    static func firstMissingWord(in words: Node?, reference: Node, path: String) -> String? {
        guard let referenceMapping = reference.mapping else { return nil }
        guard let mapping = words?.mapping else { return "\(path).\(referenceMapping.keys.first?.string ?? "")" }
        for (key, value) in referenceMapping {
            let name = key.string ?? ""
            guard let own = mapping[name] else { return "\(path).\(name)" }
            if value.mapping != nil, !Labels.countedWords.contains(name),
                let missing = firstMissingWord(in: own, reference: value, path: "\(path).\(name)")
            {
                return missing
            }
        }
        return nil
    }

    /// Checks one layer on its own: known keys only, and values of the right kind. Errors
    /// name the layer's file and line.
    static func check(_ layer: Layer) throws {
        let reader = layer.reader
        let prefix = layer.keyPrefix
        let top = try reader.mapping(layer.node, prefix.isEmpty ? "language pack" : String(prefix.dropLast()))
        try reader.requireKnownKeys(top, topKeys, context: prefix.isEmpty ? nil : String(prefix.dropLast()))
        if let node = top["name"] { _ = try reader.string(node, prefix + "name") }
        if let node = top["direction"] {
            let value = try reader.string(node, prefix + "direction")
            guard Direction(rawValue: value) != nil else {
                throw reader.error("`\(prefix)direction` must be `ltr` or `rtl`, found `\(value)`", at: node)
            }
        }
        if let node = top["numbers"] {
            let numbers = try reader.mapping(node, prefix + "numbers")
            try reader.requireKnownKeys(numbers, numberKeys, context: prefix + "numbers")
            for key in ["decimal", "grouping"] {
                if let value = numbers[key] { _ = try reader.string(value, "\(prefix)numbers.\(key)") }
            }
            if let value = numbers["minimum_grouping_digits"] {
                let digits = try reader.int(value, prefix + "numbers.minimum_grouping_digits")
                guard (1...4).contains(digits) else {
                    throw reader.error(
                        "`\(prefix)numbers.minimum_grouping_digits` must be 1 to 4 (CLDR's minimumGroupingDigits), found \(digits)",
                        at: value)
                }
            }
            if let value = numbers["digits"] {
                let digits = try reader.string(value, prefix + "numbers.digits")
                guard digits.count == 10, Set(digits).count == 10 else {
                    throw reader.error(
                        "`\(prefix)numbers.digits` must be the ten digits from 0 to 9, "
                            + "such as \"0123456789\", found \(digits.count) characters",
                        at: value)
                }
            }
        }
        if let node = top["dates"] {
            let dates = try reader.mapping(node, prefix + "dates")
            try reader.requireKnownKeys(dates, dateKeys, context: prefix + "dates")
            for key in ["day_and_month", "event_day"] {
                guard let value = dates[key] else { continue }
                let pattern = try reader.string(value, "\(prefix)dates.\(key)")
                if let problem = DateWriter.problem(with: pattern) {
                    throw reader.error("`\(prefix)dates.\(key)` \"\(pattern)\": \(problem)", at: value)
                }
            }
            for key in ["months", "standalone_months", "short_months", "short_format_months"] {
                guard let value = dates[key] else { continue }
                let names = try reader.strings(value, "\(prefix)dates.\(key)")
                guard names.count == 12 else {
                    throw reader.error(
                        "`\(prefix)dates.\(key)` must list the twelve months, January first, found \(names.count)", at: value)
                }
            }
        }
        if let node = top["timeline"] {
            let timeline = try reader.mapping(node, prefix + "timeline")
            try reader.requireKnownKeys(timeline, ["start_case"], context: prefix + "timeline")
            if let value = timeline["start_case"] {
                let name = try reader.string(value, prefix + "timeline.start_case")
                guard GrammaticalCase(rawValue: name) != nil else {
                    throw reader.error(
                        "`\(prefix)timeline.start_case` must be one of "
                            + "\(GrammaticalCase.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", ")), found `\(name)`",
                        at: value)
                }
            }
        }
        if let node = top["interval"] {
            let interval = try reader.mapping(node, prefix + "interval")
            for key in ["decimal_separator", "grouping_separator"] {
                if let keyNode = interval.keys.first(where: { $0.string == key }) {
                    throw reader.error(
                        "`\(prefix)interval.\(key)`: a pack writes numbers under `numbers:` (`decimal`, `grouping`)", at: keyNode)
                }
            }
            do {
                _ = try YAMLDecoder().decode(LanguageDescription.self, from: node)
            } catch let error as DecodingError {
                throw reader.error(
                    "\(prefix)interval: \(SiteConfig.decodingMessage(error))", at: SiteConfig.line(of: error, in: node) ?? node)
            }
        }
        if let node = top["words"] {
            try checkWords(node, reference: referenceWords, path: prefix + "words", reader: reader)
        }
        if let node = top["punctuation"] {
            let punctuation = try reader.mapping(node, prefix + "punctuation")
            try reader.requireKnownKeys(punctuation, ["list", "date_and_time"], context: prefix + "punctuation")
            for (key, value) in punctuation { _ = try reader.string(value, "\(prefix)punctuation.\(key.string ?? "")") }
        }
        if let node = top["titles"] {
            for (key, value) in try reader.mapping(node, prefix + "titles") {
                _ = try reader.string(value, "\(prefix)titles.\(key.string ?? "")")
            }
        }
        if let node = top["formats"] {
            try ValueFormatting.check(node, prefix: prefix, reader: reader)
        }
    }

    /// A word after a number: one text, or a form per plural category with `other` among them.
    private static func checkCountedWord(_ value: Node, path: String, reader: YAMLReader) throws {
        guard let forms = value.mapping else {
            _ = try reader.string(value, path)
            return
        }
        try reader.requireKnownKeys(forms, PluralCategory.allCases.map(\.rawValue), context: path)
        for (_, form) in forms { _ = try reader.string(form, path) }
        guard forms["other"] != nil else {
            throw reader.error("`\(path)` needs an `other` form (the one for numbers the rule gives no category of their own)", at: value)
        }
    }

    /// Every key of `words` must be a word of `reference` (nested as there), and every
    /// word text.
    private static func checkWords(_ words: Node, reference: Node, path: String, reader: YAMLReader) throws {
        let mapping = try reader.mapping(words, path)
        let known = reference.mapping?.keys.compactMap(\.string) ?? []
        try reader.requireKnownKeys(mapping, known, context: path)
        for (key, value) in mapping {
            let name = key.string ?? ""
            let referenceValue = reference.mapping![name]!
            if Labels.countedWords.contains(name), path.hasSuffix("words") {
                try checkCountedWord(value, path: "\(path).\(name)", reader: reader)
            } else if referenceValue.mapping != nil {
                try checkWords(value, reference: referenceValue, path: "\(path).\(name)", reader: reader)
            } else {
                _ = try reader.string(value, "\(path).\(name)")
            }
        }
    }
}

/// The built-in packs and their parsed files, made when first asked for: a build reads only
/// the packs of its languages, once.
private final class BuiltInCache: @unchecked Sendable {
    static let shared = BuiltInCache()
    private let lock = NSLock()
    private var packs: [String: LanguagePack] = [:]
    private var layers: [String: LanguagePack.Layer] = [:]

    func pack(_ code: String, make: () -> LanguagePack) -> LanguagePack {
        if let pack = lock.withLock({ packs[code] }) { return pack }
        let pack = make()
        lock.withLock { packs[code] = pack }
        return pack
    }

    func layer(_ code: String, make: () -> LanguagePack.Layer) -> LanguagePack.Layer {
        if let layer = lock.withLock({ layers[code] }) { return layer }
        let layer = make()
        lock.withLock { layers[code] = layer }
        return layer
    }
}

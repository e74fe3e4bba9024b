import CivilTime
import Foundation
import IntervalText
import Markdown
import ValueTransformers

/// Text the data and the config carry: dates, and interval-text language descriptions.
extension FuzzTarget {
    /// Markdown with every GitHub extension, safe and unsafe, with heading ids, a block
    /// replaced and the references and code found: safe mode lets no tag of the author's
    /// through, heading ids are unique, and no id of a note lacks its prefix.
    public static let markdown = FuzzTarget("markdown") { bytes in
        let text = String(fuzzed: bytes)
        let ids = MarkdownRenderer.IDs(
            prefix: "t-",
            headingSlug: { text in
                let words = text.lowercased().split { !$0.isLetter && !$0.isNumber }
                return words.isEmpty ? nil : words.joined(separator: "-")
            }, taken: ["main"])
        let safe = try? MarkdownRenderer().render(
            text, ids: ids, replacingBlocksTagged: "ttsite",
            changingReferences: { reference in
                reference.kind == .image ? .html("<picture></picture>") : .keep
            }, with: { _ in "<div></div>" })
        if let safe {
            precondition(!safe.html.contains("<script"), "safe mode let a script through")
            precondition(Set(safe.headings.map(\.id)).count == safe.headings.count, "two headings share an id")
            precondition(!safe.html.contains(" id=\"fn-") && !safe.html.contains(" id=\"fnref-"), "a note kept cmark-gfm's id")
        }
        _ = MarkdownRenderer(options: [.unsafeHTML, .smart]).html(text)
        _ = MarkdownRenderer().references(in: text)
        let length = text.utf8.count
        for range in MarkdownRenderer().codeRanges(in: text) {
            precondition(range.lowerBound >= 0 && range.upperBound <= length, "a code range outside the text")
        }
    }

    /// The date parsers: ISO 8601, the three HTTP date forms, and patterns. The first line is
    /// also taken as a pattern (`date_formats:` is written by users) to parse the rest with.
    public static let dates = FuzzTarget("dates") { bytes in
        let text = String(fuzzed: bytes)
        for parser in dateParsers {
            _ = try? parser.parse(text)
        }
        let lines = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        if lines.count == 2, let pattern = try? DatePattern(String(lines[0]), now: reference) {
            if let date = try? pattern.parse(String(lines[1])) { _ = pattern.format(date.date()) }
        }
    }

    /// An `interval_text` language description (JSON here; YAML in the config decodes to
    /// the same type), applied to English and used to say a few spans.
    public static let intervalText = FuzzTarget("interval-text") { bytes in
        guard let description = try? JSONDecoder().decode(LanguageDescription.self, from: Data(bytes)),
            let language = try? IntervalText.Language.resolve(code: "en", description: description)
        else { return }
        let formatter = IntervalFormatter(language: language)
        for (count, component) in [(1.0, TimeComponent.days), (3, .months), (21, .years), (0.5, .hours), (112, .minutes), (2, .millennia)] {
            _ = formatter.string(count, component, .past)
            _ = formatter.string(count, component, .future)
            _ = formatter.standalone(count, component)
        }
    }

    /// A plural rule in CLDR's notation (`plural_rule:` in the config): the lines are the
    /// conditions of zero, one, two, few and many, in that order; the rule is then asked for
    /// the category of numbers with and without decimals, large and small. The category must
    /// be one the rule says it can give.
    public static let pluralRules = FuzzTarget("plural-rules") { bytes in
        let lines = String(fuzzed: bytes).split(separator: "\n", maxSplits: 4, omittingEmptySubsequences: false)
        var conditions: [PluralCategory: String] = [:]
        for (category, line) in zip([PluralCategory.zero, .one, .two, .few, .many], lines) where !line.isEmpty {
            conditions[category] = String(line)
        }
        guard let rules = try? PluralRules(name: "fuzz", conditions: conditions) else { return }
        for literal in ["0", "1", "2", "11", "1.5", "0.10", "1000000", "9223372036854775807", "21.004"] {
            guard let operands = PluralOperands(literal: literal) else { continue }
            precondition(rules.categories.contains(rules.category(for: operands)))
        }
    }

    private static let reference = Date(timeIntervalSince1970: 1_795_334_400)
    private static let dateParsers: [any DateTextParser] = [
        ISO8601DateParser(),
        HTTPDateParser(.rfc1123, now: reference),
        HTTPDateParser(.rfc850, now: reference),
        HTTPDateParser(.asctime, now: reference),
        try! DatePattern("dd.MM.yyyy", now: reference),
        try! DatePattern("d MMMM yyyy", now: reference),
    ]
}

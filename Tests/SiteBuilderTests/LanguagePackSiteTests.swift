import Foundation
import Testing

@testable import SiteBuilder

/// A site's own language packs: a language added without Swift, built-in packs changed
/// word by word from `Templates/languages/` and `ttsite.yml`, and the errors of a pack that
/// cannot be used. Persian pages: right to left, Persian digits.
struct LanguagePackSiteTests {
    static let people = """
        {"results": [
          {"gender": "female", "name": {"title": "Ms", "first": "Anna", "last": "Alpha"},
           "dob": {"date": "1990-11-30T10:00:00.000Z", "age": 35}, "nat": "DE",
           "login": {"uuid": "00000000-0000-4000-8000-000000000001"}}
        ]}
        """

    /// The English pack with its name, direction and a few words changed: a new language as
    /// a user writes it, starting from `ttsite templates show languages/en.yml`.
    static func dutchPack(dropping word: String? = nil) -> String {
        let english = String(decoding: LanguagePack.builtInFiles["en"]!, as: UTF8.self)
        var lines = english.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines = lines.map { line in
            switch line {
            case "name: English": "name: Nederlands"
            case #"  people: "People""#: #"  people: "Personen""#
            case #"  past: "<VALUE> <TIME_COMPONENT> ago""#: #"  past: "<VALUE> <TIME_COMPONENT> geleden""#
            case "    years: { one: year, other: years, single: a year }": "    years: { one: jaar, other: jaar, single: een jaar }"
            case #"  yearsOld: "<AGE> old""#: #"  yearsOld: "<AGE> oud""#
            default: line
            }
        }
        if let word { lines.removeAll { $0.hasPrefix("  \(word): ") } }
        return lines.joined(separator: "\n")
    }

    func site(languages: String, extra: String = "") throws -> TestSite {
        try TestSite(
            """
            -- ttsite.yml --
            title: Packs
            languages: \(languages)
            time_zone: UTC
            people:
              - file: Content/data/people.json
            \(extra)
            -- Content/index.md --
            Hello.
            -- Content/data/people.json --
            \(Self.people)
            """)
    }

    @Test func aSiteAddsALanguageWithAPackFile() throws {
        let site = try site(languages: "[en, nl]")
        defer { site.remove() }
        try site.write(Self.dutchPack(), to: "Templates/languages/nl.yml")
        try site.build()
        let page = try site.read("nl/people/anna-alpha/index.html")
        #expect(page.contains(#"<html lang="nl">"#))
        #expect(page.contains("35 jaar oud"))
        let list = try site.read("nl/people/index.html")
        #expect(list.contains("<h1>Personen</h1>") || list.contains(">Personen<"))
    }

    @Test func aPackMissingAWordNamesTheKeyAndTheFile() throws {
        let site = try site(languages: "[en, nl]")
        defer { site.remove() }
        let pack = Self.dutchPack(dropping: "skip")
        try site.write(pack, to: "Templates/languages/nl.yml")
        // At the line of `words:`, where the word belongs (not the pack's first line).
        let line = try #require(pack.split(separator: "\n", omittingEmptySubsequences: false).firstIndex(of: "words:")) + 1
        #expect {
            try site.build()
        } throws: { error in
            "\(error)" == "Templates/languages/nl.yml:\(line): the language pack `nl` has no `words.skip`"
        }
    }

    @Test func aLanguageWithoutAPackNamesWhereToPutIt() throws {
        let site = try site(languages: "[en, nl]")
        defer { site.remove() }
        #expect {
            try site.build()
        } throws: { error in
            "\(error)".contains("ttsite.yml:2:")
                && "\(error)".contains("`languages` names `nl`, which has no language pack: write one at Templates/languages/nl.yml")
        }
    }

    @Test func aPackFileWithAnUnknownWordNamesItsLine() throws {
        let site = try site(languages: "[en, de]")
        defer { site.remove() }
        try site.write("words:\n  people: Leute\n  peeple: Leute\n", to: "Templates/languages/de.yml")
        #expect {
            try site.build()
        } throws: { error in
            "\(error)".contains("Templates/languages/de.yml:3:") && "\(error)".contains("unknown key `peeple` in `words`")
        }
    }

    /// Layers change a pack key by key: the site's file over the built-in pack, ttsite.yml
    /// over the file, `interval_text` last. A plural rule is replaced whole.
    @Test func layersChangeABuiltInPackWordByWord() throws {
        let site = try site(
            languages: "[en, de]",
            extra: """
                language_packs:
                  de:
                    words: { backToList: "Alle Leute" }
                interval_text:
                  de:
                    words:
                      years: { other: Lenze }
                """)
        defer { site.remove() }
        try site.write(
            """
            words:
              people: Leute
              backToList: Zur Liste
            interval:
              plural_rule: { one: "i = 0,1" }
            """, to: "Templates/languages/de.yml")
        try site.build()
        let page = try site.read("de/people/anna-alpha/index.html")
        #expect(page.contains("Alle Leute"))
        #expect(!page.contains("Zur Liste"))
        #expect(page.contains("35 Lenze alt"))
        #expect(page.contains("Geboren"))
        let config = try SiteConfig.load(
            from: site.folder.appendingPathComponent("ttsite.yml"), packFolder: site.folder.appendingPathComponent("Templates/languages"))
        let german = config.pack(for: "de")
        #expect(german.labels.people == "Leute")
        #expect(german.interval.pluralRules.category(for: 0) == .one)
        #expect(german.interval.pluralRules.category(for: 2) == .other)
    }

    /// A regional code takes its language's pack and the site's file for the language, then
    /// the one for the region.
    @Test func aRegionalCodeReadsItsLanguagesFileThenItsOwn() throws {
        let site = try site(languages: "[en, de-AT]")
        defer { site.remove() }
        try site.write("words: { people: Leute, born: Geboren am }\n", to: "Templates/languages/de.yml")
        try site.write("words: { people: Menschen }\n", to: "Templates/languages/de-AT.yml")
        let config = try SiteConfig.load(
            from: site.folder.appendingPathComponent("ttsite.yml"), packFolder: site.folder.appendingPathComponent("Templates/languages"))
        let austrian = config.pack(for: "de-AT")
        #expect(austrian.code == "de-AT")
        #expect(austrian.labels.people == "Menschen")
        #expect(austrian.labels.born == "Geboren am")
        #expect(austrian.labels.age == "Alter")
    }

    /// Persian pages read right to left, with Persian digits in dates, ages and counts, and
    /// arrows that point the way the page reads.
    @Test func persianPagesAreRightToLeftWithPersianDigits() throws {
        let site = try site(languages: "[en, fa]")
        defer { site.remove() }
        try site.build(now: "2026-11-22T08:00:00Z")
        let page = try site.read("fa/people/anna-alpha/index.html")
        #expect(page.contains(#"<html lang="fa" dir="rtl">"#))
        // Born 30-11-1990 (birthday_format dd-MM-yyyy), 35 years old, 8 days to go.
        #expect(page.contains("۳۰-۱۱-۱۹۹۰"))
        #expect(page.contains(">۳۵<"))
        #expect(page.contains("۸ روز بعد"))
        #expect(page.contains("\">→ "))
        let english = try site.read("people/anna-alpha/index.html")
        #expect(english.contains(#"<html lang="en">"#))
        #expect(english.contains("30-11-1990"))
    }
}

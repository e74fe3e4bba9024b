import CivilTime
import Foundation
import TestSupport
import Testing
import TextFormatting

@testable import IntervalText

/// Languages from `ttsite.yml`. The site layer decodes YAML with Yams; the same Decodable
/// shape is exercised here through JSON.
struct LanguageDescriptionTests {
    static func decode(_ json: String) throws -> [String: LanguageDescription] {
        try JSONDecoder().decode([String: LanguageDescription].self, from: Data(json.utf8))
    }

    static func languages(_ json: String) throws -> [String: Language] {
        try Language.languages(applying: decode(json))
    }

    @Test func theExampleFromTheIssue() throws {
        let languages = try Self.languages(
            """
            {"en": {"past": "<VALUE> <TIME_COMPONENT> ago", "future": "in <VALUE> <TIME_COMPONENT>",
                    "zero": "today", "words": {"days": {"one": "day", "other": "days"}}}}
            """)
        let english = try #require(languages["en"]).configuration()
        #expect(english.stringRepresentation(for: 0) == "today")
        #expect(english.stringRepresentation(for: 3 * day) == "3 days ago")
        #expect(english.stringRepresentation(for: -hour) == "in 1 hour")
        #expect(languages["de"]?.text(3 * day) == "vor 3 Tagen")
        #expect(Set(languages.keys) == ["en", "de", "ru", "uk"])
    }

    @Test func overridesMergeFormByForm() throws {
        let languages = try Self.languages(
            """
            {"en": {"words": {"days": {"other": "whole days"}}, "number_for_one": false},
             "de": {"past": "<VALUE> <TIME_COMPONENT> her", "past_case": "nominative", "today": "heute!"},
             "ru": {"cases": {"accusative": {"days": {"one": "денёк", "single": "денёк"}}}}}
            """)
        let english = try #require(languages["en"])
        #expect(english.text(3 * day) == "3 whole days ago")
        #expect(english.text(day) == "a day ago")
        #expect(english.text(-2 * hour) == "in 2 hours")
        let german = try #require(languages["de"])
        #expect(german.text(3 * day) == "3 Tage her")
        #expect(german.text(-3 * day) == "in 3 Tagen")
        #expect(german.today == "heute!")
        let russian = try #require(languages["ru"])
        #expect(russian.text(21 * day) == "3 недели назад")
        #expect(russian.text(day) == "1 денёк назад")
        #expect(russian.standalone(1, .days) == "1 день")
    }

    @Test func aNewLanguage() throws {
        let languages = try Self.languages(
            """
            {"nl": {"plural_rule": "one_other", "past": "<VALUE> <TIME_COMPONENT> geleden",
                    "future": "over <VALUE> <TIME_COMPONENT>", "zero": "nu", "today": "vandaag",
                    "decimal_separator": ",", "grouping_separator": ".",
                    "words": {"days": {"one": "dag", "other": "dagen", "single": "een dag"},
                              "years": {"one": "jaar", "other": "jaar"}}}}
            """)
        let dutch = try #require(languages["nl"])
        #expect(dutch.text(3 * day) == "3 dagen geleden")
        #expect(dutch.text(-day) == "over 1 dag")
        #expect(dutch.text(2 * week) == "14 dagen geleden")
        #expect(dutch.text(-2 * year) == "over 2 jaar")
        #expect(dutch.text(3 * hour) == nil)
        #expect(dutch.text(0) == "nu")
        #expect(dutch.text(1.5 * year, rounding: Rounding(.truncate, fractionDigits: 1)) == "1,5 jaar geleden")
        #expect(dutch.standalone(12_000, .years) == "12.000 jaar")
    }

    @Test func aRegionalCodeOverlaysTheBuiltInLanguage() throws {
        let languages = try Self.languages(#"{"en-GB": {"zero": "just now"}}"#)
        let british = try #require(languages["en-GB"])
        #expect(british.code == "en-GB")
        #expect(british.text(0) == "just now")
        #expect(british.text(2 * day) == "2 days ago")
    }

    @Test(arguments: [
        (#"{"en": {"pats": "x"}}"#, "pats", ["en", "pats"]),
        (#"{"en": {"words": {"dayz": {"one": "day"}}}}"#, "dayz", ["en", "words", "dayz"]),
        (#"{"en": {"words": {"days": {"dual": "days"}}}}"#, "dual", ["en", "words", "days", "dual"]),
        (#"{"de": {"cases": {"ablative": {}}}}"#, "ablative", ["de", "cases", "ablative"]),
        (
            #"{"ru": {"cases": {"accusative": {"weeks": {"one": "неделю", "singel": "x"}}}}}"#, "singel",
            ["ru", "cases", "accusative", "weeks", "singel"]
        ),
    ])
    func unknownKeysAreErrorsNamingTheKey(json: String, key: String, path: [String]) {
        do {
            _ = try Self.decode(json)
            Issue.record("decoded \(json)")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == path)
            #expect(context.debugDescription.hasPrefix("unknown key \"\(key)\" (expected one of: "))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func allowedKeys() {
        #expect(
            LanguageDescription.allowedKeys == [
                "past", "future", "past_case", "future_case", "zero", "today", "number_for_one",
                "plural_rule", "decimal_separator", "grouping_separator", "words", "cases",
            ])
        #expect(LanguageDescription.allowedComponentKeys.contains("millennia"))
        #expect(LanguageDescription.allowedCaseKeys == ["nominative", "accusative", "dative", "genitive"])
        #expect(WordForms.allowedKeys == ["zero", "one", "two", "few", "many", "other", "single"])
    }

    @Test func wrongValueTypesAreDecodingErrors() {
        #expect(throws: DecodingError.self) { try Self.decode(#"{"en": {"number_for_one": "no"}}"#) }
        #expect(throws: DecodingError.self) { try Self.decode(#"{"de": {"past_case": "ablative"}}"#) }
    }

    @Test(arguments: [
        (
            #"{"xx": {"past": "<VALUE>", "future": "<VALUE>", "zero": "0", "words": {"days": {"other": "d"}}}}"#,
            LanguageDescriptionError.missingKey(language: "xx", key: "plural_rule"),
            #"interval_text.xx: "xx" is not a built-in language, so it needs plural_rule (one of: de, east_slavic, en, one_other, "#
                + #"other_only, ru, uk; or the rule's conditions in CLDR's notation, such as { one: "i = 0,1" })"#
        ),
        (
            #"{"xx": {"plural_rule": "klingon"}}"#,
            .unknownPluralRule(language: "xx", name: "klingon"),
            #"interval_text.xx.plural_rule: unknown plural rule "klingon" (known: de, east_slavic, en, one_other, other_only, ru, uk; "#
                + #"or the rule's conditions in CLDR's notation, such as { one: "i = 0,1" })"#
        ),
        (
            #"{"xx": {"plural_rule": "en", "past": "<VALUE>", "future": "<VALUE>", "zero": "0"}}"#,
            .missingKey(language: "xx", key: "words"),
            #"interval_text.xx: "xx" is not a built-in language, so it needs words"#
        ),
        (
            #"{"xx": {"plural_rule": "en", "past": "<VALUE>", "zero": "0", "words": {"days": {"other": "d"}}}}"#,
            .missingKey(language: "xx", key: "future"),
            #"interval_text.xx: "xx" is not a built-in language, so it needs future"#
        ),
        (
            #"{"xx": {"plural_rule": "en", "past": "<VALUE>", "future": "<VALUE>", "zero": "0", "words": {"days": {"one": "d"}}}}"#,
            .missingOtherForm(language: "xx", component: .days),
            #"interval_text.xx.words.days: needs an "other" form"#
        ),
        (
            #"{"en": {"past": "<VALUES> <TIME_COMPONENT> ago"}}"#,
            .unknownPlaceholder(language: "en", key: "past", placeholder: "<VALUES>"),
            #"interval_text.en.past: unknown placeholder <VALUES> (use <VALUE> and <TIME_COMPONENT>)"#
        ),
        (
            #"{"xx": {"plural_rule": {"one": "i = 1 andd v = 0"}}}"#,
            .invalidPluralRule(
                language: "xx",
                error: PluralRuleError(
                    category: .one, condition: "i = 1 andd v = 0", offset: 7, reason: "expected `and`, `or` or the end of the condition")),
            #"interval_text.xx.plural_rule.one: "i = 1 andd v = 0": at character 7, expected `and`, `or` or the end of the condition"#
        ),
        (
            #"{"de": {"plural_rule": "pl"}}"#,
            .unknownPluralRule(language: "de", name: "pl"),
            #"interval_text.de.plural_rule: unknown plural rule "pl" (known: de, east_slavic, en, one_other, other_only, ru, uk; "#
                + #"or the rule's conditions in CLDR's notation, such as { one: "i = 0,1" })"#
        ),
    ])
    func errorsForSiteAuthors(json: String, error: LanguageDescriptionError, message: String) {
        #expect(throws: error) { try Self.languages(json) }
        #expect(error.description == message)
    }

    /// A language whose rule no name covers brings it in CLDR's notation: French's one is
    /// `i = 0,1`, so 0 and 1.5 days are "jour".
    @Test func aRuleInCLDRsNotation() throws {
        let languages = try Self.languages(
            #"""
            {"fr": {"plural_rule": {"one": "i = 0,1", "many": "e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5"},
                    "past": "il y a <VALUE> <TIME_COMPONENT>", "future": "dans <VALUE> <TIME_COMPONENT>", "zero": "maintenant",
                    "words": {"days": {"one": "jour", "many": "de jours", "other": "jours"}}}}
            """#)
        let french = try #require(languages["fr"])
        #expect(french.pluralRules.categories == [.one, .many, .other])
        #expect(french.pluralRules.category(for: 0) == .one)
        #expect(french.pluralRules.category(for: 1.5) == .one)
        #expect(french.pluralRules.category(for: 2) == .other)
        #expect(french.pluralRules.category(for: 1_000_000) == .many)
    }

    @Test func aRuleMappingTakesOnlyCategories() {
        #expect(throws: DecodingError.self) { try Self.decode(#"{"xx": {"plural_rule": {"single": "i = 1"}}}"#) }
        #expect(throws: DecodingError.self) { try Self.decode(#"{"xx": {"plural_rule": ["i = 1"]}}"#) }
    }
}

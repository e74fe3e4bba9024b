import CivilTime
import Foundation
import ReportData
import TestSupport
import Testing

@testable import SiteBuilder

/// The name index and the birthday months on their own. Every expected order below was
/// worked out by hand from the Unicode Collation Algorithm's root order (CLDR), which English
/// and German use unchanged: Latin, then Greek, Cyrillic, Arabic, Devanagari; marks are a
/// secondary difference (Ø, Ö, Ó are O at the first level), Æ collates as AE, Й and Ї
/// are letters of their own in the Russian and Ukrainian alphabets, punctuation sorts before
/// digits, digits before letters.
@Suite struct NameIndexTests {
    static let today = calendarDay("2026-11-22")

    static func facts(_ first: String, _ last: String, born: String? = "1990-01-01") -> PersonFacts {
        let slug = Slug.hashed("person", [first, last])
        return PersonFacts(Person(id: slug, slug: slug, first: first, last: last, birthDate: born.map(calendarDay)), today: today)
    }

    static let mixed: [PersonFacts] = [
        facts("Mehmet", "Öztürk"), facts("Anna", "Ångström"), facts("Ida", "Æbelø"), facts("Carl", "Çelik"),
        facts("Jovana", "Đorđević"), facts("Sophie", "de Vries"), facts("Bjørn", "Ødegård"), facts("Seán", "O'Brien"),
        facts("Jonas", "Müller"), facts("Hans", "müller"), facts("Jonas", "Muller"), facts("Ελένη", "Ζαχαρίου"),
        facts("Пётр", "Ёлкин"), facts("Оксана", "Іваненко"), facts("Іван", "Йовенко"), facts("Юлія", "Єременко"),
        facts("Тарас", "Шевченко"), facts("علی", "رضایی"), facts("سارا", "احمدی"), facts("प्रिया", "शर्मा"),
        facts("अमित", "वर्मा"), facts("Nena", ""), facts("3M", "3rd"), facts("Pieter", "'t Hooft"),
    ]

    @Test(arguments: ["en", "de"])
    func everyScriptHasItsOwnLetters(language: String) {
        let index = NameIndex(Self.mixed, language: language, otherLabel: "Other")
        #expect(index.letters.map(\.label) == ["A", "C", "D", "M", "N", "O", "Ζ", "Е", "Є", "І", "Й", "Ш", "ا", "ر", "व", "श", "Other"])
        #expect(
            index.letters.map(\.slug) == [
                "a", "c", "d", "m", "n", "o", "u3b6", "u435", "u454", "u456", "u439", "u448",
                "u627", "u631", "u935", "u936", "other",
            ])
        // Shown a row per script: Latin O and Greek Ο look alike.
        #expect(
            index.letters.map(\.script) == Array(repeating: .latin, count: 6) + [.greek] + Array(repeating: .cyrillic, count: 5)
                + [.arabic, .arabic, .indic, .indic, .other])
        let names = Dictionary(uniqueKeysWithValues: index.letters.map { ($0.label, $0.people.map(\.person.fullName)) })
        // Æ collates as AE (CLDR root), so before Å, which is A with a mark.
        #expect(names["A"] == ["Ida Æbelø", "Anna Ångström"])
        #expect(names["D"] == ["Sophie de Vries", "Jovana Đorđević"])
        // Case is no difference between families: Hans before Jonas; u before ü.
        #expect(names["M"] == ["Jonas Muller", "Hans müller", "Jonas Müller"])
        #expect(names["O"] == ["Seán O'Brien", "Bjørn Ødegård", "Mehmet Öztürk"])
        #expect(names["Other"] == ["Pieter 't Hooft", "3M 3rd"])
        // Everyone once, in the order of the letters.
        #expect(index.letters.flatMap(\.people).map(\.person.slug) == index.ordered.map(\.person.slug))
        #expect(Set(index.ordered.map(\.person.slug)).count == Self.mixed.count)
    }

    /// The order is the page language's: Danish has Ø as a letter after Z, English has it as O.
    @Test func theLanguageDecidesTheLetters() {
        let people = [Self.facts("Bjørn", "Ødegård"), Self.facts("Oliver", "Olsen"), Self.facts("Zoe", "Zander")]
        #expect(NameIndex(people, language: "en", otherLabel: "").letters.map(\.label) == ["O", "Z"])
        #expect(NameIndex(people, language: "da", otherLabel: "").letters.map(\.label) == ["O", "Z", "Ø"])
        // Russian puts Cyrillic before Latin.
        let two = [Self.facts("Anna", "Alpha"), Self.facts("Пётр", "Ёлкин")]
        #expect(NameIndex(two, language: "en", otherLabel: "").letters.map(\.label) == ["A", "Е"])
        #expect(NameIndex(two, language: "ru", otherLabel: "").letters.map(\.label) == ["Е", "A"])
    }
}

@Suite struct BirthdayMonthsTests {
    @Test func eachMonthByDayThenInNameOrder() {
        let nameOrder = [
            NameIndexTests.facts("Anna", "Alpha", born: "1990-11-22"), NameIndexTests.facts("Bert", "Beta", born: "1980-11-03"),
            NameIndexTests.facts("Cora", "Gamma", born: "2004-02-29"), NameIndexTests.facts("Dora", "Delta", born: "1970-11-22"),
            NameIndexTests.facts("Finn", "Zeta", born: nil),
        ]
        let months = BirthdayMonths(nameOrder: nameOrder)
        #expect(months.counts == [0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0])
        #expect(months.months[10].map(\.person.first) == ["Bert", "Anna", "Dora"])
        #expect(months.months[1].map(\.person.first) == ["Cora"])
        #expect(months.unknown.map(\.person.first) == ["Finn"])
    }
}

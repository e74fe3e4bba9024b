import Foundation
import IntervalText
import Testing
import TextFormatting
import Yams

@testable import SiteBuilder

/// The built-in language packs against Babel (Oracle/generate_language_pack_oracle.py): the
/// plural categories and `format_timedelta`'s texts of every shipped language, and the four
/// languages that were Swift values before packs, text for text.
struct LanguagePackTests {
    static let shipped = ["en", "de", "ru", "uk", "fr", "es", "pl", "fa"]

    static func pack(_ code: String) throws -> LanguagePack {
        try #require(LanguagePack.builtIn(code: code))
    }

    /// The rows of a fixture's tab-separated file, `#` lines left out.
    static func rows(_ file: String) throws -> [[String]] {
        let text = try String(contentsOf: Fixtures.url(file), encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }
            .map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    }

    @Test func everyShippedLanguageHasABuiltInPack() {
        #expect(LanguagePack.builtInCodes == Self.shipped.sorted())
        #expect(try! Self.pack("fa").direction == .rtl)
        #expect(Self.shipped.filter { $0 != "fa" }.allSatisfy { try! Self.pack($0).direction == .ltr })
    }

    /// A build reads a built-in pack without the checks a site's pack goes through: here
    /// each passes them.
    @Test(arguments: shipped)
    func everyBuiltInPackPassesTheChecksOfASitesPack(code: String) throws {
        let checked = try LanguagePack.load(code: code, layers: [try #require(LanguagePack.builtInLayer(code))], checking: true)
        #expect(checked.labels.templateValue == (try Self.pack(code)).labels.templateValue)
    }

    /// Every pack has a word for randomuser.me's titles (English, and French for French and
    /// Swiss records), found whatever the case; a title it does not list is shown as written.
    @Test(arguments: shipped)
    func everyPackNamesTheCommonTitles(code: String) throws {
        let pack = try Self.pack(code)
        for title in ["Mr", "Mrs", "Ms", "Miss", "Monsieur", "Madame", "Mademoiselle"] {
            #expect(pack.titles[title.lowercased()] != nil, "\(code) has no word for \(title)")
            #expect(
                pack.title(title.lowercased()) == pack.title(title) && pack.title(title.uppercased()) == pack.title(title),
                "\(code): \(title) in other cases")
        }
        #expect(pack.title("Dr") == "Dr")
    }

    /// By hand: German "Herr", Persian "آقای" and its Arabic comma (U+060C) between a date and
    /// its time; the others join with ", ".
    @Test func titlesAndPunctuationSpeakTheLanguage() throws {
        #expect(try Self.pack("de").title("Mr") == "Herr")
        #expect(try Self.pack("fa").title("Mr") == "\u{0622}\u{0642}\u{0627}\u{06CC}")
        #expect(try Self.pack("fa").punctuation == .init(list: "\u{060C} ", dateAndTime: "\u{060C} "))
        for code in Self.shipped where code != "fa" { #expect(try Self.pack(code).punctuation == .init(list: ", ", dateAndTime: ", ")) }
    }

    /// en.yml, the list of words every pack needs, names exactly the words pages use: none
    /// missing (a page would lack it) and none extra (a pack would set it for nothing).
    @Test func theEnglishPackNamesEveryWordOfThePages() throws {
        func keys(_ node: Yams.Node, _ prefix: String = "") -> Set<String> {
            var result: Set<String> = []
            for (key, value) in node.mapping ?? [:] {
                let name = prefix + (key.string ?? "")
                if value.mapping != nil, !Labels.countedWords.contains(name) {
                    result.formUnion(keys(value, name + "."))
                } else {
                    result.insert(name)
                }
            }
            return result
        }
        func labelKeys(_ value: Any, _ prefix: String = "") -> Set<String> {
            var result: Set<String> = []
            for child in Mirror(reflecting: value).children {
                guard let label = child.label else { continue }
                if child.value is String || child.value is CountedWord {
                    result.insert(prefix + label)
                } else {
                    result.formUnion(labelKeys(child.value, prefix + label + "."))
                }
            }
            return result
        }
        let packKeys = keys(LanguagePack.referenceWords)
        #expect(packKeys.count > 80)
        #expect(packKeys == labelKeys(try Self.pack("en").labels))
        let counted = Set(Mirror(reflecting: try Self.pack("en").labels).children.filter { $0.value is CountedWord }.compactMap(\.label))
        #expect(counted == Labels.countedWords)
    }

    /// The four languages that were Swift values before packs speak as those values did:
    /// every component, past and future, counts whole and decimal, with and without the
    /// number for one, and the zero texts and number symbols.
    @Test(arguments: ["en", "de", "ru", "uk"])
    func packsSpeakAsTheFormerBuiltInLanguages(code: String) throws {
        let fromPack = try Self.pack(code).interval
        let swift = try #require(IntervalText.Language.builtIn(code: code))
        #expect(fromPack.zero == swift.zero && fromPack.today == swift.today)
        #expect(fromPack.numberSymbols == swift.numberSymbols)
        #expect(fromPack.pluralRules.categories == swift.pluralRules.categories)
        let counts: [Double] = [0, 0.5, 1, 1.5, 2, 2.5, 3, 4, 5, 11, 12, 14, 21, 21.5, 22, 25, 101, 111, 112, 1000, 1001, 1021, 12345]
        for showsNumber in [true, false] {
            var own = fromPack
            var former = swift
            own.showsNumberForOne = showsNumber
            former.showsNumberForOne = showsNumber
            let ownConfiguration = own.configuration()
            let formerConfiguration = former.configuration()
            for component in TimeComponent.allCases {
                for count in counts {
                    for signed in [count, -count] {
                        #expect(
                            ownConfiguration.formattedString(for: component, with: signed)
                                == formerConfiguration.formattedString(for: component, with: signed),
                            "\(code) \(component) \(signed) \(showsNumber)")
                    }
                    #expect(own.standalone(count, component) == former.standalone(count, component), "\(code) \(component) \(count)")
                }
            }
        }
    }

    /// CLDR's plural category of every shipped pack, as Babel computes it, for 0…200, large
    /// numbers and decimals as written ("1.0" has a visible fraction digit).
    @Test(arguments: shipped)
    func pluralCategoriesAreBabels(code: String) throws {
        let rows = try Self.rows("plural-oracle.tsv")
        let header = try String(contentsOf: Fixtures.url("plural-oracle.tsv"), encoding: .utf8)
            .split(separator: "\n").last { $0.hasPrefix("# literal") }!.split(separator: "\t").dropFirst().map(String.init)
        let column = try #require(header.firstIndex(of: code)) + 1
        let rules = try Self.pack(code).interval.pluralRules
        #expect(rows.count == 220)
        for row in rows {
            let operands = try #require(PluralOperands(literal: row[0]))
            #expect(rules.category(for: operands).rawValue == row[column], "\(code) \(row[0])")
        }
    }

    /// Where ttsite writes a text differently from Babel on purpose: (language, unit, form,
    /// Babel's words, ttsite's words), the number left out.
    static let deliberateDifferences: [(language: String, unit: String, form: String, babel: String, ours: String)] = [
        // "in N days" reads "N روز دیگر" in CLDR; every other unit says "N … بعد", and so does
        // ttsite for days, so that a text reads alike whatever unit it ends up in.
        ("fa", "days", "future", " روز دیگر", " روز بعد")
    ]

    /// `format_timedelta`'s past, future and undirected texts for every shipped language,
    /// unit (second to year) and n = 0…200, 1000, 1001, 1021, 10⁶ and 2·10⁶. Two differences
    /// hold everywhere and are applied to Babel's text first: the number is written with
    /// the pack's symbols (grouping "1,000", Persian digits; Babel writes `str(n)`), and the
    /// number and word are joined by the pack's space (French CLDR uses a no-break space in
    /// some undirected patterns but not others). The rest are listed above.
    @Test(arguments: shipped)
    func intervalTextIsBabels(code: String) throws {
        let pack = try Self.pack(code)
        let configuration = pack.interval.configuration()
        var compared = 0
        for row in try Self.rows("timedelta-oracle.tsv") where row[0] == code {
            let component = try #require(TimeComponent(rawValue: row[1]))
            let n = try #require(Int(row[2]))
            let number = pack.numbers.magnitudeString(for: Double(n))
            func expected(_ babel: String, form: String) -> String {
                var text = babel.replacingOccurrences(of: "\u{00A0}", with: " ")
                for difference in Self.deliberateDifferences
                where difference.language == code && difference.unit == row[1] && difference.form == form {
                    text = text.replacingOccurrences(of: difference.babel, with: difference.ours)
                }
                return text.replacingOccurrences(of: String(n), with: number)
            }
            #expect(pack.interval.standalone(Double(n), component) == expected(row[5], form: "none"), "\(code) \(row[1]) \(n)")
            if n > 0 {
                // Positive is the past, as in the seed's API.
                #expect(
                    configuration.formattedString(for: component, with: Double(n)) == expected(row[3], form: "past"),
                    "\(code) \(row[1]) \(n) past")
                #expect(
                    configuration.formattedString(for: component, with: -Double(n)) == expected(row[4], form: "future"),
                    "\(code) \(row[1]) \(n) future")
            }
            compared += 1
        }
        #expect(compared == 7 * 206)
    }

    /// Persian numbers are CLDR's `arabext` ones: the digits, separators and grouping
    /// browsers' `Intl.NumberFormat("fa")` writes (checked in Tests/Browser too).
    @Test func persianNumbersUseTheExtendedArabicIndicDigits() throws {
        let numbers = try Self.pack("fa").numbers
        #expect(
            numbers.magnitudeString(for: 1_234_567.5)
                == "\u{06F1}\u{066C}\u{06F2}\u{06F3}\u{06F4}\u{066C}\u{06F5}\u{06F6}\u{06F7}\u{066B}\u{06F5}")
        #expect(numbers.localizingDigits("2026-11-20") == "\u{06F2}\u{06F0}\u{06F2}\u{06F6}-\u{06F1}\u{06F1}-\u{06F2}\u{06F0}")
    }

    /// Every pack writes numbers as `NumberSymbols(language:)` does for the code, the table
    /// the counters' library API uses and that matches browsers' `Intl.NumberFormat`.
    @Test(arguments: shipped)
    func packNumbersAreTheLanguagesSymbols(code: String) throws {
        #expect(try Self.pack(code).numbers == NumberSymbols(language: code))
    }

    /// A word after a number takes the form of the count's plural category, by the pack's
    /// rule: "1 person" and "3 people", "1 osoba", "3 osoby", "5 osób", "22 osoby".
    @Test(arguments: [
        ("en", 1, "person"), ("en", 3, "people"), ("en", 0, "people"),
        ("fr", 0, "personne"), ("fr", 2, "personnes"),
        ("pl", 1, "osoba"), ("pl", 3, "osoby"), ("pl", 5, "osób"), ("pl", 22, "osoby"), ("pl", 12, "osób"),
        ("ru", 1, "человек"), ("ru", 2, "человека"), ("ru", 5, "человек"), ("ru", 21, "человек"),
        ("uk", 1, "особа"), ("uk", 3, "особи"), ("uk", 11, "осіб"),
        ("fa", 1, "نفر"), ("fa", 7, "نفر"),
    ])
    func countWordsFollowThePluralRule(code: String, count: Int, word: String) throws {
        let pack = try Self.pack(code)
        #expect(pack.labels.peopleCount.form(for: count, rules: pack.interval.pluralRules) == word)
    }
}

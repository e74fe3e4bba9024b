import CivilTime
import TestSupport
import Testing

@testable import SiteBuilder

/// Dates written for pages with the one reader of date patterns. Expected texts are worked out
/// by hand from the pattern letters (UTS #35) and the packs' month names.
struct DateWriterTests {
    static let moonLanding = calendarDay("1969-07-16")

    @Test(arguments: [
        ("d MMMM yyyy", "16 July 1969"),
        ("dd-MM-yy", "16-07-69"),
        ("MMM d", "Jul 16"),
        ("d 'de' MMMM", "16 de July"),
        ("M/d/yyyy", "7/16/1969"),
    ])
    func englishDates(pattern: String, expected: String) throws {
        let english = try #require(LanguagePack.builtIn(code: "en"))
        #expect(DateWriter(pattern, pack: english).string(Self.moonLanding) == expected)
    }

    @Test func russianMonthsTakeTheirFormAsTheyStand() throws {
        let russian = try #require(LanguagePack.builtIn(code: "ru"))
        // Genitive inside a date, nominative standing alone (CLDR's format and stand-alone forms).
        #expect(DateWriter("d MMMM", pack: russian).string(Self.moonLanding) == "16 июля")
        #expect(DateWriter("LLLL", pack: russian).string(Self.moonLanding) == "июль")
    }

    @Test func patternsThatCannotWriteADateAreNamed() {
        #expect(DateWriter.problem(with: "d MMMM yyyy") == nil)
        #expect(DateWriter.problem(with: "d LLLL") == nil)
        #expect(DateWriter.problem(with: "dd-QQ-yyyy")?.contains("\"Q\"") == true)
        #expect(DateWriter.problem(with: "yyyy")?.contains("needs a day") == true)
        #expect(DateWriter.problem(with: "MMMM yyyy")?.contains("needs a day") == true)
        #expect(DateWriter.problem(with: "'d MMMM")?.contains("unclosed quote") == true)
        // A day and a month inside quotes are text, not fields.
        #expect(DateWriter.problem(with: "'d M'")?.contains("needs a day") == true)
    }

    @Test func theConfigRefusesABirthdayFormatWithAnUnknownLetter() {
        #expect {
            _ = try SiteConfig.parse("title: T\nbirthday_format: \"dd-QQ-yyyy\"\n", file: "ttsite.yml")
        } throws: { error in
            guard let error = error as? BuildError else { return false }
            return error.location == "ttsite.yml" && error.line == 2 && error.message.contains("\"Q\"")
        }
    }
}

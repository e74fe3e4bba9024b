import CivilTime
import Foundation
import TextFormatting
import ValueTransformers

/// Writes a calendar date with a pattern such as `dd-MM-yyyy` or `d. MMMM yyyy`, with month
/// names and digits of the page's language pack, and a wall clock's date and time with one such
/// as `MMM d, y` or `h:mm a` (the value formats of reports). The pattern is read once, by the one reader of
/// date patterns (`ValueTransformers.DatePattern.tokenize`); month names are looked up once per
/// language.
final class DateWriter: Sendable {
    /// The letters a written date may use: `d dd`, `M MM MMM MMMM`, `LLLL` (the month's name
    /// standing alone), `yy yyyy`.
    static let letters: Set<Character> = ["d", "M", "L", "y"]
    /// The letters of a time of day, which only the value formats' patterns use: `H HH`
    /// (0–23), `h hh` (1–12) with `a` (the pack's `formats.am_pm`), `m mm`.
    static let clockLetters: Set<Character> = ["H", "h", "m", "a"]

    let pattern: String
    private let tokens: [DatePattern.Token]
    private let monthNames: [String]
    private let shortMonthNames: [String]
    /// "MMM" inside a date ("20 июл. 1969") takes the abbreviated format form; "LLL" stands alone.
    private let formatShortMonthNames: [String]
    private let amPm: (am: String, pm: String)
    /// "MMMM" inside a date ("8. März 1992") takes the format form, which differs in ru/uk.
    private let formatMonthNames: [String]
    private let numbers: NumberSymbols

    /// Month names are the pack's, else the system's CLDR names for the language, always of
    /// the Gregorian calendar (Persian's own calendar has other months). `pattern` has been
    /// checked (`check`) where it was read.
    init(_ pattern: String, pack: LanguagePack) {
        self.pattern = pattern
        tokens = (try? DatePattern.tokenize(pattern, letters: Self.letters.union(Self.clockLetters))) ?? [.literal(pattern)]
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: pack.code)
        formatter.calendar = Calendar(identifier: .gregorian)
        monthNames = pack.dates.standaloneMonths ?? formatter.standaloneMonthSymbols
        shortMonthNames = pack.dates.shortMonths ?? formatter.shortStandaloneMonthSymbols
        formatMonthNames = pack.dates.months ?? formatter.monthSymbols
        formatShortMonthNames = pack.dates.shortFormatMonths ?? pack.dates.shortMonths ?? formatter.shortMonthSymbols
        amPm = pack.formats.amPm
        numbers = pack.numbers
    }

    /// The field letters `pattern` uses, of `letters`; a letter not among them, or a quote
    /// left open, is an error.
    static func fields(of pattern: String, letters: Set<Character>) throws(DateTextError) -> Set<Character> {
        Set(
            try DatePattern.tokenize(pattern, letters: letters).compactMap { token -> Character? in
                if case .field(let letter, _) = token { letter } else { nil }
            })
    }

    /// Why `pattern` cannot write a date with a day and a month, or nil when it can: a letter
    /// it does not know, an unclosed quote, or no day or month.
    static func problem(with pattern: String) -> String? {
        let fields: Set<Character>
        do {
            fields = try Self.fields(of: pattern, letters: letters)
        } catch {
            return
                "\(error.reason) "
                + "(a date is written with `d`, `dd`, `M`, `MM`, `MMM`, `MMMM`, `LLLL`, `yy`, `yyyy` and text in single quotes)"
        }
        // Not per page: a set of pattern letters, once per pattern read.
        guard fields.contains("d"), fields.contains("M") || fields.contains("L") else {
            return "it needs a day (`d` or `dd`) and a month (`M`, `MM`, `MMM` or `MMMM`), such as `dd-MM-yyyy`"
        }
        return nil
    }

    /// The month names as headings and menus use them (nominative in Russian), January first.
    var standaloneMonthNames: [String] { monthNames }

    /// "Jan", "Feb" … as menus use them, January first.
    var shortStandaloneMonthNames: [String] { shortMonthNames }

    /// `date` written with the pattern.
    func string(_ date: CalendarDate) -> String {
        string(WallClock(date: date))
    }

    /// The date and time of `clock` written with the pattern.
    func string(_ clock: WallClock) -> String {
        let date = clock.date
        var result = ""
        for token in tokens {
            switch token {
            case .literal(let text): result += text
            case .field("d", 1): result += numbers.localizingDigits(String(date.day))
            case .field("d", _): result += twoDigits(date.day)
            case .field("M", 1): result += numbers.localizingDigits(String(date.month))
            case .field("M", 2): result += twoDigits(date.month)
            case .field("M", 3): result += formatShortMonthNames[date.month - 1]
            case .field("M", _): result += formatMonthNames[date.month - 1]
            case .field("L", 3): result += shortMonthNames[date.month - 1]
            case .field("L", _): result += monthNames[date.month - 1]
            case .field("H", 1): result += numbers.localizingDigits(String(clock.hour))
            case .field("H", _): result += twoDigits(clock.hour)
            case .field("h", let count):
                let hour = clock.hour % 12 == 0 ? 12 : clock.hour % 12
                result += count == 1 ? numbers.localizingDigits(String(hour)) : twoDigits(hour)
            case .field("m", 1): result += numbers.localizingDigits(String(clock.minute))
            case .field("m", _): result += twoDigits(clock.minute)
            case .field("a", _): result += clock.hour < 12 ? amPm.am : amPm.pm
            case .field("y", 2): result += twoDigits(((date.year % 100) + 100) % 100)
            case .field("y", _): result += numbers.localizingDigits(date.year >= 0 ? CFormat.padded(date.year, 4) : String(date.year))
            case .field(let letter, let count): result += String(repeating: letter, count: count)
            }
        }
        return result
    }

    private func twoDigits(_ value: Int) -> String {
        numbers.localizingDigits(value < 10 ? "0\(value)" : String(value))
    }
}

import CivilTime
import Foundation
import TextFormatting

/// Writes a calendar date with a pattern such as `dd-MM-yyyy` or `d. MMMM yyyy`, with month
/// names and digits of the page's language pack. Month names are looked up once per language.
struct DatePattern: Sendable {
    let pattern: String
    private let monthNames: [String]
    private let shortMonthNames: [String]
    /// "MMMM" inside a date ("8. März 1992") takes the format form, which differs in ru/uk.
    private let formatMonthNames: [String]
    private let numbers: NumberSymbols

    /// Month names are the pack's, else the system's CLDR names for the language, always of
    /// the Gregorian calendar (Persian's own calendar has other months).
    init(_ pattern: String, pack: LanguagePack) {
        self.pattern = pattern
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: pack.code)
        formatter.calendar = Calendar(identifier: .gregorian)
        monthNames = pack.dates.standaloneMonths ?? formatter.standaloneMonthSymbols
        shortMonthNames = pack.dates.shortMonths ?? formatter.shortStandaloneMonthSymbols
        formatMonthNames = pack.dates.months ?? formatter.monthSymbols
        numbers = pack.numbers
    }

    /// The month names as headings and menus use them (nominative in Russian), January first.
    var standaloneMonthNames: [String] { monthNames }

    /// "Jan", "Feb" … as menus use them, January first.
    var shortStandaloneMonthNames: [String] { shortMonthNames }

    /// `date` written with the pattern: `d`, `dd`, `M`, `MM`, `MMM`, `MMMM`, `yy`, `yyyy`;
    /// text in single quotes and every other character are copied.
    func string(_ date: CalendarDate) -> String {
        var result = ""
        var characters = pattern[...]
        while let first = characters.first {
            if first == "'" {
                let rest = characters.dropFirst()
                let end = rest.firstIndex(of: "'") ?? rest.endIndex
                result += rest[..<end]
                characters = end < rest.endIndex ? rest[rest.index(after: end)...] : rest[end...]
                continue
            }
            let run = characters.prefix(while: { $0 == first })
            characters = characters.dropFirst(run.count)
            switch (first, run.count) {
            case ("d", 1): result += numbers.localizingDigits(String(date.day))
            case ("d", _): result += twoDigits(date.day)
            case ("M", 1): result += numbers.localizingDigits(String(date.month))
            case ("M", 2): result += twoDigits(date.month)
            case ("M", 3): result += shortMonthNames[date.month - 1]
            case ("M", _): result += formatMonthNames[date.month - 1]
            case ("L", 4...): result += monthNames[date.month - 1]
            case ("y", 2): result += twoDigits(((date.year % 100) + 100) % 100)
            case ("y", _): result += numbers.localizingDigits(date.year >= 0 ? CFormat.padded(date.year, 4) : String(date.year))
            default: result += run
            }
        }
        return result
    }

    private func twoDigits(_ value: Int) -> String {
        numbers.localizingDigits(value < 10 ? "0\(value)" : String(value))
    }
}

import CivilTime
import Foundation
import TextFormatting

/// Writes a calendar date with a pattern such as `dd-MM-yyyy` or `d. MMMM yyyy`, with month
/// names in the page's language. Month names are looked up once per language.
struct DatePattern: Sendable {
    let pattern: String
    private let monthNames: [String]
    private let shortMonthNames: [String]

    init(_ pattern: String, language: String) {
        self.pattern = pattern
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: language)
        monthNames = formatter.standaloneMonthSymbols ?? formatter.monthSymbols
        shortMonthNames = formatter.shortStandaloneMonthSymbols ?? formatter.shortMonthSymbols
        // "MMMM" inside a date ("8. März 1992") takes the format form, which differs in ru/uk.
        formatMonthNames = formatter.monthSymbols
    }

    private let formatMonthNames: [String]

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
            case ("d", 1): result += String(date.day)
            case ("d", _): result += twoDigits(date.day)
            case ("M", 1): result += String(date.month)
            case ("M", 2): result += twoDigits(date.month)
            case ("M", 3): result += shortMonthNames[date.month - 1]
            case ("M", _): result += formatMonthNames[date.month - 1]
            case ("L", 4...): result += monthNames[date.month - 1]
            case ("y", 2): result += twoDigits(((date.year % 100) + 100) % 100)
            case ("y", _): result += date.year >= 0 ? CFormat.padded(date.year, 4) : String(date.year)
            default: result += run
            }
        }
        return result
    }

    private func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : String(value)
    }
}

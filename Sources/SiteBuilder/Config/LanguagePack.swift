import IntervalText
import Markdown
import TextFormatting

/// Everything the pages of one language need: the words of the page chrome, interval text
/// with its CLDR plural rule, how numbers and dates are written, and the direction of the
/// script. Built in for en, de, ru, uk, fr, es, pl and fa (`DefaultLanguages/<code>.yml`);
/// a site changes a pack or adds one without touching Swift (`LanguagePack+Loading.swift`).
public struct LanguagePack: Sendable {
    /// The direction the language is written in: pages of an `rtl` language carry
    /// `dir="rtl"`, and the stylesheet's logical properties mirror their layout.
    public enum Direction: String, Sendable, CaseIterable {
        case ltr, rtl
    }

    /// The code pages are published under ("de", "de-AT").
    public var code: String
    /// The language's name in itself ("Deutsch").
    public var name: String
    public var direction: Direction
    /// How numbers are written: separators, grouping and digits.
    public var numbers: NumberSymbols
    var dates: DateConventions
    /// Interval text ("vor 3 Tagen", "34 Jahre"), with `interval_text` of `ttsite.yml` applied.
    public var interval: IntervalText.Language
    /// The case of the word in the timeline's `afterStart` and `beforeStart` phrases
    /// ("einen Tag nach dem Start").
    public var startCase: GrammaticalCase
    var labels: Labels
    /// How the values of reports' tables and key figures are written (`formats:`).
    public var formats: ValueFormatting
    /// The pack's date and time writers for values, made once, when first used. Copies of a
    /// pack share them: they are made from `formats` as the pack was read.
    var valueDates = LazyValueDates()
    /// How the language joins things.
    public var punctuation = Punctuation()
    /// The pattern a birthday is written in (`birthday_format`): a site's own, which
    /// `SiteConfig.pack(for:)` gives every pack it hands out.
    public var birthdayFormat = LanguagePack.defaultBirthdayFormat
    public static let defaultBirthdayFormat = "dd-MM-yyyy"
    /// The titles of people's records as the pages show them, by the title as the data
    /// writes it, in lower case ("mr" → "Herr"); a title not here is shown as written.
    public var titles: [String: String] = [:]

    /// How the language joins the items of a short list ("4 events, 3 major") and a date with
    /// its time ("16 July 1969, 14:32").
    public struct Punctuation: Sendable, Equatable, Encodable {
        public var list = ", "
        public var dateAndTime = ", "
    }

    /// The words Markdown's notes and task lists carry in this language.
    var markdownWords: MarkdownRenderer.Words {
        MarkdownRenderer.Words(footnotes: labels.footnotes, backToText: labels.backToText, taskDone: labels.taskDone)
    }

    /// A record's title in this language: the pack's word for it (whatever the case the data
    /// writes it in), else as written.
    public func title(_ written: String) -> String {
        titles[written.lowercased()] ?? written
    }
}

/// How a language writes dates. Month names not given come from the system's CLDR data for
/// the language, in the Gregorian calendar.
struct DateConventions: Sendable {
    /// Day and month, as the day headings of the birthday month pages show them ("MMMM d").
    var dayAndMonth: String
    /// Day and month of a timeline event, before its year ("d MMMM").
    var eventDay: String
    /// The month names inside a date ("8. März"), January first.
    var months: [String]?
    /// The month names standing alone, as headings use them.
    var standaloneMonths: [String]?
    /// Abbreviated month names, as menus use them.
    var shortMonths: [String]?
    /// Abbreviated month names inside a date ("20 июл. 1969"), as `MMM` writes them; else
    /// `shortMonths`, else the system's.
    var shortFormatMonths: [String]?
}

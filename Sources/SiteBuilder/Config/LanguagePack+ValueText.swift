import CivilTime
import DataTables
import Foundation
import IntervalText
import TextFormatting

/// The values of reports' tables and key figures as text in the pack's language.
extension LanguagePack {
    /// What a value with nothing in it (SQL's NULL, an empty cell) is written as: an en dash,
    /// so that a table's empty cell and a key figure without a value read "no value" rather
    /// than look unfinished, in every language alike.
    public static let nullText = "\u{2013}"

    /// `value` written with `format`, or with its type's default when `format` is nil:
    /// integer → `integer`, real → `decimal`, date → `date`, dateTime → `datetime`, boolean
    /// → the pack's words for yes and no, text → as is, null → `nullText`. A format that does
    /// not fit the value (`date` for a number, `percent` for a date) writes it with its
    /// default; text is always written as is, and `text` writes any value as the data has it
    /// ("1234.5", "1969-07-20"). Instants are written on the wall clock of `timeZone`;
    /// `span` counts from `now` in calendar units of `timeZone`.
    public func text(of value: TableValue, as format: ValueFormat?, now: Date, timeZone: TimeZone) -> String {
        switch value {
        case .null:
            return Self.nullText
        case .text(let text):
            return text
        case .boolean(let truth):
            if format?.kind == .text { return truth ? "true" : "false" }
            return truth ? formats.yes : formats.no
        case .integer(let integer):
            if format?.kind == .text { return String(integer) }
            return numberText(DecimalNumber(integer), as: Self.numberKind(format) ?? .integer)
        case .real(let real):
            guard real.isFinite else { return real.isNaN ? "NaN" : (real < 0 ? formats.minusSign : "") + "∞" }
            let number = DecimalNumber(real)
            if format?.kind == .text {
                let (integer, fraction) = number.parts()
                return (number.isNegative ? "-" : "") + integer + (fraction.isEmpty ? "" : "." + fraction)
            }
            return numberText(number, as: Self.numberKind(format) ?? .decimal(places: nil))
        case .date(let day):
            let dates = valueDates.dates(of: self)
            switch format?.kind {
            case .text: return CivilText.isoDate(day)
            case .month: return dates.month.string(day)
            case .birthday: return birthdays.string(day)
            case .span:
                let today = WallClock(now, in: timeZone).date
                if day == today { return interval.today }
                return dates.span(in: timeZone).string(
                    for: WallClock(date: day).instant(in: timeZone), relativeTo: WallClock(date: today).instant(in: timeZone))
                    ?? dates.date.string(day)
            default: return dates.date.string(day)
            }
        case .dateTime(let instant):
            let dates = valueDates.dates(of: self)
            let clock = WallClock(instant, in: timeZone)
            switch format?.kind {
            case .text: return CivilText.isoUTC(instant)
            case .date: return dates.date.string(clock.date)
            case .month: return dates.month.string(clock.date)
            case .birthday: return birthdays.string(clock.date)
            case .span:
                if let text = dates.span(in: timeZone).string(for: instant, relativeTo: now) { return text }
                fallthrough
            default: return dates.date.string(clock.date) + punctuation.dateAndTime + dates.time.string(clock)
            }
        }
    }

    /// The writer of birthdays: `birthdayFormat` in this language.
    var birthdays: DateWriter {
        valueDates.dates(of: self).writer(birthdayFormat, of: self)
    }

    /// The number a counting animation counts to: an integer's or a real's value, nil for
    /// anything else (and for a real that is not finite). The value as stored, not as a
    /// format shows it (0.25 for "25 %").
    public func number(of value: TableValue) -> Double? {
        switch value {
        case .integer(let integer): Double(integer)
        case .real(let real): real.isFinite ? real : nil
        default: nil
        }
    }

    /// CLDR's default decimal pattern, the same in every shipped language.
    static let decimalPattern = NumberPattern("#,##0.###")!
    /// A year: whole, in the language's digits, without grouping.
    static let yearPattern = NumberPattern("0")!

    /// `text(of: .real(number), as: format)` written into `bytes` as HTML text (a `<` or `&`
    /// a pack's symbols might hold escaped).
    func appendHTML(of number: Double, as format: ValueFormat, now: Date, timeZone: TimeZone, to bytes: inout [UInt8]) {
        NumberHTML(self, format: format) { text(of: .real($0), as: format, now: now, timeZone: timeZone) }.append(number, to: &bytes)
    }

    /// How the pack writes the numbers of one format as HTML text, looked up once for many
    /// numbers: integers and decimals go straight into the bytes, without a string each (a
    /// chart's data table writes hundreds); other formats, and numbers that are not finite,
    /// as `text` writes them (`text(of:as:)`, given by the caller, who holds the pack).
    struct NumberHTML {
        /// The pattern of an integer or decimal format; `plain` says whether there is one (not
        /// an optional: a cell would copy its texts out of one to read it).
        private let pattern: NumberPattern
        private let plain: Bool
        private let symbols: NumberSymbols
        private let minusSign: String
        private let text: (Double) -> String

        init(_ pack: borrowing LanguagePack, format: ValueFormat, text: @escaping (Double) -> String) {
            let pattern = LanguagePack.plainPattern(format.kind)
            (self.pattern, plain) = (pattern ?? LanguagePack.decimalPattern, pattern != nil)
            symbols = pack.numbers
            minusSign = pack.formats.minusSign
            self.text = text
        }

        func append(_ number: Double, to bytes: inout [UInt8]) {
            guard number.isFinite, plain else {
                var text = text(number)
                text.withUTF8 { HTMLEscaping.append($0, to: &bytes) }
                return
            }
            let start = bytes.count
            pattern.append(number, symbols: symbols, minusSign: minusSign, to: &bytes)
            if bytes[start...].contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") }) {
                let written = Array(bytes[start...])
                bytes.removeSubrange(start...)
                written.withUnsafeBufferPointer { HTMLEscaping.append($0, to: &bytes) }
            }
        }
    }

    /// `format` when it is one for numbers.
    static func numberKind(_ format: ValueFormat?) -> ValueFormat.Kind? {
        switch format?.kind {
        case .integer, .year, .decimal, .percent, .currency, .compact: format?.kind
        default: nil
        }
    }

    /// A number with a number format (any other writes it as `decimal`).
    func numberText(_ number: DecimalNumber, as kind: ValueFormat.Kind) -> String {
        if let pattern = Self.plainPattern(kind) { return pattern.string(number, symbols: numbers, minusSign: formats.minusSign) }
        switch kind {
        case .integer, .year, .decimal:
            preconditionFailure("written by their plain pattern")
        case .percent(let places):
            var pattern = formats.percent
            pattern.minimumFractionDigits = places
            pattern.maximumFractionDigits = places
            return pattern.string(number.shifted(by: 2), symbols: numbers, minusSign: formats.minusSign)
        case .currency(let code):
            var pattern = formats.currency
            let symbol = formats.currencySymbols[code] ?? code
            pattern.prefix = pattern.prefix.replacingEvery("¤", with: symbol)
            pattern.suffix = pattern.suffix.replacingEvery("¤", with: symbol)
            let places = ValueFormatting.decimals(ofCurrency: code)
            pattern.minimumFractionDigits = places
            pattern.maximumFractionDigits = places
            return pattern.string(number, symbols: numbers, minusSign: formats.minusSign)
        case .compact:
            return compactText(number)
        case .date, .month, .datetime, .birthday, .span, .text:
            return Self.decimalPattern.string(number, symbols: numbers, minusSign: formats.minusSign)
        }
    }

    /// The pattern of integers (no decimals) and decimals (CLDR's up to three, or exactly
    /// `places`); nil for the other kinds, whose patterns are the pack's.
    fileprivate static func plainPattern(_ kind: ValueFormat.Kind) -> NumberPattern? {
        let places: Int
        switch kind {
        case .year: return yearPattern
        case .integer: places = 0
        case .decimal(nil): return decimalPattern
        case .decimal(let fixed?): places = fixed
        default: return nil
        }
        var pattern = decimalPattern
        pattern.minimumFractionDigits = places
        pattern.maximumFractionDigits = places
        return pattern
    }

    /// "4.2M", "4,2 Mio.", "1,5 млрд": the largest power of ten of the pack's compact table
    /// that the number reaches, with one decimal at most (halves to even). A number that
    /// rounds up to the next power takes that one's pattern (999,999 → "1M", where Babel
    /// writes "1000K"). Below the table, and where the pattern is "0" (German thousands),
    /// the number is written in full with one decimal at most.
    func compactText(_ number: DecimalNumber) -> String {
        var power = min(number.rounded(toPlaces: 1).integerDigitCount - 1, formats.compact.keys.max() ?? 0)
        while power >= 3, formats.compact[power] == nil { power -= 1 }
        return compactText(number, power: power)
    }

    private func compactText(_ number: DecimalNumber, power: Int) -> String {
        var full = Self.decimalPattern
        full.maximumFractionDigits = 1
        guard power >= 3, let forms = formats.compact[power], let other = forms[.other] else {
            return full.string(number, symbols: numbers, minusSign: formats.minusSign)
        }
        if other.prefix.isEmpty, other.suffix.isEmpty {
            return full.string(number, symbols: numbers, minusSign: formats.minusSign)
        }
        let shown = number.shifted(by: -(power - max(other.integerZeros - 1, 0))).rounded(toPlaces: 1)
        if shown.integerDigitCount > other.integerZeros, let larger = formats.compact[power + 1], larger[.other] != nil {
            return compactText(number, power: power + 1)
        }
        let (integer, fraction) = shown.parts()
        let category = interval.pluralRules.category(for: PluralOperands(integerDigits: integer, fractionDigits: fraction))
        var pattern = forms[category] ?? other
        pattern.minimumFractionDigits = 0
        pattern.maximumFractionDigits = 1
        return pattern.string(shown, symbols: numbers, minusSign: formats.minusSign)
    }
}

/// A pack's writers of dates and times for values, made once per pack when a value is first
/// written, not when the pack is read: a `DateWriter` looks its month names up when made,
/// which costs a site that shows no table as much as a few hundred pages.
final class LazyValueDates: @unchecked Sendable {
    private let lock = NSLock()
    private var made: ValueDates?

    func dates(of pack: LanguagePack) -> ValueDates {
        lock.lock()
        defer { lock.unlock() }
        if let made { return made }
        let dates = ValueDates(pack)
        made = dates
        return dates
    }
}

/// A pack's writers of dates and times for values: a class, so that handing them to each
/// cell of a table copies a reference, not four writers.
final class ValueDates: @unchecked Sendable {
    let date: DateWriter
    let month: DateWriter
    let time: DateWriter
    /// The writer of `span`: its words are made once (each writer builds its declensions).
    private let spans: IntervalFormatter
    /// The pack's writers of a site's patterns (`birthday_format`), by pattern: the built-in
    /// packs, and so these writers, are shared by every site a process builds.
    private let lock = NSLock()
    private var patterns: [String: DateWriter] = [:]

    init(_ pack: LanguagePack) {
        date = DateWriter(pack.formats.date, pack: pack)
        month = DateWriter(pack.formats.month, pack: pack)
        time = DateWriter(pack.formats.time, pack: pack)
        spans = IntervalFormatter(language: pack.interval)
    }

    /// The span writer, counting calendar units of `timeZone`.
    func span(in timeZone: TimeZone) -> IntervalFormatter {
        var formatter = spans
        formatter.counting = .calendar(timeZone)
        return formatter
    }

    /// The writer of `pattern` in `pack`, the pack these writers are of; made once.
    func writer(_ pattern: String, of pack: LanguagePack) -> DateWriter {
        if let made = lock.withLock({ patterns[pattern] }) { return made }
        let made = DateWriter(pattern, pack: pack)
        lock.withLock { patterns[pattern] = made }
        return made
    }
}

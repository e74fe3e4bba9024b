import CivilTime
import Foundation
import TextFormatting

/// A date format given as a Unicode (UTS #35) pattern such as `dd.MM.yyyy`, `MM/dd/yyyy` or
/// `yyyy-MM-dd'T'HH:mm:ss.SSSZZZZZ`, read and written by hand: strict, English names,
/// proleptic Gregorian, independent of the locale and fast (no `DateFormatter`).
///
/// Letters: `y yy yyyy`, `M MM MMM MMMM`, `d dd`, `H HH`, `h hh` with `a`, `m mm`, `s ss`,
/// `S…` (fraction, exactly as many digits), `E…` (weekday name, not checked against the date),
/// `Z ZZ ZZZ` (`+hhmm`), `ZZZZZ XXX xxx` (`+hh:mm`, `X` also `Z`), `X XX x xx`. Text in quotes
/// and any other character is literal. `yy` is the year within 80 years before and 20 after `now`.
public struct DatePattern: DateTextParser {
    public let pattern: String
    private let tokens: [Token]
    /// The instant two-digit years are judged from; nil means the clock at parse time.
    public let now: Date?

    public var name: String { pattern }

    /// A piece of a pattern: literal text, or a field such as `MMMM` (letter and count).
    public enum Token: Sendable, Hashable {
        case literal(String)
        case field(Character, Int)
    }

    /// Throws when the pattern uses an unsupported letter or lacks a year, month or day.
    public init(_ pattern: String, now: Date? = nil) throws(DateTextError) {
        self.pattern = pattern
        self.now = now
        self.tokens = try Self.tokenize(pattern, letters: Self.supported)
        let letters = Set(
            tokens.compactMap { token -> Character? in
                if case .field(let letter, _) = token { return letter } else { return nil }
            })
        for required: Character in ["y", "M", "d"] where !letters.contains(required) {
            throw DateTextError("the date pattern \"\(pattern)\" has no \"\(required)\" field")
        }
        // Not per page: a set of pattern letters, once per pattern.
        if letters.contains("h") != letters.contains("a") {
            throw DateTextError("the date pattern \"\(pattern)\" needs both \"h\" and \"a\" for a 12-hour clock")
        }
    }

    /// The letters this parser reads.
    public static let supported: Set<Character> = ["y", "M", "d", "H", "h", "a", "m", "s", "S", "E", "Z", "X", "x"]

    /// The pieces of a UTS #35 pattern: runs of one ASCII letter are fields, text in single
    /// quotes (`''` is a quote) and every other character literal text. The one reader of date
    /// patterns: this parser's and the site's date writer use it with their own `letters`;
    /// any other letter is an error.
    public static func tokenize(_ pattern: String, letters supported: Set<Character>) throws(DateTextError) -> [Token] {
        var tokens: [Token] = []
        var characters = Array(pattern)[...]
        func appendLiteral(_ text: String) {
            if case .literal(let previous) = tokens.last {
                tokens[tokens.count - 1] = .literal(previous + text)
            } else {
                tokens.append(.literal(text))
            }
        }
        while let character = characters.first {
            if character == "'" {
                characters.removeFirst()
                if characters.first == "'" {
                    characters.removeFirst()
                    appendLiteral("'")
                    continue
                }
                guard let end = characters.firstIndex(of: "'") else { throw DateTextError("unclosed quote in the date pattern") }
                appendLiteral(String(characters[..<end]))
                characters = characters[(end + 1)...]
            } else if character.isASCII, character.isLetter {
                let count = characters.prefix(while: { $0 == character }).count
                guard supported.contains(character) else {
                    throw DateTextError("the date pattern letter \"\(character)\" is not supported")
                }
                // No field has more than 9 letters (S…, nanoseconds); 19 digits would not fit an Int.
                guard count <= 9 else {
                    throw DateTextError(
                        "the date pattern field \"\(String(repeating: character, count: count))\" is too long: "
                            + "a field has at most 9 letters"
                    )
                }
                tokens.append(.field(character, count))
                characters.removeFirst(count)
            } else {
                appendLiteral(String(character))
                characters.removeFirst()
            }
        }
        return tokens
    }

    public func parse(_ text: String) throws(DateTextError) -> WrittenDate {
        try text.withUTF8Bytes { (bytes) throws(DateTextError) -> WrittenDate in
            var s = DateScanner(bytes: bytes)
            if s.isAtEnd { throw DateTextError("the text is empty") }
            var fields = Fields()
            for token in tokens {
                switch token {
                case .literal(let literal):
                    for byte in literal.utf8 where !s.take(byte) { throw DateTextError("expected \"\(literal)\" before \"\(s.rest)\"") }
                case .field(let letter, let count):
                    try read(letter, count, from: &s, into: &fields)
                }
            }
            guard s.isAtEnd else { throw DateTextError("unexpected \"\(s.rest)\" at the end") }
            let hour = fields.isPM.map { (fields.hour % 12) + ($0 ? 12 : 0) } ?? fields.hour
            guard
                let date = WrittenDate(
                    year: fields.year, month: fields.month, day: fields.day, hour: hour, minute: fields.minute,
                    second: fields.second, nanosecond: fields.nanosecond, utcOffset: fields.utcOffset,
                    hasTime: fields.hasTime
                )
            else {
                throw DateTextError.invalidFields(
                    year: fields.year, month: fields.month, day: fields.day, hour: hour, minute: fields.minute,
                    second: fields.second, utcOffset: fields.utcOffset
                )
            }
            return date
        }
    }

    private struct Fields {
        var year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0, nanosecond = 0
        var utcOffset: Int?
        var isPM: Bool?
        var hasTime = false
    }

    private func number(_ s: inout DateScanner, _ count: Int, _ what: String, maximumDigits: Int = 2) throws(DateTextError) -> Int {
        let value = count == 1 ? s.digits(upTo: maximumDigits)?.value : s.digits(count)
        guard let value else { throw DateTextError("expected the \(what) at \"\(s.rest)\"") }
        return value
    }

    private func read(_ letter: Character, _ count: Int, from s: inout DateScanner, into f: inout Fields) throws(DateTextError) {
        switch letter {
        case "y":
            if count == 2 {
                f.year = DatePattern.expandTwoDigitYear(try number(&s, 2, "year"), now: now ?? Date())
            } else {
                f.year = try number(&s, count == 1 ? 1 : count, "year", maximumDigits: 4)
            }
        case "M":
            if count <= 2 {
                f.month = try number(&s, count, "month")
                break
            }
            let word = s.word()
            let names = count == 3 ? EnglishNames.monthAbbreviations : EnglishNames.monthNames
            guard let index = names.firstIndex(where: { $0.lowercased() == word }) else { throw DateTextError("expected a month name") }
            f.month = index + 1
        case "d": f.day = try number(&s, count, "day")
        case "H":
            f.hour = try number(&s, count, "hour")
            f.hasTime = true
        case "h":
            f.hour = try number(&s, count, "hour")
            guard (1...12).contains(f.hour) else { throw DateTextError("hour \(f.hour) does not exist on a 12-hour clock") }
            f.hasTime = true
        case "a":
            let word = s.word()
            guard word == "am" || word == "pm" else { throw DateTextError("expected AM or PM") }
            f.isPM = word == "pm"
        case "m": f.minute = try number(&s, count, "minute")
        case "s": f.second = try number(&s, count, "second")
        case "S":
            guard let digits = s.digits(count) else { throw DateTextError("expected \(count) digits of a fraction of a second") }
            f.nanosecond = count >= 9 ? digits : digits * Int(pow(10, Double(9 - count)))
        case "E":
            let word = s.word()
            let names = count == 4 ? EnglishNames.weekdayNames : EnglishNames.weekdayAbbreviations
            guard names.contains(where: { $0.lowercased() == word }) else { throw DateTextError("expected a weekday name") }
        default:
            f.utcOffset = try zone(&s, letter: letter, count: count)
        }
    }

    private func zone(_ s: inout DateScanner, letter: Character, count: Int) throws(DateTextError) -> Int {
        if letter == "X", s.take(UInt8(ascii: "Z")) { return 0 }
        let sign: Int
        if s.take(UInt8(ascii: "+")) {
            sign = 1
        } else if s.take(UInt8(ascii: "-")) {
            sign = -1
        } else {
            throw DateTextError("expected a UTC offset at \"\(s.rest)\"")
        }
        guard let hours = s.digits(2) else { throw DateTextError("expected a UTC offset") }
        let colon = (letter == "Z" && count == 5) || (letter != "Z" && count >= 3)
        let minutesOptional = letter != "Z" && count == 1
        if colon, !s.take(UInt8(ascii: ":")) { throw DateTextError("expected a UTC offset ±hh:mm") }
        var minutes = 0
        if let value = s.digits(2) {
            minutes = value
        } else if !minutesOptional {
            throw DateTextError("expected the minutes of the UTC offset")
        }
        guard hours < 24, minutes < 60 else { throw DateTextError("the UTC offset is out of range") }
        return sign * (hours * 3600 + minutes * 60)
    }

    /// DateFormatter's rule for `yy`: the year within 80 years before and 20 after `now`.
    static func expandTwoDigitYear(_ twoDigits: Int, now: Date) -> Int {
        let start = WrittenDate(utc: now).calendarDate.year - 80
        let year = start - start % 100 + twoDigits
        return year < start ? year + 100 : year
    }

    /// `date` in this pattern, in UTC (offset fields write `Z` or `+0000`).
    public func format(_ date: Date) -> String {
        let f = WrittenDate(utc: date)
        let day = f.calendarDate
        var text = ""
        func pad(_ value: Int, _ count: Int) -> String { CFormat.padded(value, count) }
        for token in tokens {
            switch token {
            case .literal(let literal): text += literal
            case .field(let letter, let count):
                switch letter {
                case "y": text += count == 2 ? pad(day.year % 100, 2) : pad(day.year, count)
                case "M":
                    text +=
                        count <= 2
                        ? pad(day.month, count) : (count == 3 ? EnglishNames.monthAbbreviations : EnglishNames.monthNames)[day.month - 1]
                case "d": text += pad(day.day, count)
                case "H": text += pad(f.hour, count)
                case "h": text += pad(f.hour % 12 == 0 ? 12 : f.hour % 12, count)
                case "a": text += f.hour < 12 ? "AM" : "PM"
                case "m": text += pad(f.minute, count)
                case "s": text += pad(f.second, count)
                case "S": text += String(pad(f.nanosecond, 9).prefix(count)).padding(toLength: count, withPad: "0", startingAt: 0)
                case "E": text += (count == 4 ? EnglishNames.weekdayNames : EnglishNames.weekdayAbbreviations)[day.weekday]
                case "X": text += "Z"
                default: text += (letter == "Z" && count < 5) || (letter == "x" && count < 3) ? "+0000" : "+00:00"
                }
            }
        }
        return text
    }
}

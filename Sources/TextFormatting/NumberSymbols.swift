/// How a language writes numbers: decimal separator, grouping separator, from how many
/// integer digits on it groups, and its ten digits (Persian writes "۱۲۳"); and the two ways
/// numbers are written with them: with a fixed number of decimals as `Intl.NumberFormat`
/// rounds (the counters), and with up to six decimals as the time-span texts write counts.
///
/// Numbers are written here rather than by the system, so that the text is the same on every
/// machine. The table matches what browsers' `Intl.NumberFormat` writes for the same
/// language (CLDR), so the text in the HTML and the digits a page's script animates look
/// alike. Only the primary language subtag counts ("de-AT" is written like "de").
public struct NumberSymbols: Hashable, Sendable {
    public var decimalSeparator: String
    public var groupingSeparator: String
    /// Integer parts with fewer digits are not grouped: 4 writes "1,234", 5 writes "1234"
    /// but "12 345" (CLDR's minimum grouping digits + 3).
    public var minimumDigitsToGroup: Int
    /// The digits 0 to 9 as the language writes them; nil for the ASCII digits.
    public var digits: [Character]?

    /// By default "." and no grouping: "1000.5", as the seed libraries write numbers.
    /// `digits` are ten characters, 0 to 9; nil or "0123456789" keeps the ASCII digits.
    public init(decimalSeparator: String = ".", groupingSeparator: String = "", minimumDigitsToGroup: Int = 4, digits: String? = nil) {
        self.decimalSeparator = decimalSeparator
        self.groupingSeparator = groupingSeparator
        self.minimumDigitsToGroup = minimumDigitsToGroup
        if let digits, digits != Self.asciiDigits, digits.count == 10 {
            self.digits = Array(digits)
        }
    }

    /// The digits 0 to 9 in ASCII.
    public static let asciiDigits = "0123456789"

    /// The digits of CLDR's `arabext` numbering system, Persian's: "۰۱۲۳۴۵۶۷۸۹".
    public static let extendedArabicIndicDigits = "\u{06F0}\u{06F1}\u{06F2}\u{06F3}\u{06F4}\u{06F5}\u{06F6}\u{06F7}\u{06F8}\u{06F9}"

    /// `text` with its ASCII digits written in the language's digits; `text` itself when
    /// the language writes ASCII digits. For numbers written elsewhere (a date's day, a page
    /// number) that must look like the ones written here.
    public func localizingDigits(_ text: String) -> String {
        guard let digits else { return text }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for character in text {
            if let ascii = character.asciiValue, (48...57).contains(ascii) {
                result.append(digits[Int(ascii - 48)])
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// "1,234.5"
    public static let english = NumberSymbols(decimalSeparator: ".", groupingSeparator: ",")
    /// "1.234,5"
    public static let german = NumberSymbols(decimalSeparator: ",", groupingSeparator: ".")
    /// "1 234,5" with a no-break space (U+00A0), as in Russian and Ukrainian.
    public static let spaceComma = NumberSymbols(decimalSeparator: ",", groupingSeparator: "\u{00A0}")

    /// The symbols for a BCP 47 tag or locale identifier ("de", "de-AT", "uk_UA");
    /// English for a language not in the table.
    public init(language: String) {
        let primary =
            language.split(whereSeparator: { $0 == "-" || $0 == "_" }).first
            .map { $0.lowercased() } ?? ""
        self = Self.table[primary] ?? .english
    }

    private static let table: [String: NumberSymbols] = [
        "en": .english,
        "de": .german,
        "ru": .spaceComma,
        "uk": .spaceComma,
        "pl": NumberSymbols(decimalSeparator: ",", groupingSeparator: "\u{00A0}", minimumDigitsToGroup: 5),
        "fr": NumberSymbols(decimalSeparator: ",", groupingSeparator: "\u{202F}"),
        "es": NumberSymbols(decimalSeparator: ",", groupingSeparator: ".", minimumDigitsToGroup: 5),
        "it": NumberSymbols(decimalSeparator: ",", groupingSeparator: ".", minimumDigitsToGroup: 5),
        "nl": .german,
        "pt": .german,
        // Arabic decimal and thousands separators (U+066B, U+066C) with the arabext digits.
        "fa": NumberSymbols(decimalSeparator: "\u{066B}", groupingSeparator: "\u{066C}", digits: extendedArabicIndicDigits),
    ]

    /// `value` with exactly `fractionDigits` decimals (0…20), as `Intl.NumberFormat` writes
    /// it with `minimumFractionDigits = maximumFractionDigits = fractionDigits`:
    /// the shortest decimal that reads back as `value` ("0.35", not 0.34999…) rounded half
    /// away from zero, so 0.35 → "0.4", 2.5 → "3", −2.5 → "-3". A value that rounds to
    /// zero has no minus sign ("0", never "-0").
    public func string(for value: Double, fractionDigits: Int) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-∞" : "∞" }
        let decimals = min(max(fractionDigits, 0), 20)
        let rounded = DecimalNumber(value).rounded(toPlaces: decimals, ties: .awayFromZero)
        let (integer, fraction) = rounded.parts(minimumFractionDigits: decimals)
        return (rounded.isNegative ? "-" : "") + written(integer: integer, fraction: fraction)
    }

    /// The absolute value of `value` with at most six decimals, trailing zeros dropped:
    /// "2.5", "1,000", "1,5" (German). How counts are written in time-span texts.
    public func magnitudeString(for value: Double) -> String {
        let digits = Self.digits(of: value)
        return written(integer: digits.integer, fraction: digits.fraction)
    }

    /// The decimal digits of |value|, at most 6 decimals, trailing zeros dropped, as
    /// `magnitudeString(for:)` writes them. Plural operands are computed from the same
    /// digits, so a plural category always matches the number shown.
    public static func digits(of value: Double) -> (integer: String, fraction: String) {
        guard value.isFinite else { return ("0", "") }
        let magnitude = abs(value)
        // Whole numbers (ages, days, counts) are most of them: their digits are the integer's.
        if magnitude < 1e15, magnitude == magnitude.rounded(.towardZero) {
            return (String(Int(magnitude)), "")
        }
        // `%f`'s digits are ASCII: split and trimmed by bytes, not by `Character` (a timeline
        // of distances writes one an event).
        let bytes = Array(CFormat.fixed(magnitude, decimals: 6).utf8)
        let point = bytes.firstIndex(of: UInt8(ascii: ".")) ?? bytes.endIndex
        var end = bytes.endIndex
        while end > point + 1, bytes[end - 1] == UInt8(ascii: "0") { end -= 1 }
        let fraction = end > point + 1 ? bytes[(point + 1)..<end] : []
        return (String(decoding: bytes[..<point], as: UTF8.self), String(decoding: fraction, as: UTF8.self))
    }

    /// Integer digits grouped when there are enough of them, and the fraction after the
    /// decimal separator when there is one, in the language's digits.
    func written(integer: String, fraction: String) -> String {
        var bytes: [UInt8] = []
        appendWritten(integer: integer.utf8, fraction: fraction.utf8, grouping: true, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `written`'s bytes appended to `bytes`, from ASCII digits: the integer's in groups of
    /// three from the right (with `grouping`, from `minimumDigitsToGroup` digits on), then
    /// the decimal separator and the fraction's when there are any. `NumberPattern` writes its
    /// numbers through it, with no string made on the way (a table writes a number per cell).
    func appendWritten(integer: some Collection<UInt8>, fraction: some Collection<UInt8>, grouping: Bool, to bytes: inout [UInt8]) {
        let count = integer.count
        let grouped = grouping && count >= minimumDigitsToGroup && !groupingSeparator.isEmpty
        let first = count % 3 == 0 ? 3 : count % 3
        guard digits == nil else {
            for (index, digit) in integer.enumerated() {
                if grouped, index >= first, (index - first) % 3 == 0 { bytes += groupingSeparator.utf8 }
                appendDigit(digit, to: &bytes)
            }
            guard !fraction.isEmpty else { return }
            bytes += decimalSeparator.utf8
            for digit in fraction { appendDigit(digit, to: &bytes) }
            return
        }
        // ASCII digits are the bytes themselves: runs of them are copied whole.
        if grouped {
            var start = integer.startIndex
            var run = first
            while start != integer.endIndex {
                let end = integer.index(start, offsetBy: run)
                if start != integer.startIndex { bytes += groupingSeparator.utf8 }
                bytes.append(contentsOf: integer[start..<end])
                (start, run) = (end, 3)
            }
        } else {
            bytes.append(contentsOf: integer)
        }
        guard !fraction.isEmpty else { return }
        bytes += decimalSeparator.utf8
        bytes.append(contentsOf: fraction)
    }

    /// An ASCII digit in the language's digits.
    private func appendDigit(_ ascii: UInt8, to bytes: inout [UInt8]) {
        if let digits, (48...57).contains(ascii) { bytes += digits[Int(ascii - 48)].utf8 } else { bytes.append(ascii) }
    }
}

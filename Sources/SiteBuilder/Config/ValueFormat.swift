/// How a report writes a value, by the name a table column or key figure gives it:
/// `integer`, `year`, `decimal`, `decimal:2`, `percent`, `percent:1`, `currency:EUR`, `compact`,
/// `date`, `month`, `datetime`, `birthday`, `span` or `text`. The words, patterns and symbols are the
/// language pack's (`formats:`); `LanguagePack.text(of:as:now:timeZone:)` writes with them.
public struct ValueFormat: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// Grouped, no decimals, halves to even: "1,235".
        case integer
        /// A year: a whole number without grouping, "1952" (`ColumnFormat`).
        case year
        /// CLDR's default decimal, up to three decimals ("1,234.568"), or exactly `places`.
        case decimal(places: Int?)
        /// 0.25 → "25%", "25 %", with `places` decimals.
        case percent(places: Int)
        /// An ISO 4217 code: "€1,234.57", "1.234,57 €"; its decimals are the currency's.
        case currency(code: String)
        /// "4.2M", "4,2 Mio.": one decimal at most.
        case compact
        /// CLDR's medium date: "Jul 20, 1969", "20.07.1969".
        case date
        /// The month and year: "July 1969", "Juli 1969".
        case month
        /// The medium date and the short time: "Jul 20, 1969, 8:17 PM".
        case datetime
        /// A date as the site writes a birthday (`birthday_format`): "24-11-1990". The
        /// `people` table's `birth_date` column is written so wherever it shows.
        case birthday
        /// A time span from the build's now: "3 days ago", "in 2 hours".
        case span
        /// As written.
        case text
    }

    public let kind: Kind

    public init(_ kind: Kind) {
        self.kind = kind
    }

    /// The most decimals `decimal:N` and `percent:N` take.
    public static let maximumPlaces = 10

    /// Every name a format can have, as errors list them.
    public static let names = [
        "integer", "year", "decimal", "decimal:N", "percent", "percent:N", "currency:CODE",
        "compact", "date", "month", "datetime", "birthday", "span", "text",
    ]

    /// The formats named by one word (a table parses its columns' formats on every page).
    private static let plainKinds: [String: Kind] = [
        "integer": .integer, "year": .year, "compact": .compact, "date": .date, "month": .month,
        "datetime": .datetime, "birthday": .birthday, "span": .span, "text": .text,
    ]

    /// Reads a format's name. `N` is 0 to 10 decimals; `CODE` an ISO 4217 code in capitals
    /// (`currency:EUR`; `currency:eur` is an error that says so).
    public init(parsing name: String) throws(ValueFormatError) {
        let parts = name.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let argument = parts.count > 1 ? parts[1] : nil
        func places() throws(ValueFormatError) -> Int {
            guard let argument else { return 0 }
            guard let value = Int(argument), (0...Self.maximumPlaces).contains(value), argument.allSatisfy(\.isASCII) else {
                throw ValueFormatError(
                    name: name, reason: "`\(parts[0]):` takes a number of decimals from 0 to \(Self.maximumPlaces), such as `\(parts[0]):2`"
                )
            }
            return value
        }
        switch parts[0] {
        case "decimal": kind = .decimal(places: argument == nil ? nil : try places())
        case "percent": kind = .percent(places: try places())
        case "currency":
            guard let code = argument, !code.isEmpty else {
                throw ValueFormatError(name: name, reason: "`currency` needs a currency's ISO 4217 code, such as `currency:EUR`")
            }
            guard code.count == 3, code.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }) else {
                let upper = code.uppercased()
                let hint =
                    upper.count == 3 && upper.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) })
                    ? ": write it in capitals, `currency:\(upper)`" : ", three capital letters such as `currency:EUR`"
                throw ValueFormatError(name: name, reason: "`\(code)` is not an ISO 4217 currency code\(hint)")
            }
            kind = .currency(code: code)
        default:
            guard let kind = Self.plainKinds[parts[0]] else { throw ValueFormatError(name: name, reason: nil) }
            guard argument == nil else {
                throw ValueFormatError(name: name, reason: "`\(parts[0])` takes nothing after a colon")
            }
            self.kind = kind
        }
    }

    /// The name the format is written with: `decimal:2`, `currency:EUR`.
    public var name: String {
        switch kind {
        case .integer: "integer"
        case .year: "year"
        case .decimal(let places): places.map { "decimal:\($0)" } ?? "decimal"
        case .percent(let places): places == 0 ? "percent" : "percent:\(places)"
        case .currency(let code): "currency:\(code)"
        case .compact: "compact"
        case .date: "date"
        case .month: "month"
        case .datetime: "datetime"
        case .birthday: "birthday"
        case .span: "span"
        case .text: "text"
        }
    }

    public var description: String { name }
}

/// A format name ttsite does not know, with what is allowed.
public struct ValueFormatError: Error, Equatable, CustomStringConvertible {
    /// The name as written.
    public let name: String
    /// What is wrong with a known kind of format; nil for a name that is none.
    public let reason: String?

    public var description: String {
        if let reason { return "the format `\(name)`: \(reason)" }
        let names = ValueFormat.names.map { "`\($0)`" }.joined(separator: ", ")
        return "there is no format `\(name)`; a format is one of \(names)"
    }
}

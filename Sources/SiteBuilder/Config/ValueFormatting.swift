import IntervalText
import TextFormatting
import ValueTransformers
import Yams

/// How a language writes the values of reports' tables and key figures: the `formats:` of its
/// pack, CLDR's patterns and words. Separators, grouping and digits are the pack's `numbers`,
/// month names its dates' (`DateWriter`); what is here is the rest.
///
/// A pack that leaves `formats:` out, or some of its keys, takes them from the built-in pack
/// of its language and then from English's, so a site's own pack written before formats
/// existed still reads (`LanguagePack.load`).
public struct ValueFormatting: Sendable {
    /// Before a negative number: "-", Persian "\u{200E}−".
    public var minusSign: String
    /// "#,##0 %": the percent sign (`%`) stands for `percentSign`.
    public var percent: NumberPattern
    /// "¤#,##0.00", "#,##0.00 ¤": `¤` stands for the currency's symbol; the decimals are the
    /// currency's (none for JPY).
    public var currency: NumberPattern
    /// Currency symbols by ISO 4217 code ("EUR" → "€"); a code not here is written as itself.
    public var currencySymbols: [String: String]
    /// Short compact patterns by power of ten (3 for thousands … 14), each by plural category
    /// with `other` among them: "0K", "00 Mio.". A pattern of "0" writes the number in full.
    public var compact: [Int: [PluralCategory: NumberPattern]]
    /// CLDR's medium date ("MMM d, y"), month and year ("MMMM y") and short time ("h:mm a").
    public var date: String
    public var month: String
    public var time: String
    /// What `a` writes before and after noon.
    public var amPm: (am: String, pm: String)
    /// A boolean's words: "yes", "no".
    public var yes: String
    public var no: String

    /// The keys of `formats:`.
    static let keys = [
        "minus_sign", "percent_sign", "percent", "currency", "currency_symbols", "compact", "date", "month", "time", "am_pm", "boolean",
    ]

    /// The number of decimals of a currency (CLDR's supplemental currency data, as Babel
    /// 2.18 holds it): 2 unless listed.
    static func decimals(ofCurrency code: String) -> Int {
        currencyDecimals[code] ?? 2
    }

    static let currencyDecimals: [String: Int] = {
        var table: [String: Int] = [:]
        for code in [
            "ADP", "AFN", "ALL", "BIF", "BYR", "CLP", "DJF", "ESP", "GNF", "IQD", "IRR", "ISK", "ITL", "JPY", "KMF", "KPW", "KRW",
            "LAK", "LBP", "LUF", "MGA", "MGF", "MMK", "MRO", "PYG", "RSD", "RWF", "SLL", "SOS", "STD", "SYP", "TMM", "TRL",
            "UGX", "UYI", "VND", "VUV", "XAF", "XOF", "XPF", "YER", "ZMK", "ZWD",
        ] { table[code] = 0 }
        for code in ["BHD", "JOD", "KWD", "LYD", "OMR", "TND"] { table[code] = 3 }
        for code in ["CLF", "UYW"] { table[code] = 4 }
        return table
    }()

    // MARK: - Reading

    /// The formats of a complete `formats:` mapping (the pack's laid over English's), checked
    /// layer by layer before (`check`).
    init(_ node: Node) {
        let mapping = node.mapping ?? [:]
        func text(_ key: String) -> String { mapping[key]?.string ?? "" }
        func pair(_ key: String) -> (String, String) {
            let items = mapping[key]?.sequence?.compactMap(\.string) ?? []
            return items.count == 2 ? (items[0], items[1]) : ("", "")
        }
        let percentSign = mapping["percent_sign"]?.string ?? "%"
        minusSign = text("minus_sign")
        percent = NumberPattern(text("percent"), percentSign: percentSign) ?? NumberPattern("#,##0%")!
        currency = NumberPattern(text("currency"), percentSign: percentSign) ?? NumberPattern("¤#,##0.00")!
        currencySymbols = [:]
        for (code, symbol) in mapping["currency_symbols"]?.mapping ?? [:] {
            if let code = code.string, let symbol = symbol.string { currencySymbols[code] = symbol }
        }
        compact = [:]
        for (key, value) in mapping["compact"]?.mapping ?? [:] {
            guard let power = key.string.flatMap(Self.powerOfTen) else { continue }
            var forms: [PluralCategory: NumberPattern] = [:]
            if let single = value.string {
                forms[.other] = NumberPattern(single, percentSign: percentSign)
            } else {
                for (category, pattern) in value.mapping ?? [:] {
                    if let category = category.string.flatMap(PluralCategory.init(rawValue:)), let pattern = pattern.string {
                        forms[category] = NumberPattern(pattern, percentSign: percentSign)
                    }
                }
            }
            compact[power] = forms
        }
        date = text("date")
        month = text("month")
        time = text("time")
        amPm = pair("am_pm")
        (yes, no) = pair("boolean")
    }

    /// 3 for "1000", nil for anything but 10³ … 10¹⁴ written out.
    static func powerOfTen(_ text: String) -> Int? {
        guard text.count >= 4, text.count <= 15, text.hasPrefix("1"), text.dropFirst().allSatisfy({ $0 == "0" }) else { return nil }
        return text.count - 1
    }

    /// Checks `formats:` of one layer: known keys, patterns that read, two words where two
    /// are needed. Errors name the layer's file and line.
    static func check(_ node: Node, prefix: String, reader: YAMLReader) throws {
        let path = prefix + "formats"
        let formats = try reader.mapping(node, path)
        try reader.requireKnownKeys(formats, keys, context: path)
        for key in ["minus_sign", "percent_sign"] {
            if let value = formats[key] { _ = try reader.string(value, "\(path).\(key)") }
        }
        for (key, sign) in [("percent", "%"), ("currency", "¤")] {
            guard let value = formats[key] else { continue }
            let pattern = try reader.string(value, "\(path).\(key)")
            guard NumberPattern(pattern) != nil, pattern.contains(sign) else {
                throw reader.error(
                    "`\(path).\(key)` \"\(pattern)\" is not a CLDR number pattern with `\(sign)`, "
                        + "such as \"\(key == "percent" ? "#,##0 %" : "#,##0.00 ¤")\"",
                    at: value)
            }
        }
        if let value = formats["currency_symbols"] {
            for (code, symbol) in try reader.mapping(value, "\(path).currency_symbols") {
                let name = code.string ?? ""
                guard name.count == 3, name.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }) else {
                    throw reader.error(
                        "`\(path).currency_symbols` has `\(name)`, which is not an ISO 4217 code (three capital letters, such as EUR)",
                        at: code)
                }
                _ = try reader.string(symbol, "\(path).currency_symbols.\(name)")
            }
        }
        if let value = formats["compact"] {
            for (key, forms) in try reader.mapping(value, "\(path).compact") {
                let name = key.string ?? ""
                guard powerOfTen(name) != nil else {
                    throw reader.error(
                        "`\(path).compact` has `\(name)`: its keys are the powers of ten from 1000 to 100000000000000, written out", at: key
                    )
                }
                let place = "\(path).compact.\(name)"
                var patterns: [(Node, String)] = []
                if let mapping = forms.mapping {
                    try reader.requireKnownKeys(mapping, PluralCategory.allCases.map(\.rawValue), context: place)
                    guard mapping["other"] != nil else {
                        throw reader.error(
                            "`\(place)` needs an `other` form (the one for numbers the plural rule gives no category of their own)",
                            at: forms)
                    }
                    for (_, pattern) in mapping { patterns.append((pattern, try reader.string(pattern, place))) }
                } else {
                    patterns.append((forms, try reader.string(forms, place)))
                }
                for (node, pattern) in patterns where NumberPattern(pattern) == nil {
                    throw reader.error(
                        "`\(place)` \"\(pattern)\" is not a compact number pattern such as \"0K\" or \"00 Mio'.'\" "
                            + "(a dot, comma, `0` or `#` in the words goes in single quotes)",
                        at: node)
                }
            }
        }
        let needs: [(key: String, fields: [Set<Character>], example: String)] = [
            ("date", [["d"], ["M", "L"], ["y"]], "a day, a month and a year, such as \"MMM d, y\""),
            ("month", [["M", "L"], ["y"]], "a month and a year, such as \"MMMM y\""),
            ("time", [["H", "h"], ["m"]], "hours and minutes, such as \"HH:mm\" or \"h:mm a\""),
        ]
        for need in needs {
            guard let value = formats[need.key] else { continue }
            let pattern = try reader.string(value, "\(path).\(need.key)")
            let letters: Set<Character>
            do {
                letters = try DateWriter.fields(of: pattern, letters: DateWriter.letters.union(DateWriter.clockLetters))
            } catch {
                throw reader.error(
                    "`\(path).\(need.key)` \"\(pattern)\": \(error.reason) "
                        + "(a date or time is written with `d`, `M`, `L`, `y`, `H`, `h`, `m`, `a` and text in single quotes)",
                    at: value)
            }
            guard need.fields.allSatisfy({ !$0.isDisjoint(with: letters) }), letters.contains("h") == letters.contains("a") else {
                throw reader.error("`\(path).\(need.key)` \"\(pattern)\" needs \(need.example)", at: value)
            }
        }
        for key in ["am_pm", "boolean"] {
            guard let value = formats[key] else { continue }
            let words = try reader.strings(value, "\(path).\(key)")
            guard words.count == 2 else {
                let order =
                    key == "boolean" ? "true's first, such as [\"yes\", \"no\"]" : "the morning's first, such as [\"AM\", \"PM\"]"
                throw reader.error(
                    "`\(path).\(key)` must list two words, \(order), found \(words.count)",
                    at: value)
            }
        }
    }
}

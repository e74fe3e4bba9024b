import Charts
import DataTables
import Foundation
import ValueTransformers

/// What a `chart` block sets of its axes and marks on them, beyond what its data says:
///
///     ```ttsite chart kind=line data=prices x=day y=close rule.y="100:Target" band.x="2008-09-15:2009-03-09:Crash" y.min=0
///     ```
///
/// - `rule.y=VALUE:LABEL`, `rule.x=VALUE:LABEL`: a line across the plot at a value, or up it
///   at an x value (a date, a number, a category); the label is optional, and several rules
///   of one axis are written in one argument with `;` between them.
/// - `band.y=FROM:TO:LABEL`, `band.x=FROM:TO:LABEL`: a tinted band between two values.
/// - `rules=NAME`: rules from a query's rows (`chartRules`).
/// - `y.min=`, `y.max=`, `x.min=`, `x.max=`: an axis's ends (the data's, niced, otherwise);
///   marks beyond them are cut off at the plot's edge, and the build says how many.
/// - `y.zero=true|false`: whether the value axis reaches zero (bars, columns and areas do,
///   lines and points span their values).
/// - `ticks.y=N`, `ticks.x=N`: about how many ticks (a hint: fewer where labels would overlap).
///
/// The axes reach every rule and band; a value is written as a query's result is (`2008-09-15`,
/// `12.5`), never in a page's language.
extension DataBlocks {
    static let chartAxisArguments = ["x.min", "x.max", "y.min", "y.max", "y.zero", "ticks.x", "ticks.y"]
    static let chartMarkArguments = ["rule.x", "rule.y", "band.x", "band.y"]
    static let chartLabelArguments = ["labels", "label"]

    /// `labels=end` (lines), `labels=values` (bars and columns), and `label=COLUMN` (the
    /// points of a scatter of one series): what the chart writes on its marks, and the column
    /// that names its points.
    func chartLabels(
        _ arguments: [String: String], kind: Chart.Kind, seriesColumn: Bool, ys: Int, column: (String) throws -> Int,
        fail: (String) -> BuildError
    ) throws -> (marks: Chart.MarkLabels?, points: Int?) {
        var marks: Chart.MarkLabels?
        if let text = arguments["labels"] {
            guard let read = Chart.MarkLabels(rawValue: text) else {
                throw fail(
                    "`labels` must be `end` (the series named at the lines' ends) or `values` (on bars and columns), found `\(text)`")
            }
            if read == .end && !kind.drawsLines {
                throw fail("`labels=end` names the lines at their ends: it is for `line` and `step` charts")
            }
            if read == .values && kind != .bar && kind != .column {
                throw fail("`labels=values` writes each bar's value: it is for `bar` and `column` charts")
            }
            marks = read
        }
        var points: Int?
        if let name = arguments["label"] {
            guard kind.drawsPoints else { throw fail("`label=` names the points of a `scatter` or `bubble` chart") }
            guard !seriesColumn && ys == 1 else { throw fail("`label=` names the points of one series: give one `y=` and no `series=`") }
            points = try column(name)
        }
        return (marks, points)
    }

    /// A rule or band, and its values as the page writes them (for the chart's summary).
    struct ChartMark {
        var annotation: Chart.Annotation
        var texts: [String]
        /// A rule's value, on the value axis.
        var value: Double?
    }

    struct ChartSettings {
        var valueAxis = Chart.Axis()
        var xAxis = Chart.Axis()
        var marks: [ChartMark] = []
    }

    /// The x axis as the settings read it: the x column's type (nil for a histogram, whose x
    /// is its values), whether the chart draws it as categories, and its values.
    struct ChartXAxis {
        let type: ColumnType?
        let domain: Chart.Domain
        let texts: [String]
        /// Bars and columns draw their x values as categories, but for columns over time.
        let banded: Bool
    }

    /// The settings `arguments` give, read once for each way of writing them: 10,000 pages
    /// made from rows draw the same block over the same kind of x axis (`ChartSettingsMemo`).
    /// `writing` is what the texts of the values depend on (the page's language, the x
    /// column's format and the values'); an x axis of categories is read each time, since
    /// which of them a rule may name depends on the rows.
    func chartSettings(
        _ arguments: [String: String], kind: Chart.Kind, stacked: Bool, logY: Bool, x: ChartXAxis, pack: LanguagePack,
        writing: [ValueFormat?], xText: (TableValue) -> String, valueText: (Double) -> String, fail: (String) -> BuildError
    ) throws -> ChartSettings {
        let categorical: Bool
        if case .categories = x.domain { categorical = true } else { categorical = x.banded }
        guard !categorical || kind == .histogram else {
            return try readChartSettings(
                arguments, kind: kind, stacked: stacked, logY: logY, x: x, pack: pack, xText: xText, valueText: valueText, fail: fail)
        }
        let given = (Self.chartAxisArguments + Self.chartMarkArguments).compactMap { name in arguments[name].map { name + "=" + $0 } }
        guard !given.isEmpty else { return ChartSettings() }
        let key = ChartSettingsMemo.Key(
            arguments: given, kind: kind, stacked: stacked, logY: logY, type: x.type, language: pack.code, writing: writing)
        if let known = chartSettingsMemo[key] { return known }
        let read = try readChartSettings(
            arguments, kind: kind, stacked: stacked, logY: logY, x: x, pack: pack, xText: xText, valueText: valueText, fail: fail)
        chartSettingsMemo[key] = read
        return read
    }

    private func readChartSettings(
        _ arguments: [String: String], kind: Chart.Kind, stacked: Bool, logY: Bool, x: ChartXAxis, pack: LanguagePack,
        xText: (TableValue) -> String, valueText: (Double) -> String, fail: (String) -> BuildError
    ) throws -> ChartSettings {
        var settings = ChartSettings()
        if kind == .histogram {
            for name in ["x.min", "x.max"] where arguments[name] != nil {
                throw fail("a histogram's x axis is its bins: set them with `bins=` or `step=`, not `\(name)=`")
            }
        }
        func number(_ name: String) throws -> Double? {
            guard let text = arguments[name] else { return nil }
            guard let value = Self.plainNumber(text) else { throw fail("`\(name)` must be a number, written as `12.5`, found `\(text)`") }
            return value
        }
        func count(_ name: String) throws -> Int? {
            guard let text = arguments[name] else { return nil }
            guard let value = Int(text), (1...50).contains(value) else {
                throw fail("`\(name)` must be about how many ticks the axis has, from 1 to 50, found `\(text)`")
            }
            return value
        }
        settings.valueAxis = Chart.Axis(min: try number("y.min"), max: try number("y.max"), ticks: try count("ticks.y"))
        if let low = settings.valueAxis.min, let high = settings.valueAxis.max, low >= high {
            throw fail("`y.min=\(arguments["y.min"]!)` must be below `y.max=\(arguments["y.max"]!)`")
        }
        if logY, let low = settings.valueAxis.min, low <= 0 {
            throw fail("`y.min` of a logarithmic axis must be above 0, found `\(arguments["y.min"]!)`")
        }
        if let zero = arguments["y.zero"] {
            guard zero == "true" || zero == "false" else { throw fail("`y.zero` must be `true` or `false`, found `\(zero)`") }
            if zero == "false" && (kind == .area || kind == .histogram || stacked) {
                throw fail(
                    "`y.zero=false` is for lines, points and bars side by side: "
                        + "a \(kind == .histogram ? "histogram" : stacked ? "stack" : "area") measures from zero")
            }
            settings.valueAxis.zero = zero == "true"
        }

        // The x axis: numbers and times have ends and ticks; categories show every label that fits.
        let continuous: Bool
        switch x.domain {
        case .categories: continuous = false
        case .numbers, .times: continuous = !x.banded
        }
        if !continuous && kind != .histogram {
            for name in ["x.min", "x.max", "ticks.x"] where arguments[name] != nil {
                throw fail("`\(name)=` is for an x axis of numbers or dates, and this chart's x values are categories")
            }
        }
        func xNumber(_ name: String) throws -> Double? {
            guard let text = arguments[name] else { return nil }
            guard let read = readX(text, x: x, xText: xText), case .number(let value) = read.place else {
                throw fail("`\(name)` must be \(Self.xValueNoun(x)), found `\(text)`")
            }
            return value
        }
        settings.xAxis = Chart.Axis(min: try xNumber("x.min"), max: try xNumber("x.max"), ticks: try count("ticks.x"))
        if let low = settings.xAxis.min, let high = settings.xAxis.max, low >= high {
            throw fail("`x.min=\(arguments["x.min"]!)` must be before `x.max=\(arguments["x.max"]!)`")
        }

        // The rules and bands, each axis's in the order written.
        for name in Self.chartMarkArguments {
            guard let text = arguments[name] else { continue }
            let band = name.hasPrefix("band.")
            let along: Chart.Annotation.Along = name.hasSuffix(".x") ? .x : .values
            let shape = band ? "`\(name)=FROM:TO` or `\(name)=FROM:TO:LABEL`" : "`\(name)=VALUE` or `\(name)=VALUE:LABEL`"
            for item in text.split(separator: ";").map({ $0.trimmingCharacters(in: .whitespaces) }) where !item.isEmpty {
                let read: ([(place: Chart.Annotation.Place, text: String, value: Double?)], String?)?
                if along == .values {
                    read = Self.splitMark(item, values: band ? 2 : 1) { text in
                        Self.plainNumber(text).map { (Chart.Annotation.Place.number($0), valueText($0), Optional($0)) }
                    }
                } else {
                    read = Self.splitMark(item, values: band ? 2 : 1) { text in
                        readX(text, x: x, xText: xText).map { ($0.place, $0.text, nil) }
                    }
                }
                guard let (places, label) = read else {
                    let noun = along == .values ? "a number, written as `12.5`" : Self.xValueNoun(x)
                    throw fail("`\(name)=\(item)` must read \(shape), each value \(noun), several with `;` between them")
                }
                if along == .x, !continuous, kind != .histogram {
                    for place in places where !Self.isXValue(place.place, of: x) {
                        throw fail(
                            "`\(name)=\(item)`: `\(place.text)` is none of the chart's x values "
                                + "(\(x.texts.prefix(5).map { "`\($0)`" }.joined(separator: ", "))\(x.texts.count > 5 ? " …" : ""))")
                    }
                }
                settings.marks.append(
                    ChartMark(
                        annotation: Chart.Annotation(
                            along: along, from: places[0].place, to: places.dropFirst().first?.place, label: label),
                        texts: places.map(\.text), value: band ? nil : places[0].value))
            }
        }
        if logY, let mark = settings.marks.first(where: { $0.annotation.along == .values && $0.annotation.numbers.contains { $0 <= 0 } }) {
            throw fail("a logarithmic axis has no place for \(mark.texts.joined(separator: ", ")): its values are above 0")
        }
        return settings
    }

    /// A number as a query writes one: `12.5`, `-3`, `1e6`; finite.
    static func plainNumber(_ text: String) -> Double? {
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else { return nil }
        return value
    }

    /// `item` as `count` values and a label after them, each after a `:`: the values are the
    /// longest texts `read` reads (a time holds colons, `2008-09-15T09:30:Open`), and a label
    /// may hold colons of its own.
    static func splitMark<Read>(_ item: String, values count: Int, read: (String) -> Read?) -> ([Read], String?)? {
        let parts = item.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        func label(from index: Int) -> String? {
            let text = parts[index...].joined(separator: ":").trimmingCharacters(in: .whitespaces)
            return text.isEmpty ? nil : text
        }
        func values(from start: Int, count: Int) -> ([Read], Int)? {
            guard count > 0 else { return ([], start) }
            for end in stride(from: parts.count, to: start, by: -1) {
                guard let value = read(parts[start..<end].joined(separator: ":")) else { continue }
                if let (rest, next) = values(from: end, count: count - 1) { return ([value] + rest, next) }
            }
            return nil
        }
        guard let (read, next) = values(from: 0, count: count) else { return nil }
        return (read, next < parts.count ? label(from: next) : nil)
    }

    /// An x value the author wrote, read as the x column's values are: a number, a date
    /// (`2008-09-15`), a date and time, or a category's text; where the chart draws its x
    /// values as categories (bars over dates), the category that value writes.
    func readX(_ text: String, x: ChartXAxis, xText: (TableValue) -> String) -> (place: Chart.Annotation.Place, text: String)? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        let value: TableValue
        switch x.type {
        case nil, .integer?, .real?:
            guard let read = Self.plainNumber(trimmed) else { return nil }
            value = .real(read)
        case .date?:
            guard let written = try? ISO8601DateParser().parse(trimmed), !written.hasTime else { return nil }
            value = .date(written.calendarDate)
        case .dateTime?:
            guard let written = try? ISO8601DateParser().parse(trimmed) else { return nil }
            value = .dateTime(written.date(zoneless: .timeZone(config.timeZone)))
        case .text?, .boolean?:
            value = .text(trimmed)
        }
        return xPlace(of: value, x: x, xText: xText)
    }

    /// Where an x value of a query's type stands on the chart's x axis, and how it reads: a
    /// number, a date or a time (seconds on a wall clock), or a category's text; where the
    /// chart draws its x values as categories (bars over dates), the category that value
    /// writes. Nil for a value of none of these types.
    func xPlace(of value: TableValue, x: ChartXAxis, xText: (TableValue) -> String) -> (place: Chart.Annotation.Place, text: String)? {
        let number: Double
        switch value {
        case .integer(let whole): number = Double(whole)
        case .real(let read) where read.isFinite: number = read
        case .date(let day): number = Double(day.daysSince1970) * 86_400
        case .dateTime(let instant): number = instant.timeIntervalSince1970 + Double(config.timeZone.secondsFromGMT(for: instant))
        case .text(let name): return (.category(name), name)
        case .boolean: return (.category(xText(value)), xText(value))
        default: return nil
        }
        let written = xText(value)
        if case .categories = x.domain { return (.category(written), written) }
        return (.number(number), written)
    }

    /// Whether a place is one of the chart's x values, where it draws them as categories.
    static func isXValue(_ place: Chart.Annotation.Place, of x: ChartXAxis) -> Bool {
        switch (place, x.domain) {
        case (.category(let name), _): x.texts.contains(name)
        case (.number(let value), .numbers(let xs)), (.number(let value), .times(let xs)): xs.contains(value)
        default: false
        }
    }

    /// What an x value of the chart is, for messages.
    static func xValueNoun(_ x: ChartXAxis) -> String {
        switch x.type {
        case nil, .integer?, .real?: "a number, written as `12.5`"
        case .date?: "a date, written as `2024-02-29`"
        case .dateTime?: "a date and time, written as `2024-02-29T13:05:00`"
        case .text?, .boolean?: "one of the chart's x values"
        }
    }
}

/// The colours a `chart` block gives its series:
///
/// - `color.SERIES=NAME` (or `colors="North America=blue;Asia=#cc0000"` for names an argument
///   cannot hold): a colour of the palette by name (`blue`, `vermilion`, `green`, `purple`,
///   `orange`, `sky`, `grey`, `yellow`), which the series keeps in every chart after it on the
///   page; or a hex colour of the author's own, with one for dark mode after a slash
///   (`#cc0000/#ff6666`), checked against both backgrounds for the 3:1 a mark needs.
/// - `highlight=SERIES,…`: the other series in grey, under the ones named.
/// - `negative=COLOUR`: the values below zero of a chart of one series (bars, columns, areas).
extension DataBlocks {
    static let chartColorArguments = ["colors", "highlight", "negative"]

    struct ChartColors {
        /// A palette colour's style, by series name.
        var styles: [String: Int] = [:]
        /// A colour of the author's own, or grey, by series name.
        var paints: [String: Chart.Paint] = [:]
        var negative: Chart.Ink?
    }

    func chartColors(
        _ arguments: [String: String], kind: Chart.Kind, series names: [String], columns: [String: String], chart name: String,
        fail: (String) -> BuildError, warn: (String) -> Void
    ) throws -> ChartColors {
        var colors = ChartColors()
        // The series a name given means: a series' name, or the column whose values it draws.
        func series(_ given: String, in argument: String) -> String? {
            if names.contains(given) { return given }
            if let label = columns[given], names.contains(label) { return label }
            warn(
                "`\(argument)`: the chart of `\(name)` has no series `\(given)` "
                    + "(its series are \(names.prefix(8).map { "`\($0)`" }.joined(separator: ", ")))")
            return nil
        }
        var given: [(series: String, colour: String, argument: String)] = []
        for key in arguments.keys.sorted() where key.hasPrefix("color.") {
            given.append((String(key.dropFirst("color.".count)), arguments[key]!, key))
        }
        for item in (arguments["colors"] ?? "").split(separator: ";") {
            let parts = item.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, !parts[0].isEmpty else {
                throw fail("`colors=` lists `SERIES=COLOUR` with `;` between them, found `\(item)`")
            }
            given.append((parts[0], parts[1], "colors=\(item)"))
        }
        var taken: [Int: String] = [:]
        for (name, text, argument) in given {
            let colour = try chartColour(text, argument: argument, fail: fail, warn: warn)
            guard let series = series(name, in: argument) else { continue }
            if let style = colour.style {
                if let other = taken[style] {
                    throw fail(
                        "`\(argument)`: `\(other)` is \(Chart.paletteNames[style]) already, and each series needs a colour of its own")
                }
                taken[style] = argument
                colors.styles[series] = style
            }
            if let paint = colour.paint { colors.paints[series] = paint }
        }
        if let text = arguments["highlight"] {
            let chosen = Set(text.split(separator: ",").compactMap { series($0.trimmingCharacters(in: .whitespaces), in: "highlight") })
            for other in names where !chosen.contains(other) { colors.paints[other] = .muted }
        }
        if let text = arguments["negative"] {
            guard kind == .bar || kind == .column || kind == .area else {
                throw fail("`negative=` colours the bars, columns and areas below zero, and this is a `\(kind.rawValue)` chart")
            }
            guard names.count <= 1 else {
                throw fail("`negative=` colours the values below zero of one series, and this chart draws \(names.count)")
            }
            let colour = try chartColour(text, argument: "negative", fail: fail, warn: warn)
            colors.negative = Chart.Ink(style: colour.style ?? 0, paint: colour.paint)
        }
        return colors
    }

    /// A colour as a block writes it: a palette colour by name (its style), or a hex colour
    /// and one for dark mode (a paint), each standing 3:1 against its background or warned of.
    private func chartColour(_ text: String, argument: String, fail: (String) -> BuildError, warn: (String) -> Void) throws
        -> (style: Int?, paint: Chart.Paint?)
    {
        if let style = Chart.paletteNames.firstIndex(of: text.lowercased()) { return (style, nil) }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard (1...2).contains(parts.count), parts.allSatisfy(Self.isHexColour) else {
            throw fail(
                "`\(argument)` must be a colour of the palette (\(Chart.paletteNames.map { "`\($0)`" }.joined(separator: ", "))) "
                    + "or a hex colour, `#cc0000`, with one for dark mode after a slash, `#cc0000/#ff6666`; found `\(text)`")
        }
        let (light, dark) = (parts[0], parts.count == 2 ? parts[1] : nil)
        for (colour, background, mode) in [(light, "#fbfbf8", "light"), (dark ?? light, "#15171a", "dark")] {
            let ratio = Self.contrast(colour, background)
            if ratio < 3 {
                warn(
                    "`\(argument)`: \(colour) stands \(String(format: "%.1f", ratio)):1 against the \(mode) page's background, "
                        + "and a mark needs 3:1 to be seen"
                        + (dark == nil && mode == "dark" ? " (give a colour for dark mode after a slash: `\(light)/#…`)" : ""))
            }
        }
        return (nil, .custom(light: light, dark: dark))
    }

    static func isHexColour(_ text: String) -> Bool {
        let digits = text.utf8.dropFirst()
        return text.hasPrefix("#") && (digits.count == 3 || digits.count == 6)
            && digits.allSatisfy { byte in
                (48...57).contains(byte) || (65...70).contains(byte) || (97...102).contains(byte)
            }
    }

    /// WCAG 2's contrast ratio of two hex colours: (L1 + 0.05) / (L2 + 0.05) of their relative
    /// luminances, the lighter over the darker.
    static func contrast(_ a: String, _ b: String) -> Double {
        func luminance(_ hex: String) -> Double {
            var digits = Array(hex.dropFirst())
            if digits.count == 3 { digits = digits.flatMap { [$0, $0] } }
            let channels = stride(from: 0, to: 6, by: 2).map { Double(Int(String(digits[$0..<$0 + 2]), radix: 16) ?? 0) / 255 }
            let linear = channels.map { $0 <= 0.04045 ? $0 / 12.92 : pow(($0 + 0.055) / 1.055, 2.4) }
            return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
        }
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }
}

/// The settings of charts read so far (`DataBlocks.chartSettings`), shared by the threads that
/// render pages; it stops growing at `limit` entries.
final class ChartSettingsMemo: @unchecked Sendable {
    struct Key: Hashable {
        let arguments: [String]
        let kind: Chart.Kind
        let stacked, logY: Bool
        let type: ColumnType?
        let language: String
        let writing: [ValueFormat?]
    }

    private let lock = NSLock()
    private var known: [Key: DataBlocks.ChartSettings] = [:]
    static let limit = 10_000

    subscript(key: Key) -> DataBlocks.ChartSettings? {
        get { lock.withLock { known[key] } }
        set {
            lock.withLock {
                if known.count < Self.limit { known[key] = newValue }
            }
        }
    }
}

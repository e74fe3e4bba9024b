/// A chart drawn at build time as inline SVG: what it shows (its kind, its x values and its
/// series) and how its labels read. `svg(id:title:summary:frame:)` draws it in a `viewBox`
/// of a fixed size (nothing moves while a page loads) that takes the width it is given, its
/// text in the page's font and colours from CSS: `currentColor` for the axes and the classes
/// `series s1` … `s8` for the series, with the light palette as presentation attributes the
/// page's CSS overrides (so a chart also reads as a file of its own). Each of eight series is
/// told apart by more than its colour: a dash pattern (lines), a marker shape (points) or a
/// fill pattern (bars and areas) of its own.
public struct Chart: Sendable {
    public enum Kind: String, CaseIterable, Sendable {
        /// Lines through the points of each series.
        case line
        /// The area under each line; several series are stacked.
        case area
        /// Horizontal bars, one band a category.
        case bar
        /// Vertical bars, one band a category.
        case column
        /// A marker at each point.
        case scatter
        /// Columns counting the values of the first series in bins (`Bins`).
        case histogram
        /// Lines that hold each value until the next x (d3's `curveStepAfter`): rates, prices.
        case step
        /// A dot a value along a category's line (Cleveland's dot plot), the categories down
        /// the side as bars have them; a faint line joins a category's dots.
        case dot
        /// A scatter whose points' areas stand for a third value (`Series.sizes`).
        case bubble
        /// A box and whiskers for the values of each category (`BoxStats`), its outliers as points.
        case box
        /// A grid of cells, a row a series and a column an x value, each coloured by its value
        /// (`HeatScale`).
        case heatmap
        /// A year of days a block, a column a week and a row a weekday, each day's cell
        /// coloured by its value (`HeatScale`), as GitHub draws a year of contributions.
        case calendar

        /// Lines through points: `line` and `step`.
        public var drawsLines: Bool { self == .line || self == .step }
        /// Marks at points: `scatter` and `bubble`.
        public var drawsPoints: Bool { self == .scatter || self == .bubble }
        /// The value axis spans the values, without reaching for zero: what lines and dots show
        /// is where a value is, not how long.
        public var spansValues: Bool { drawsLines || drawsPoints || self == .dot || self == .box || self == .heatmap }
        /// The categories down the side, the values across: `bar` and `dot`.
        public var horizontal: Bool { self == .bar || self == .dot }
        /// Bars: `bar` and `column`.
        public var drawsBars: Bool { self == .bar || self == .column }
    }

    /// Several series of bars side by side, on top of one another, or on top of one another
    /// as shares of their whole (100 %, d3's `stackOffsetExpand`).
    public enum Layout: String, Sendable {
        case grouped, stacked, percent
    }

    /// The x values, shared by every series.
    public enum Domain: Sendable {
        case numbers([Double])
        /// Seconds since 1970 on a wall clock (`TimeTicks`).
        case times([Double])
        case categories([String])

        /// The x indices in the order a line joins them: by x, for numbers and times (already
        /// in order, as a query's ORDER BY gives them, they are not sorted again); categories
        /// as they come, each with the ones of the same name.
        var order: [Int] {
            switch self {
            case .numbers(let xs), .times(let xs):
                if zip(xs, xs.dropFirst()).allSatisfy({ $0 <= $1 }) { return Array(xs.indices) }
                return xs.indices.sorted { (xs[$0], $0) < (xs[$1], $1) }
            case .categories(let names):
                // A category named again (a series' second row there) joins its first.
                var first: [String: Int] = [:]
                for (index, name) in names.enumerated() where first[name] == nil { first[name] = index }
                guard first.count < names.count else { return Array(names.indices) }
                return names.indices.sorted { (first[names[$0]]!, $0) < (first[names[$1]]!, $1) }
            }
        }

        /// For each place in `order`, whether its x value equals the one before it: a second
        /// slot at one x, where one series has a second row.
        func repeats(in order: [Int]) -> [Bool] {
            order.indices.map { place in
                guard place > 0 else { return false }
                switch self {
                case .numbers(let xs), .times(let xs): return xs[order[place]] == xs[order[place - 1]]
                case .categories(let names): return names[order[place]] == names[order[place - 1]]
                }
            }
        }

        /// How many x values there are.
        public var count: Int {
            switch self {
            case .numbers(let values), .times(let values): values.count
            case .categories(let names): names.count
            }
        }
    }

    public struct Series: Sendable {
        public var name: String
        /// One value per x value; nil where the series has none (a gap in a line).
        public var values: [Double?]
        /// Its colour, dash, marker and fill (0 to `Chart.styles` - 1, and on round again);
        /// nil takes its place among the series. A page gives a series of one name the same
        /// style in each of its charts.
        public var style: Int?
        /// A colour besides its style's (`Paint`): the author's own, or grey behind another
        /// series the chart highlights.
        public var paint: Paint?
        /// A bubble chart's third value at each x value, which a bubble's area stands for.
        public var sizes: [Double?]?

        public init(name: String, values: [Double?], style: Int? = nil, paint: Paint? = nil) {
            self.name = name
            self.values = values
            self.style = style
            self.paint = paint
        }
    }

    /// How many series are told apart, each by a colour and by a dash, a marker or a fill of
    /// its own: the palette's size.
    public static let styles = 8

    /// The style of series `index`.
    public func style(of index: Int) -> Int {
        series[safe: index]?.style ?? index
    }

    /// A `viewBox` and the size of its text: the wide one for a page's column, the narrow one
    /// for a phone, where the wide one's text would shrink below what reads.
    public struct Frame: Sendable {
        public var width: Double
        public var height: Double
        public var fontSize: Double
        /// The class the SVG gets beside `chart`, which a page's CSS shows or hides by.
        public var name: String

        public init(width: Double, height: Double, fontSize: Double, name: String) {
            self.width = width
            self.height = height
            self.fontSize = fontSize
            self.name = name
        }

        public static let wide = Frame(width: 640, height: 360, fontSize: 12, name: "wide")
        public static let narrow = Frame(width: 320, height: 260, fontSize: 12, name: "narrow")
    }

    public var kind: Kind
    public var domain: Domain
    public var series: [Series]
    public var layout = Layout.grouped
    /// Logarithmic value and x axes (line and scatter).
    public var logValues = false
    public var logX = false
    /// Whether the values are whole numbers (counts, integers): the value axis then has no
    /// ticks between two, and a histogram no bin narrower than 1.
    public var wholeValues = false
    /// A histogram's bins: about this many (`bins=`), or each this wide (`step=`); d3's
    /// defaults without either.
    public var binCount: Int?
    public var binStep: Double?

    /// A histogram's bins of its first series.
    public var bins: Bins {
        Bins(series.first?.values.compactMap { $0 } ?? [], count: binCount, step: binStep, whole: wholeValues)
    }
    /// How numbers read: on the value axis, and on an x axis of numbers or a histogram's.
    public var valueLabel: @Sendable (Double) -> String = { "\($0)" }
    public var numberLabel: @Sendable (Double) -> String = { "\($0)" }
    /// How the ticks of the value axis, and of an x axis of numbers, read as a set, where
    /// they must read apart: nil writes each with `valueLabel` (`numberLabel`). The site gives
    /// a format more decimals where two ticks would read alike ("4%", "4%" → "4.2%", "4.4%").
    public var valueTickLabels: (@Sendable ([Double]) -> [String])?
    public var numberTickLabels: (@Sendable ([Double]) -> [String])?
    /// How a time axis's tick reads: its unit says which parts it needs (`TimeTicks.Unit`).
    public var timeLabel: @Sendable (TimeTicks.Tick) -> String = { "\($0.seconds)" }
    /// What the axes measure, written at the top of the value axis and the end of the x axis.
    public var xTitle: String?
    public var valueTitle: String?
    /// Drawn right to left (a page in Persian): the value axis on the right, bars from the right.
    public var mirrored = false
    /// What the author set of the value axis and of an x axis of numbers or times.
    public var valueAxis = Axis()
    public var xAxis = Axis()
    /// The reference lines and bands drawn over the marks (`Annotation`).
    public var annotations: [Annotation] = []
    /// Text on the marks (`MarkLabels`): the series' names at the lines' ends, or the values
    /// at the bars' ends; nil for none.
    public var markLabels: MarkLabels?
    /// How a value on a bar reads: the data table's writing, where the axis's is shorter.
    public var valueText: (@Sendable (Double) -> String)?
    /// The colour of bars, columns and areas below zero (`negative=`); nil: their series'.
    public var negative: Ink?
    /// A scatter's name of each point (a row's `label=` column), nil where it has none: the
    /// points whose names fit get them.
    public var pointNames: [String?]?
    /// The row of the chart's data table that its first x value is, where several charts
    /// share one table (the panels of small multiples): the script that shows exact values
    /// reads a panel's rows from there. Nil for a chart whose table is its own.
    public var firstRow: Int?
    /// A line on a value axis of its own at the plot's other side (`SecondAxis`); nil for none.
    public var secondAxis: SecondAxis?
    /// A calendar's week: its first day and the weekdays' names.
    public var week = Week()

    /// The values a heatmap's or a calendar's colours stand for (`HeatScale`): a heatmap's
    /// cells, a calendar's days (the rows of one day added up).
    public var heatValues: [Double] {
        kind == .calendar ? Array(calendarDays.values) : series.flatMap { $0.values.compactMap { $0 } }
    }

    /// The labels of a set of ticks of the value axis, and of an x axis of numbers.
    var valueLabels: ([Double]) -> [String] { valueTickLabels ?? { [valueLabel] in $0.map(valueLabel) } }
    var numberLabels: ([Double]) -> [String] { numberTickLabels ?? { [numberLabel] in $0.map(numberLabel) } }

    public init(kind: Kind, domain: Domain, series: [Series]) {
        self.kind = kind
        self.domain = domain
        self.series = series
    }

    /// The colours of the series when no CSS says otherwise: the Okabe–Ito palette, which
    /// readers with any common colour-vision deficiency tell apart, darkened where a colour
    /// stood less than 3:1 against white (the default style's `--chart-N`).
    public static let palette = ["#0072B2", "#D55E00", "#007F5F", "#B8417F", "#A86F00", "#2F86BF", "#555555", "#857600"]

    /// The chart's `<svg>` in `frame`: `title` and `summary` become its `<title>` and
    /// `<desc>`, read by assistive technology (`role="img"`); `id` makes their ids, and those
    /// of its fill patterns, unique on the page.
    public func svg(id: String, title: String, summary: String, frame: Frame = .wide) -> String {
        var drawing = ChartDrawing(chart: self, frame: frame, id: id)
        drawing.draw(title: title, summary: summary)
        return String(decoding: drawing.out.bytes, as: UTF8.self)
    }

    /// The chart's two frames, wide and narrow (`svg(id:title:summary:frame:)`, with ids
    /// `ID-w` and `ID-n`). The narrow frame of a line chart draws its lines by reference to
    /// the wide frame's (`<use>`, scaled), so a page holds each line once: the narrow one is
    /// for a page that holds both (`use` finds its target in a hidden SVG too).
    public func svgs(id: String, title: String, summary: String, wideFrame: Frame = .wide) -> (wide: String, narrow: String) {
        var wide = ChartDrawing(chart: self, frame: wideFrame, id: id + "-w")
        wide.draw(title: title, summary: summary)
        var narrow = ChartDrawing(chart: self, frame: .narrow, id: id + "-n")
        if kind.drawsLines { narrow.lines = wide.reference }
        narrow.positionsFrom = wide.reference
        narrow.draw(title: title, summary: summary)
        return (String(decoding: wide.out.bytes, as: UTF8.self), String(decoding: narrow.out.bytes, as: UTF8.self))
    }

    /// A small picture of series `index` as the chart draws it, for a legend beside the chart.
    public func swatch(of index: Int, id: String) -> String {
        var out = SVGWriter(width: 24)
        let style = style(of: index)
        out.raw(#"<svg class="chart-swatch" viewBox="0 0 24 12" width="24" height="12" aria-hidden="true">"#)
        out.raw("<g")
        out.seriesColor(style: style, paint: paint(of: index))
        out.raw(">")
        switch kind {
        case .line, .step:
            out.raw(#"<path d="M1 6H23" fill="none" stroke="currentColor" stroke-width="2""#)
            Self.dash(style, into: &out)
            out.raw("/>")
            // The marker too, where the chart draws its points.
            if series[safe: index].map({ $0.values.count { $0 != nil } <= Marks.markedPoints }) ?? false {
                out.raw(#"<path fill="currentColor" fill-rule="evenodd" d=""#)
                Marks.marker(style, at: Point(12, 6), into: &out)
                out.raw(#""/>"#)
            }
        case .scatter, .dot:
            out.raw(#"<path fill="currentColor" fill-rule="evenodd" d=""#)
            Marks.marker(style, at: Point(12, 6), into: &out)
            out.raw(#""/>"#)
        case .area, .bar, .column, .histogram, .bubble, .box, .heatmap, .calendar:
            Marks.pattern(style, id: id, paint: paint(of: index), into: &out)
            out.raw(#"<rect x="1" y="1" width="22" height="10" stroke="currentColor" fill=""#)
            Marks.fill(style, id: id, into: &out)
            out.raw(#""/>"#)
        }
        out.raw("</g></svg>")
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// The dash patterns of the lines, a style each: solid, then dashes, dots and their
    /// mixes, none like another.
    static let dashes = ["", "6 3", "2 3", "8 3 2 3", "1 2", "12 3", "4 2 1 2 1 2", "10 2 2 2 2 2"]

    static func dash(_ style: Int, into out: inout SVGWriter) {
        let dash = dashes[style % dashes.count]
        if !dash.isEmpty {
            out.raw(#" stroke-dasharray=""#)
            out.raw(dash)
            out.raw(#"""#)
        }
    }
}

/// An SVG written into bytes: coordinates to a tenth of a unit, texts escaped (`SVGText`),
/// and every x mirrored across the `viewBox` when the chart is drawn right to left.
struct SVGWriter {
    var bytes: [UInt8] = []
    let width: Double
    var mirrored = false

    init(width: Double, mirrored: Bool = false) {
        self.width = width
        self.mirrored = mirrored
        bytes.reserveCapacity(4096)
    }

    mutating func raw(_ text: String) { bytes += text.utf8 }
    mutating func text(_ text: String) { SVGText.append(text, to: &bytes) }
    mutating func number(_ value: Double) { Polyline.appendTenths(Polyline.tenths(value), to: &bytes) }
    /// An x coordinate, mirrored when the chart is.
    mutating func x(_ value: Double) { number(mirrored ? width - value : value) }
    /// A text anchor. A mirrored chart's SVG says `direction="rtl"`, where `start` is a
    /// text's right edge: the same anchor then puts its text on the mirrored side.
    mutating func anchor(_ anchor: String) {
        raw(#" text-anchor=""#)
        raw(anchor)
        raw(#"""#)
    }
    /// `name="x"` for an x coordinate.
    mutating func xAttribute(_ name: String, _ value: Double) {
        raw(" ")
        raw(name)
        raw(#"=""#)
        x(value)
        raw(#"""#)
    }
    mutating func attribute(_ name: String, _ value: Double) {
        raw(" ")
        raw(name)
        raw(#"=""#)
        number(value)
        raw(#"""#)
    }
    /// A rectangle between two x and two y coordinates, in either order.
    mutating func rect(x1: Double, x2: Double, y1: Double, y2: Double) {
        let (left, right) = mirrored ? (width - max(x1, x2), width - min(x1, x2)) : (min(x1, x2), max(x1, x2))
        raw(#"<rect x=""#)
        number(left)
        raw(#"" y=""#)
        number(min(y1, y2))
        raw(#"" width=""#)
        number(max(0, right - left))
        raw(#"" height=""#)
        number(abs(y2 - y1))
        raw(#""/>"#)
    }
    /// A line's path data through `points`.
    mutating func path(_ points: [Point]) {
        Polyline.appendPathData(points, mirror: mirrored ? width : nil, to: &bytes)
    }
}

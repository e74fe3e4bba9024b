/// The marks of a chart: lines, areas, bars, points and a histogram's columns, each series in
/// a group of its class (`series s1` …) whose `color` its marks draw with.
struct Marks {
    var drawing: ChartDrawing
    let values: ValueScale
    let x: XScale

    /// A line or scatter series gets a marker at every point when it has at most this many.
    static let markedPoints = 30
    /// How far (in units of the `viewBox`) a line may stray from its points when simplified.
    static let tolerance = 0.5

    var chart: Chart { drawing.chart }

    mutating func draw(spans: [[(from: Double, to: Double)?]], bins: Bins?) {
        if let bins {
            drawing.out.raw(#"<g class="series s1" color=""#)
            drawing.out.raw(Chart.palette[0])
            drawing.out.raw(#"" fill="currentColor">"#)
            for bin in bins.bins {
                guard case .linear(let scale) = x, let base = values.position(of: 0), let top = values.position(of: Double(bin.count))
                else { continue }
                drawing.out.rect(x1: scale.position(of: bin.lower) + 0.5, x2: scale.position(of: bin.upper) - 0.5, y1: base, y2: top)
            }
            drawing.out.raw("</g>")
            return
        }
        if chart.kind == .dot { dotLines() }
        // Grey series first, under the ones highlighted.
        let chart = chart
        let muted = chart.series.indices.filter { chart.paint(of: $0) == .muted }
        for index in muted + chart.series.indices.filter({ chart.paint(of: $0) != .muted }) {
            let series = chart.series[index]
            Self.group(of: index, in: chart, into: &drawing.out)
            drawing.out.raw("<title>")
            drawing.out.text(series.name)
            drawing.out.raw("</title>")
            switch chart.kind {
            case .line, .step: line(series, index: index)
            case .scatter, .dot: points(series, index: index)
            case .bubble: bubbles(series, index: index)
            case .box: boxes(series, index: index)
            case .heatmap, .calendar: break
            case .area: area(spans[index], index: index)
            case .bar, .column: bars(spans[index], index: index)
            case .histogram: break
            }
            drawing.out.raw("</g>")
        }
    }

    /// The group of a series of style `style` (`Chart.style(of:)`).
    /// The group of series `index`, in its colour (`SVGWriter.seriesColor`).
    static func group(of index: Int, in chart: Chart, into out: inout SVGWriter) {
        out.raw("<g")
        out.seriesColor(style: chart.style(of: index), paint: chart.paint(of: index))
        out.raw(">")
    }

    /// The x indices in the order a line joins them: by x, for numbers and times.
    let order: [Int]

    /// A bubble chart's largest size, whose bubble is `largestRadius`.
    let largestSize: Double

    /// The bars drawn, for their values (`ChartDrawing.drawBarValues`).
    var bars: [Bar] = []

    /// A bar as drawn: across its band from `start` to `end`, along the value axis from
    /// `from` to `to` (the value's end), and its value.
    struct Bar {
        let start, end, from, to, value: Double
    }

    /// For each place in `order`, whether its x value is the one before it again.
    let repeats: [Bool]

    init(drawing: ChartDrawing, values: ValueScale, x: XScale) {
        self.drawing = drawing
        self.values = values
        self.x = x
        let order = drawing.chart.domain.order
        self.order = order
        repeats = drawing.chart.domain.repeats(in: order)
        largestSize =
            drawing.chart.kind == .bubble
            ? drawing.chart.series.lazy.flatMap { $0.sizes ?? [] }.compactMap { $0 }.filter { $0.isFinite && $0 > 0 }.max() ?? 1 : 1
    }

    /// Where x value `index` goes along the x axis.
    func position(_ index: Int) -> Double? {
        switch (x, chart.domain) {
        case (.band(let band, let slots), _): band.middle(of: slots?[index] ?? index)
        case (.timeBars(let scale, _), .times(let xs)): xs[index].isFinite ? scale.position(of: xs[index]) : nil
        case (.linear(let scale), .numbers(let xs)), (.linear(let scale), .times(let xs)):
            xs[index].isFinite ? scale.position(of: xs[index]) : nil
        case (.log(let scale), .numbers(let xs)): scale.position(of: xs[index])
        default: nil
        }
    }

    /// The runs of points of a series, a gap (no value) ending one. An x value that repeats
    /// the one before it in order is another series' second row there (`Chart.Domain`): no
    /// value in it is no gap.
    func runs(_ value: (Int) -> Double?) -> [[Point]] {
        var runs: [[Point]] = [[]]
        runs[0].reserveCapacity(order.count)
        for (place, index) in order.enumerated() {
            guard let x = position(index), let v = value(index), let y = values.position(of: v) else {
                if place > 0, repeats[place] { continue }
                if !(runs.last?.isEmpty ?? true) { runs.append([]) }
                continue
            }
            runs[runs.count - 1].append(Point(x, y))
        }
        return runs.filter { !$0.isEmpty }
    }

    mutating func line(_ series: Chart.Series, index: Int) {
        if let reference = drawing.lines {
            // The wide frame's line, mapped onto this frame's plot: both frames place a value
            // by an affine function of the same number, so one affine map takes the one to
            // the other exactly.
            let sx = (drawing.right - drawing.left) / (reference.right - reference.left)
            let sy = (drawing.top - drawing.bottom) / (reference.top - reference.bottom)
            let tx =
                drawing.out.mirrored
                ? drawing.frame.width - drawing.left - (reference.width - reference.left) * sx
                : drawing.left - reference.left * sx
            let ty = drawing.bottom - reference.bottom * sy
            drawing.out.raw("<use href=\"#")
            drawing.out.text(reference.id)
            drawing.out.raw("-l")
            drawing.out.raw(String(index + 1))
            drawing.out.raw(#"" transform="matrix("#)
            for (number, value) in [sx, 0, 0, sy, tx, ty].enumerated() {
                if number > 0 { drawing.out.raw(" ") }
                drawing.out.raw(Self.precise(value))
            }
            drawing.out.raw(#")"/>"#)
            if series.values.count(where: { $0 != nil }) <= Self.markedPoints {
                markers(runs { series.values[safe: $0] ?? nil }.flatMap { $0 }, style: chart.style(of: index))
            }
            return
        }
        let points = runs { series.values[safe: $0] ?? nil }
        let runs = chart.kind == .step ? points.map(Self.stepped) : points
        // An id, so that the narrow frame draws it by reference; a stroke as wide on the
        // screen in either frame.
        drawing.out.raw(#"<path id=""#)
        drawing.out.text(drawing.id)
        drawing.out.raw("-l")
        drawing.out.raw(String(index + 1))
        drawing.out.raw(
            #"" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round" "#
                + #"stroke-linecap="round" vector-effect="non-scaling-stroke""#
        )
        Chart.dash(chart.style(of: index), into: &drawing.out)
        drawing.out.raw(#" d=""#)
        for run in runs { drawing.out.path(simplified(run)) }
        drawing.out.raw(#""/>"#)
        let count = points.reduce(0) { $0 + $1.count }
        if count <= Self.markedPoints { markers(points.flatMap { $0 }, style: chart.style(of: index)) }
    }

    /// A run of points as steps: each value held level until the next point's x, where the
    /// line rises or falls to the next value (d3's `curveStepAfter`).
    static func stepped(_ run: [Point]) -> [Point] {
        guard let first = run.first else { return run }
        var steps = [first]
        steps.reserveCapacity(run.count * 2)
        for (before, point) in zip(run, run.dropFirst()) {
            steps.append(Point(point.x, before.y))
            steps.append(point)
        }
        return steps
    }

    /// A run of a line as it is drawn: simplified (`Polyline.simplified`) when it has more
    /// points than the plot has units across, where points begin to stand closer than the
    /// eye tells apart; a shorter run as it is (rounding to a tenth already merges points that
    /// fall together). Simplifying a noisy run of a few hundred points keeps nearly all of
    /// them, at a cost that was the largest part of drawing a chart.
    func simplified(_ run: [Point]) -> [Point] {
        Double(run.count) > abs(drawing.right - drawing.left) ? Polyline.simplified(run, tolerance: Self.tolerance) : run
    }

    /// A number of a transform, to four decimals.
    static func precise(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (value * 10_000).rounded() / 10_000
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : String(rounded)
    }

    mutating func points(_ series: Chart.Series, index: Int) {
        let points = runs { series.values[safe: $0] ?? nil }.flatMap { $0 }
        // A dot plot runs its categories down the side: the value is across, the band down.
        markers(chart.kind == .dot ? points.map { Point($0.y, $0.x) } : points, style: chart.style(of: index))
    }

    mutating func markers(_ points: [Point], style: Int) {
        drawing.out.raw(#"<path fill="currentColor" fill-opacity="0.85" fill-rule="evenodd" d=""#)
        for point in points {
            Self.marker(style, at: drawing.out.mirrored ? Point(drawing.out.width - point.x, point.y) : point, into: &drawing.out)
        }
        drawing.out.raw(#""/>"#)
    }

    mutating func area(_ spans: [(from: Double, to: Double)?], index: Int) {
        guard let negative = chart.negative, spans.contains(where: { ($0?.to ?? 0) < 0 }), let zero = values.position(of: 0) else {
            areaMarks(spans, index: index)
            return
        }
        // Above zero in the series' colour, below it in the negative one: the same marks twice,
        // each cut off at zero.
        let (top, bottom) = (min(drawing.top, drawing.bottom), max(drawing.top, drawing.bottom))
        let at = min(max(zero, top), bottom)
        for (part, from, to) in [("up", top, at), ("down", at, bottom)] {
            drawing.out.raw(#"<clipPath id=""#)
            drawing.out.text(drawing.id)
            drawing.out.raw("-" + part + String(index + 1))
            drawing.out.raw(#"">"#)
            drawing.out.rect(x1: drawing.left, x2: drawing.right, y1: from, y2: to)
            drawing.out.raw(#"</clipPath><g clip-path="url(#"#)
            drawing.out.text(drawing.id)
            drawing.out.raw("-" + part + String(index + 1))
            drawing.out.raw(#")">"#)
            if part == "down" {
                drawing.out.raw("<g")
                drawing.out.seriesColor(style: negative.style, paint: negative.paint, also: "negative")
                drawing.out.raw(">")
            }
            areaMarks(spans, index: index, solid: part == "down")
            drawing.out.raw(part == "down" ? "</g></g>" : "</g>")
        }
    }

    mutating func areaMarks(_ spans: [(from: Double, to: Double)?], index: Int, solid: Bool = false) {
        // The top edge forward and the bottom edge back, a run at a time.
        let tops = runs { spans[$0]?.to }
        let bottoms = runs { spans[$0]?.from }
        drawing.out.raw(#"<path stroke="none" fill=""#)
        if solid {
            drawing.out.raw("currentColor")
        } else {
            Self.fill(chart.style(of: index), id: drawing.id + chart.patternSuffix(of: index), into: &drawing.out)
        }
        drawing.out.raw(#"" fill-opacity="0.45" d=""#)
        for (top, bottom) in zip(tops, bottoms) {
            drawing.out.path(simplified(top) + simplified(bottom.reversed()))
            drawing.out.raw("Z")
        }
        drawing.out.raw(#""/><path fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round""#)
        Chart.dash(chart.style(of: index), into: &drawing.out)
        drawing.out.raw(#" d=""#)
        for top in tops { drawing.out.path(simplified(top)) }
        drawing.out.raw(#""/>"#)
    }

    mutating func bars(_ spans: [(from: Double, to: Double)?], index: Int) {
        let bandwidth: Double
        let bandStart: (Int) -> Double?
        switch x {
        case .band(let band, _):
            bandwidth = band.bandwidth
            bandStart = { band.start(of: $0) }
        case .timeBars(_, let width):
            bandwidth = width
            bandStart = { [self] in position($0).map { $0 - width / 2 } }
        default:
            return
        }
        let grouped = chart.layout == .grouped && chart.series.count > 1
        let share = grouped ? bandwidth / Double(chart.series.count) : bandwidth
        var below: [Bar] = []
        drawing.out.raw(#"<g stroke="currentColor" fill=""#)
        Self.fill(chart.style(of: index), id: drawing.id + chart.patternSuffix(of: index), into: &drawing.out)
        drawing.out.raw(#"">"#)
        for (category, span) in spans.enumerated() {
            guard let span, span.from != span.to, let from = values.position(of: span.from), let to = values.position(of: span.to) else {
                continue
            }
            guard let bandAt = bandStart(category) else { continue }
            let start = bandAt + (grouped ? share * Double(index) : 0)
            // A hair between neighbouring bars of a group.
            let end = start + share - (grouped ? min(1, share * 0.1) : 0)
            bars.append(Bar(start: start, end: end, from: from, to: to, value: span.to - span.from))
            if chart.negative != nil && span.to < span.from {
                below.append(Bar(start: start, end: end, from: from, to: to, value: span.to - span.from))
                continue
            }
            if drawing.horizontal {
                drawing.out.rect(x1: from, x2: to, y1: start, y2: end)
            } else {
                drawing.out.rect(x1: start, x2: end, y1: from, y2: to)
            }
        }
        drawing.out.raw("</g>")
        // Bars below zero in the colour `negative=` gives them, solid.
        guard let negative = chart.negative, !below.isEmpty else { return }
        drawing.out.raw("<g")
        drawing.out.seriesColor(style: negative.style, paint: negative.paint, also: "negative")
        drawing.out.raw(#" stroke="currentColor" fill="currentColor">"#)
        for bar in below {
            if drawing.horizontal {
                drawing.out.rect(x1: bar.from, x2: bar.to, y1: bar.start, y2: bar.end)
            } else {
                drawing.out.rect(x1: bar.start, x2: bar.end, y1: bar.from, y2: bar.to)
            }
        }
        drawing.out.raw("</g>")
    }

    // MARK: - What tells the series apart besides colour

    // Each of the `Chart.styles` styles has a colour and, besides it, a dash pattern (lines),
    // a marker (points) and a fill (bars and areas) of its own: two series of a chart with
    // up to that many are told apart by either, not only by colour (series 6's blue is near
    // series 1's). Past that many they repeat, and the site warns.

    /// The styles whose bars and areas are filled with a pattern rather than solid.
    static func patterned(_ style: Int) -> Bool { style % Chart.styles != 0 }

    /// The fill of style `style`: its colour, or its pattern (`pattern(_:id:into:)`).
    static func fill(_ style: Int, id: String, into out: inout SVGWriter) {
        guard patterned(style) else {
            out.raw("currentColor")
            return
        }
        out.raw("url(#")
        out.text(id)
        out.raw("-p")
        out.raw(String(style % Chart.styles + 1))
        out.raw(")")
    }

    /// The fill pattern of style `style` over a lighter tint of its colour: diagonal lines,
    /// dots, horizontal lines, a cross hatch, vertical lines, the other diagonal, a check.
    static func pattern(_ style: Int, id: String, paint: Chart.Paint? = nil, into out: inout SVGWriter) {
        guard patterned(style) else { return }
        let number = String(style % Chart.styles + 1)
        out.raw(#"<pattern id=""#)
        out.text(id)
        out.raw("-p")
        out.raw(number)
        out.raw(#"""#)
        out.seriesColor(style: style, paint: paint)
        out.raw(#" width="6" height="6" patternUnits="userSpaceOnUse""#)
        switch style % Chart.styles {
        case 1, 4: out.raw(#" patternTransform="rotate(45)""#)
        case 6: out.raw(#" patternTransform="rotate(-45)""#)
        default: break
        }
        out.raw(#"><rect width="6" height="6" fill="currentColor" fill-opacity="0.35"/>"#)
        switch style % Chart.styles {
        case 1, 6: out.raw(#"<path d="M0 0V6" stroke="currentColor" stroke-width="3"/>"#)
        case 2: out.raw(#"<circle cx="3" cy="3" r="1.6" fill="currentColor"/>"#)
        case 3: out.raw(#"<path d="M0 1.5H6" stroke="currentColor" stroke-width="2.5"/>"#)
        case 4: out.raw(#"<path d="M0 0V6M0 3H6" stroke="currentColor" stroke-width="1.5"/>"#)
        case 5: out.raw(#"<path d="M1.5 0V6" stroke="currentColor" stroke-width="2.5"/>"#)
        default: out.raw(#"<path d="M0 0H3V3H0ZM3 3H6V6H3Z" fill="currentColor"/>"#)
        }
        out.raw("</pattern>")
    }

    /// The corners of the × marker: a cross of arms 2.2 units wide, turned by 45°.
    static let cross: [(Double, Double)] = [
        (1.98, -3.54), (3.54, -1.98), (1.56, 0.0), (3.54, 1.98), (1.98, 3.54), (0.0, 1.56), (-1.98, 3.54), (-3.54, 1.98), (-1.56, 0.0),
        (-3.54, -1.98), (-1.98, -3.54), (0.0, -1.56),
    ]

    /// Path data of the marker of style `style` at `point` (already mirrored), about 7 units
    /// across: a circle, a square, a triangle, a diamond, a cross, a triangle pointing down,
    /// an × and a ring (drawn `evenodd`).
    static func marker(_ style: Int, at point: Point, into out: inout SVGWriter) {
        func move(_ dx: Double, _ dy: Double) {
            out.raw("M")
            out.number(point.x + dx)
            out.raw(" ")
            out.number(point.y + dy)
        }
        func polygon(_ corners: [(Double, Double)]) {
            move(corners[0].0, corners[0].1)
            for corner in corners.dropFirst() {
                out.raw("L")
                out.number(point.x + corner.0)
                out.raw(" ")
                out.number(point.y + corner.1)
            }
            out.raw("z")
        }
        switch style % Chart.styles {
        case 0:
            move(-3.5, 0)
            out.raw("a3.5 3.5 0 1 0 7 0a3.5 3.5 0 1 0-7 0")
        case 1:
            move(-3, -3)
            out.raw("h6v6h-6z")
        case 2:
            move(0, -3.8)
            out.raw("l3.6 6.4h-7.2z")
        case 3:
            move(0, -4)
            out.raw("l4 4-4 4-4-4z")
        case 4:
            move(-1.2, -4)
            out.raw("h2.4v2.8h2.8v2.4h-2.8v2.8h-2.4v-2.8h-2.8v-2.4h2.8z")
        case 5:
            move(0, 3.8)
            out.raw("l3.6-6.4h-7.2z")
        case 6: polygon(Self.cross)
        default:
            move(-3.8, 0)
            out.raw("a3.8 3.8 0 1 0 7.6 0a3.8 3.8 0 1 0-7.6 0")
            move(-1.6, 0)
            out.raw("a1.6 1.6 0 1 0 3.2 0a1.6 1.6 0 1 0-3.2 0")
        }
    }
}

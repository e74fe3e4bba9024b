/// A line chart as inline SVG: one line per series over a shared x axis, the y axis niced to
/// its ticks, every line simplified to what half a unit of the `viewBox` can show. The SVG
/// has a fixed `viewBox` (so nothing moves while a page loads) and takes the width it is
/// given; its colours come from CSS (`currentColor` and the classes `series s1` …), and each
/// series after the first is dashed, so colour is never the only cue.
public struct LineChart: Sendable {
    public struct Series: Sendable {
        public var name: String
        /// The points, in the order the line joins them; a nil y leaves a gap.
        public var points: [(x: Double, y: Double?)]

        public init(name: String, points: [(x: Double, y: Double?)]) {
            self.name = name
            self.points = points
        }
    }

    public var series: [Series]
    /// The size of the `viewBox`.
    public var width = 640.0
    public var height = 360.0
    /// How a tick's value reads (the page's language and format).
    public var xLabel: @Sendable (Double) -> String = { "\($0)" }
    public var yLabel: @Sendable (Double) -> String = { "\($0)" }
    /// About how many ticks each axis gets.
    public var xTicks = 6.0
    public var yTicks = 5.0

    static let margin = (top: 12.0, right: 16.0, bottom: 28.0, left: 56.0)
    /// The labels' size, in units of the `viewBox` (the `font-size` the SVG sets).
    static let fontSize = 12.0
    /// How far (in units of the `viewBox`) a line may stray from its points when simplified.
    static let tolerance = 0.5
    /// The dash patterns of the series after the first.
    static let dashes = ["", "6 3", "2 3", "8 3 2 3", "1 2"]

    public init(series: [Series]) {
        self.series = series
    }

    /// The chart's `<svg>`: `title` and `summary` become its `<title>` and `<desc>`, read by
    /// assistive technology (`role="img"`); `id` makes their ids unique on the page.
    public func svg(id: String, title: String, summary: String) -> String {
        let xs = series.flatMap { $0.points.map(\.x) }.filter(\.isFinite)
        let ys = series.flatMap { $0.points.compactMap(\.y) }.filter(\.isFinite)
        let m = Self.margin
        let x = LinearScale(domain: (xs.min() ?? 0, xs.max() ?? 1), range: (m.left, width - m.right))
        let y = LinearScale(domain: (ys.min() ?? 0, ys.max() ?? 1), range: (height - m.bottom, m.top)).niced(count: yTicks)
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        func write(_ text: String) { out += text.utf8 }
        func text(_ value: String) { SVGText.append(value, to: &out) }
        func number(_ value: Double) { Polyline.appendTenths(Polyline.tenths(value), to: &out) }

        write(#"<svg class="chart line-chart" viewBox="0 0 "#); number(width); write(" "); number(height)
        // Presentation attributes a page's CSS overrides (`.chart .s2 { stroke: … }`): the
        // chart reads on its own too, as a file or a picture made from it.
        write(#"" role="img" fill="currentColor" font-size=""#); number(Self.fontSize); write(#"" aria-labelledby=""#); text(id); write("-title "); text(id); write(#"-desc">"#)
        write(#"<title id=""#); text(id); write(#"-title">"#); text(title); write("</title>")
        write(#"<desc id=""#); text(id); write(#"-desc">"#); text(summary); write("</desc>")
        // The y axis: a grid line and a label at each tick.
        write(#"<g class="axis y-axis" stroke="currentColor" stroke-opacity="0.2">"#)
        for tick in AxisLabels.vertical(y, count: yTicks, size: Self.fontSize, gap: 4) {
            let position = y.position(of: tick)
            write(#"<line x1=""#); number(m.left); write(#"" x2=""#); number(width - m.right)
            write(#"" y1=""#); number(position); write(#"" y2=""#); number(position); write(#""/>"#)
            write(#"<text x=""#); number(m.left - 6); write(#"" y=""#); number(position)
            write(#"" stroke="none" fill-opacity="0.8" text-anchor="end" dominant-baseline="middle">"#); text(yLabel(tick)); write("</text>")
        }
        write("</g>")
        write(#"<g class="axis x-axis">"#)
        for tick in AxisLabels.horizontal(x, count: xTicks, size: Self.fontSize, gap: 8, label: xLabel) {
            let position = x.position(of: tick)
            write(#"<text x=""#); number(position); write(#"" y=""#); number(height - m.bottom + 18)
            write(#"" text-anchor="middle">"#); text(xLabel(tick)); write("</text>")
        }
        write("</g>")
        for (index, line) in series.enumerated() {
            // A gap (a nil y) ends one run of points and starts another.
            var runs: [[Point]] = [[]]
            for point in line.points {
                guard let value = point.y, value.isFinite, point.x.isFinite else {
                    if !(runs.last?.isEmpty ?? true) { runs.append([]) }
                    continue
                }
                runs[runs.count - 1].append(Point(x.position(of: point.x), y.position(of: value)))
            }
            let data = runs.filter { !$0.isEmpty }.map { Polyline.pathData(Polyline.simplified($0, tolerance: Self.tolerance)) }.joined()
            write(#"<path class="series s"#); write(String(index % 8 + 1)); write(#"" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round""#)
            let dash = Self.dashes[index % Self.dashes.count]
            if !dash.isEmpty { write(#" stroke-dasharray=""#); write(dash); write(#"""#) }
            write(#" d=""#); write(data); write(#""><title>"#); text(line.name); write("</title></path>")
        }
        write("</svg>")
        return String(decoding: out, as: UTF8.self)
    }
}

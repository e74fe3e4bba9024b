/// A line on a value axis of its own, at the plot's other side (`y2=`): a bar and line
/// combination (revenue in columns, orders as a line) or two lines of unlike units. Drawn only
/// where the author asks for it, since two scales on one plot invite reading a crossing that
/// means nothing; its series says which axis is its own (the legend's "(right axis)", the
/// axis's title), its ticks stand beside the plot without grid lines of their own.
extension Chart {
    public struct SecondAxis: Sendable {
        /// Its values, one per x value, its name and its style (another than the chart's series').
        public var series: Series
        /// How its values read on its axis, and its ticks as a set (`Chart.valueTickLabels`).
        public var label: @Sendable (Double) -> String
        public var tickLabels: (@Sendable ([Double]) -> [String])?
        /// What it measures, over its axis.
        public var title: String?
        /// Its name in a legend, which says which axis is its own ("Orders (right axis)");
        /// its series' name without one.
        public var legendName: String?

        public init(series: Series, label: @escaping @Sendable (Double) -> String = { "\($0)" }, title: String? = nil) {
            self.series = series
            self.label = label
            self.title = title
        }

        var labels: ([Double]) -> [String] { tickLabels ?? { [label] in $0.map(label) } }

        /// The axis's scale: its values, niced to about `count` ticks.
        func scale(count: Double) -> ValueScale {
            ValueScale(series.values.compactMap { $0 }.filter(\.isFinite), log: false, count: count)
        }
    }
}

extension ChartDrawing {
    /// The room the second axis's labels take beside the plot.
    func secondAxisRoom(_ second: Chart.SecondAxis, scale: ValueScale, count: Double) -> Double {
        let widest = second.labels(scale.ticks(count)).map { AxisLabels.width($0, size: fontSize) }.max() ?? 0
        return max(widest + 10, 24)
    }

    /// The second axis's ticks beside the plot's other edge, and its title over them.
    mutating func drawSecondAxis(_ second: Chart.SecondAxis, scale: ValueScale, count: Double) {
        let size = fontSize
        let ticks = AxisLabels.fitting(
            count: count, ticks: { scale.ticks($0) }, position: scale.position(of:), labels: second.labels, extent: { _ in size }, gap: 4)
        out.raw(#"<g class="axis second-axis">"#)
        for (tick, label) in ticks {
            guard let at = scale.position(of: tick) else { continue }
            out.raw("<line")
            out.xAttribute("x1", right)
            out.xAttribute("x2", right + 4)
            out.attribute("y1", at)
            out.attribute("y2", at)
            out.raw(#" stroke="currentColor" stroke-opacity="0.4"/><text"#)
            out.xAttribute("x", right + 6)
            out.attribute("y", at + fontSize * 0.35)
            out.anchor("start")
            out.raw(#" fill-opacity="0.8">"#)
            out.text(label)
            out.raw("</text>")
        }
        out.raw("</g>")
        if let title = second.title {
            text(title, x: frame.width, y: fontSize, anchor: "end", className: "axis-title")
        }
    }

    /// The second axis's line, over the chart's marks: through each x value's middle (a
    /// column's), with markers where it has few points, in its own style.
    mutating func drawSecondLine(_ second: Chart.SecondAxis, scale: ValueScale, marks: Marks) {
        let style = second.series.style ?? chart.series.count
        out.raw("<g")
        out.seriesColor(style: style, paint: second.series.paint, also: "second-line")
        out.raw("><title>")
        out.text(second.series.name)
        out.raw("</title>")
        var runs: [[Point]] = [[]]
        for index in marks.order {
            guard let x = marks.position(index), let value = second.series.values[safe: index] ?? nil, let y = scale.position(of: value)
            else {
                if !(runs.last?.isEmpty ?? true) { runs.append([]) }
                continue
            }
            runs[runs.count - 1].append(Point(x, y))
        }
        runs = runs.filter { !$0.isEmpty }
        // Over a halo of the page's background, where it crosses the marks under it.
        out.raw(
            #"<path class="line-halo" fill="none" stroke-width="5" stroke-linejoin="round" stroke-linecap="round" "#
                + ##"vector-effect="non-scaling-stroke" stroke="#fff" d=""##)
        for run in runs { out.path(run) }
        out.raw(#""/>"#)
        out.raw(
            #"<path fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round" stroke-linecap="round" "#
                + #"vector-effect="non-scaling-stroke""#)
        Chart.dash(style, into: &out)
        out.raw(#" d=""#)
        for run in runs { out.path(run) }
        out.raw(#""/>"#)
        let points = runs.flatMap { $0 }
        if points.count <= Marks.markedPoints {
            out.raw(#"<path fill="currentColor" fill-opacity="0.85" fill-rule="evenodd" d=""#)
            for point in points { Marks.marker(style, at: out.mirrored ? Point(out.width - point.x, point.y) : point, into: &out) }
            out.raw(#""/>"#)
        }
        out.raw("</g>")
    }
}

extension Chart {
    /// A small picture of the second axis's line, for a legend beside the chart.
    public func secondSwatch() -> String {
        guard let second = secondAxis else { return "" }
        let style = second.series.style ?? series.count
        var out = SVGWriter(width: 24)
        out.raw(#"<svg class="chart-swatch" viewBox="0 0 24 12" width="24" height="12" aria-hidden="true"><g"#)
        out.seriesColor(style: style, paint: second.series.paint)
        out.raw(#"><path d="M1 6H23" fill="none" stroke="currentColor" stroke-width="2""#)
        Self.dash(style, into: &out)
        out.raw("/>")
        if second.series.values.count(where: { $0 != nil }) <= Marks.markedPoints {
            out.raw(#"<path fill="currentColor" fill-rule="evenodd" d=""#)
            Marks.marker(style, at: Point(12, 6), into: &out)
            out.raw(#""/>"#)
        }
        out.raw("</g></svg>")
        return String(decoding: out.bytes, as: UTF8.self)
    }
}

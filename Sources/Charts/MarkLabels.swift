extension Chart {
    /// Text written on a chart's marks, besides its axes.
    public enum MarkLabels: String, CaseIterable, Sendable {
        /// Each line's series named at its end, in place of a legend.
        case end
        /// Each bar's or column's value at its end (in a stack, inside its segment).
        case values
    }

    /// Whether the series' names fit at the lines' ends in both frames: each within the room
    /// the plot can spare at its side (`ChartDrawing.endLabelRoom`), all of them a line apart
    /// in the plot's height. Where they do not, the chart keeps its legend.
    public var endLabelsFit: Bool {
        guard kind.drawsLines, !series.isEmpty else { return false }
        return [Frame.wide, .narrow].allSatisfy { frame in
            let room = frame.width * ChartDrawing.endLabelShare - ChartDrawing.endLabelLead
            return series.allSatisfy { AxisLabels.width($0.name, size: frame.fontSize) <= room }
                && Double(series.count) * (frame.fontSize + 2) <= frame.height - 4 * frame.fontSize
        }
    }
}

extension ChartDrawing {
    /// At most this share of a frame's width holds the names at the lines' ends.
    static let endLabelShare = 0.3
    /// From the plot's edge to a name: its leader line and a gap.
    static let endLabelLead = 16.0

    var endLabelled: Bool { chart.markLabels == .end && chart.kind.drawsLines && !chart.series.isEmpty }

    /// The room right of the plot for the series' names.
    var endLabelRoom: Double {
        let widest = chart.series.map { AxisLabels.width($0.name, size: fontSize) }.max() ?? 0
        return min(widest + Self.endLabelLead + 4, frame.width * Self.endLabelShare)
    }

    /// The room right of a bar chart's plot for the longest value.
    var barValueRoom: Double {
        let values = chart.series.flatMap { $0.values.compactMap { $0 } }.filter(\.isFinite)
        let widest = values.map { AxisLabels.width(valueText($0), size: fontSize) }.max() ?? 0
        return widest + 10
    }

    func valueText(_ value: Double) -> String { (chart.valueText ?? chart.valueLabel)(value) }

    /// Each line's series named after the plot, level with its last point, and moved apart a
    /// line where two would meet; a short leader in the series' colour and dash joins the two.
    mutating func drawEndLabels(_ marks: Marks) {
        var ends: [(series: Int, y: Double)] = []
        for (index, series) in chart.series.enumerated() {
            guard
                let last = marks.order.last(where: { (series.values[safe: $0] ?? nil)?.isFinite == true && marks.position($0) != nil }),
                let value = series.values[last], let y = marks.values.position(of: value)
            else { continue }
            ends.append((index, min(max(y, min(top, bottom)), max(top, bottom))))
        }
        ends.sort { ($0.y, $0.series) < ($1.y, $1.series) }
        var at = ends.map(\.y)
        // A line of text as a browser boxes it, and a little more.
        let line = fontSize * (AnnotationLayout.ascent + AnnotationLayout.descent) + 1
        for index in at.indices.dropFirst() { at[index] = max(at[index], at[index - 1] + line) }
        if let last = at.last, last > bottom {
            at[at.count - 1] = bottom
            for index in at.indices.dropLast().reversed() { at[index] = min(at[index], at[index + 1] - line) }
        }
        out.raw(#"<g class="end-labels">"#)
        let room = endLabelRoom - Self.endLabelLead
        for ((series, y), labelY) in zip(ends, at) {
            Marks.group(of: series, in: chart, into: &out)
            out.raw(#"<path fill="none" stroke="currentColor" stroke-width="2" d="M"#)
            out.x(right + 3)
            out.raw(" ")
            out.number(y)
            out.raw("L")
            out.x(right + 12)
            out.raw(" ")
            out.number(labelY)
            out.raw(#""/></g>"#)
            text(
                Self.shortened(chart.series[series].name, to: room, size: fontSize), x: right + Self.endLabelLead,
                y: labelY + fontSize * 0.35, anchor: "start")
        }
        out.raw("</g>")
    }

    /// Each bar's value beyond its end (a negative one's before it), or, in a stack, inside its
    /// segment where the segment holds it. Columns too narrow for their values get none in
    /// this frame: the data table holds them.
    mutating func drawBarValues(_ bars: [Marks.Bar]) {
        let stacked = chart.layout != .grouped && chart.series.count > 1
        let placed: [(text: String, x: Double, y: Double, anchor: String)] = bars.compactMap { bar in
            let text = valueText(bar.value)
            let width = AxisLabels.width(text, size: fontSize)
            let across = (bar.start + bar.end) / 2
            let length = abs(bar.to - bar.from)
            let breadth = abs(bar.end - bar.start)
            if stacked {
                let fits = horizontal ? length >= width + 4 && breadth >= fontSize : length >= fontSize + 2 && breadth >= width + 2
                guard fits else { return nil }
                let middle = (bar.from + bar.to) / 2
                return horizontal
                    ? (text, middle, across + fontSize * 0.35, "middle") : (text, across, middle + fontSize * 0.35, "middle")
            }
            // Beyond the end: right of a bar (left of a negative one), over a column (under a negative one).
            let negative = bar.value < 0
            if horizontal {
                return (text, bar.to + (negative ? -4 : 4), across + fontSize * 0.35, negative ? "end" : "start")
            }
            return (text, across, negative ? bar.to + fontSize + 2 : bar.to - 4, "middle")
        }
        if !stacked && !horizontal {
            // Columns: every value within its column's breadth, or none.
            let breadths = bars.map { abs($0.end - $0.start) }
            guard zip(placed, breadths).allSatisfy({ AxisLabels.width($0.text, size: fontSize) <= $1 + 2 }) else { return }
        }
        out.haloed(placed.map { MarkText(text: $0.text, x: $0.x, y: $0.y, anchor: $0.anchor) }, name: "value-labels")
    }

    /// A scatter's point names: each right of its point, else left of it, where it stays in the
    /// plot and meets no name placed before it; the others are left to the data table.
    mutating func drawPointNames(_ names: [String?], _ marks: Marks) {
        var taken: [AnnotationLayout.Box] = []
        var placed: [(text: String, x: Double, y: Double, start: Bool)] = []
        for index in marks.order {
            guard let name = names[safe: index] ?? nil, !name.isEmpty, let x = marks.position(index),
                let value = chart.series.lazy.compactMap({ $0.values[safe: index] ?? nil }).first, let y = marks.values.position(of: value)
            else { continue }
            let width = AxisLabels.width(name, size: fontSize)
            // Beside the mark: a bubble's edge, or a marker's.
            let gap = 6 + (chart.kind == .bubble ? marks.bubbleRadius(chart.series[0], at: index) ?? 0 : 0)
            let spots = [(x + gap, true), (x - gap, false)].map { spotX, start in
                let (from, to) = start ? (spotX, spotX + width) : (spotX - width, spotX)
                return (
                    x: spotX, start: start,
                    // The text's baseline is a third of the font under the point.
                    box: AnnotationLayout.Box(
                        left: from - 1, right: to + 1, top: y + fontSize * (0.35 - AnnotationLayout.ascent),
                        bottom: y + fontSize * (0.35 + AnnotationLayout.descent))
                )
            }
            guard
                let spot = spots.first(where: { spot in
                    // A point at the plot's top or bottom edge still has room for its name's half line beyond it.
                    spot.box.left >= left && spot.box.right <= right && spot.box.top >= max(0, top - fontSize)
                        && spot.box.bottom <= bottom + fontSize / 2
                        && !taken.contains { $0.overlaps(spot.box) }
                })
            else { continue }
            taken.append(spot.box)
            placed.append((name, spot.x, y + fontSize * 0.35, spot.start))
        }
        guard !placed.isEmpty else { return }
        out.haloed(placed.map { MarkText(text: $0.text, x: $0.x, y: $0.y, anchor: $0.start ? "start" : "end") }, name: "point-names")
    }
}

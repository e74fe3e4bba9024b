/// A heatmap laid out in one frame: a row a series, named at the left, a column an x value,
/// named under it, and a cell where both have a value, in its class's colour (`HeatScale`).
extension ChartDrawing {
    /// The heatmap's margins: its rows' names at the left (at most a third of the width), its
    /// columns' names under it.
    mutating func placeHeatmap() {
        let longest = chart.series.map { AxisLabels.width($0.name, size: fontSize) }.max() ?? 0
        left = min(longest, frame.width * 0.3) + 10
        right = frame.width - 12
        top = fontSize / 2 + 2
        bottom = frame.height - (fontSize + 10) - (chart.xTitle == nil ? 0 : fontSize + 4)
    }

    /// The rows' band scale: a band a series, top to bottom.
    var heatRows: BandScale { BandScale(count: chart.series.count, range: (top, bottom), inner: 0.06, outer: 0) }

    /// The rows' names, each cut to the margin.
    mutating func drawHeatRows() {
        let rows = heatRows
        out.raw(#"<g class="axis value-axis">"#)
        for (index, series) in chart.series.enumerated() {
            text(
                Self.shortened(series.name, to: left - 10, size: fontSize), x: left - 6, y: rows.middle(of: index) + fontSize * 0.35,
                anchor: "end")
        }
        out.raw("</g>")
    }

    /// The cells, a group a colour: a value's cell fills its column's band and its row's.
    mutating func drawHeatCells(_ x: XScale, scale: HeatScale) {
        guard case .band(let band, let slots) = x else { return }
        let rows = heatRows
        var cells: [[(Double, Double)]] = Array(repeating: [], count: scale.classes)
        for (row, series) in chart.series.enumerated() {
            for index in 0..<chart.domain.count {
                guard let value = series.values[safe: index] ?? nil, value.isFinite else { continue }
                cells[scale.index(of: value)].append((band.start(of: slots?[index] ?? index), rows.start(of: row)))
            }
        }
        out.raw(#"<g class="heat-cells">"#)
        for (index, places) in cells.enumerated() where !places.isEmpty {
            out.heatFill(scale, index)
            for (x, y) in places { out.rect(x1: x, x2: x + band.bandwidth, y1: y, y2: y + rows.bandwidth) }
            out.raw("</g>")
        }
        out.raw("</g>")
    }
}

extension SVGWriter {
    /// A group of cells in class `index`'s colour: its shade's class (`heat-N`, which a dark
    /// page's style colours), and its light colour for a file of its own.
    mutating func heatFill(_ scale: HeatScale, _ index: Int) {
        raw(#"<g class="heat-"#)
        raw(String(scale.shade(of: index)))
        raw(#"" fill=""#)
        raw(scale.color(of: index))
        raw(#"">"#)
    }
}

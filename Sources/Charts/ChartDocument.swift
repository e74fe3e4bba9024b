/// A chart as an SVG document of its own, which librsvg renders to the PNG of feeds and share
/// previews (where inline SVG is stripped or not shown): the wide frame under the chart's
/// title and, for several series, its legend, on white, in dark text and a font every system
/// has. A right-to-left chart has its title and legend from the right.
public struct ChartDocument {
    /// Around everything, in `viewBox` units.
    static let margin = 16.0
    static let titleSize = 16.0, legendSize = 12.0

    public let chart: Chart

    public init(_ chart: Chart) {
        self.chart = chart
    }

    /// The document and its size in pixels: `wide` is the chart's wide frame as
    /// `Chart.svgs` drew it with `id`.
    public func svg(wide: String, title: String, id: String) -> (text: String, width: Double, height: Double) {
        let frame = ChartDrawing(chart: chart, frame: .wide, id: id + "-w").frame
        return document(title: title, id: id, width: frame.width) { body, y in
            body.raw(Self.placed(wide, x: Self.margin, y: y, width: frame.width, height: frame.height))
            return frame.height
        }
    }

    /// The document of a chart drawn in panels (small multiples): each panel's wide frame, as
    /// `Chart.svgs` drew it in `frame`, under its name, `columns` a row (from the right, right
    /// to left), under the chart's title and legend.
    public func svg(panels: [(name: String, chart: Chart, svg: String)], frame: Chart.Frame, columns: Int, title: String, id: String)
        -> (text: String, width: Double, height: Double)
    {
        let columns = max(1, min(columns, panels.count))
        let width = frame.width * Double(columns)
        return document(title: title, id: id, width: width) { body, top in
            var y = top
            for start in stride(from: 0, to: panels.count, by: columns) {
                let row = panels[start..<min(start + columns, panels.count)]
                let heights = row.map { ChartDrawing(chart: $0.chart, frame: frame, id: id).frame.height }
                for (column, panel) in row.enumerated() {
                    let left = Self.margin + Double(column) * frame.width
                    let x = chart.mirrored ? 2 * Self.margin + width - left - frame.width : left
                    body.raw(#"<text font-size="12" font-weight="bold""#)
                    body.attribute("x", chart.mirrored ? x + frame.width - 4 : x + 4)
                    body.attribute("y", y + 13)
                    body.raw(chart.mirrored ? #" text-anchor="end">"# : ">")
                    body.text(ChartDrawing.shortened(panel.name, to: frame.width - 8, size: Self.legendSize))
                    body.raw("</text>")
                    body.raw(Self.placed(panel.svg, x: x, y: y + 18, width: frame.width, height: heights[column]))
                }
                y += 18 + (heights.max() ?? frame.height) + 8
            }
            return y - top - 8
        }
    }

    /// The document around a body `width` wide: the title, cut to one line, the legend (the
    /// series, or a heatmap's classes) in rows as wide as the body, and the body `draw`
    /// writes from the `y` it is given, returning its height.
    private func document(title: String, id: String, width bodyWidth: Double, draw: (inout SVGWriter, Double) -> Double)
        -> (text: String, width: Double, height: Double)
    {
        let margin = Self.margin
        let width = bodyWidth + 2 * margin
        var out = SVGWriter(width: width, mirrored: chart.mirrored)
        var body = SVGWriter(width: width, mirrored: chart.mirrored)
        // The title, cut to one line.
        var y = margin + Self.titleSize
        body.raw(#"<text font-size="16" font-weight="bold""#)
        body.xAttribute("x", margin)
        body.attribute("y", y)
        body.raw(chart.mirrored ? #" text-anchor="end">"# : ">")
        body.text(ChartDrawing.shortened(title, to: bodyWidth, size: Self.titleSize))
        body.raw("</text>")
        y += 10
        // The legend, in rows as wide as the body: the series, or a heatmap's classes.
        let legend = legend(id: id)
        if !legend.isEmpty {
            var x = margin
            y += 4
            for (swatch, label) in legend {
                let name = ChartDrawing.shortened(label, to: bodyWidth - 30, size: Self.legendSize)
                let entry = 30 + AxisLabels.width(name, size: Self.legendSize)
                if x > margin && x + entry > margin + bodyWidth {
                    x = margin
                    y += 20
                }
                let swatchX = chart.mirrored ? width - x - 24 : x
                body.raw(Self.placed(swatch, x: swatchX, y: y, width: nil, height: nil))
                body.raw(#"<text font-size="12""#)
                body.xAttribute("x", x + 30)
                body.attribute("y", y + 10.5)
                body.raw(chart.mirrored ? #" text-anchor="end">"# : ">")
                body.text(name)
                body.raw("</text>")
                x += entry + 16
            }
            y += 20
        }
        let height = y + draw(&body, y) + margin
        out.raw(#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 "#)
        out.number(width)
        out.raw(" ")
        out.number(height)
        out.raw(#"" width=""#)
        out.number(width)
        out.raw(#"" height=""#)
        out.number(height)
        out.raw(
            ##"" font-family="DejaVu Sans, Verdana, sans-serif" color="#1f2328" fill="currentColor">"##
                + ##"<rect width="100%" height="100%" fill="#fff"/>"##
        )
        out.bytes += body.bytes
        out.raw("</svg>")
        return (String(decoding: out.bytes, as: UTF8.self), width, height)
    }

    /// The legend's entries: a swatch and a name for each series of several, or for each of
    /// a heatmap's classes (its values in the value axis's writing).
    func legend(id: String) -> [(swatch: String, name: String)] {
        if chart.kind == .heatmap || chart.kind == .calendar {
            guard let scale = HeatScale(chart.heatValues) else { return [] }
            return (0..<scale.classes).map { index in
                let (low, high) = scale.bounds(of: index)
                return (Self.heatSwatch(scale, index), chart.valueLabel(low) + "–" + chart.valueLabel(high))
            }
        }
        guard chart.series.count > 1 || chart.secondAxis != nil else { return [] }
        return chart.series.indices.map { (chart.swatch(of: $0, id: "\(id)-k\($0 + 1)"), chart.series[$0].name) }
            + (chart.secondAxis.map { [(chart.secondSwatch(), $0.legendName ?? $0.series.name)] } ?? [])
    }

    /// A heatmap class's swatch: a rect of its colour (its shade's, on a dark page).
    public static func heatSwatch(_ scale: HeatScale, _ index: Int) -> String {
        #"<svg class="chart-swatch" viewBox="0 0 24 12" width="24" height="12" aria-hidden="true">"#
            + #"<rect class="heat-\#(scale.shade(of: index))" x="1" y="1" width="22" height="10" stroke="currentColor""#
            + #" stroke-opacity="0.3" fill=""#
            + scale.color(of: index) + #""/></svg>"#
    }

    /// An `<svg>` element placed at `x`, `y` inside another (and sized, when its own tag says
    /// no size).
    static func placed(_ svg: String, x: Double, y: Double, width: Double?, height: Double?) -> String {
        guard svg.hasPrefix("<svg ") else { return svg }
        var attributes = SVGWriter(width: 0)
        attributes.raw("<svg")
        attributes.attribute("x", x)
        attributes.attribute("y", y)
        if let width, let height {
            attributes.attribute("width", width)
            attributes.attribute("height", height)
        }
        attributes.raw(" ")
        return String(decoding: attributes.bytes, as: UTF8.self) + svg.dropFirst(5)
    }
}

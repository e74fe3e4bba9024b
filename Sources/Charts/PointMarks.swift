/// The marks of the kinds that place a mark at a value: a dot plot's lines between a
/// category's dots, and a bubble chart's bubbles.
extension Marks {
    /// The radius of the largest bubble: a 32nd of the frame's width (20 units wide, 10 narrow).
    var largestRadius: Double { drawing.frame.width / 32 }

    /// A faint line across each category from its lowest dot to its highest, under the dots.
    mutating func dotLines() {
        guard chart.series.count > 1 else { return }
        drawing.out.raw(#"<g class="dot-lines" stroke="currentColor" stroke-opacity="0.35" stroke-width="1.5">"#)
        for index in 0..<chart.domain.count {
            guard let across = position(index) else { continue }
            let at = chart.series.compactMap { ($0.values[safe: index] ?? nil).flatMap { values.position(of: $0) } }
            guard let low = at.min(), let high = at.max(), high > low else { continue }
            drawing.out.raw("<line")
            drawing.out.xAttribute("x1", low)
            drawing.out.xAttribute("x2", high)
            drawing.out.attribute("y1", across)
            drawing.out.attribute("y2", across)
            drawing.out.raw("/>")
        }
        drawing.out.raw("</g>")
    }

    /// Each point of the series as a circle whose area stands for its size (d3's `scaleSqrt`
    /// from 0 to the largest size), the largest first so that none hides a smaller one; filled
    /// as bars are (a pattern after the first style), half see-through.
    /// The radius of the bubble of `series` at x value `place`: one scale for every series'
    /// bubbles, the largest size's `largestRadius`; nil where it has no size above zero.
    func bubbleRadius(_ series: Chart.Series, at place: Int) -> Double? {
        guard let size = series.sizes?[safe: place] ?? nil, size.isFinite, size > 0 else { return nil }
        return (size / max(largestSize, size)).squareRoot() * largestRadius
    }

    mutating func bubbles(_ series: Chart.Series, index: Int) {
        var circles: [(x: Double, y: Double, r: Double)] = []
        for place in order {
            guard let x = position(place), let value = series.values[safe: place] ?? nil, let y = values.position(of: value),
                let radius = bubbleRadius(series, at: place)
            else { continue }
            circles.append((x, y, radius))
        }
        circles.sort { $0.r > $1.r }
        drawing.out.raw(#"<g stroke="currentColor" fill-opacity="0.55" fill=""#)
        Self.fill(chart.style(of: index), id: drawing.id + chart.patternSuffix(of: index), into: &drawing.out)
        drawing.out.raw(#"">"#)
        for circle in circles {
            drawing.out.raw("<circle")
            drawing.out.xAttribute("cx", circle.x)
            drawing.out.attribute("cy", circle.y)
            drawing.out.attribute("r", max(circle.r, 0.5))
            drawing.out.raw("/>")
        }
        drawing.out.raw("</g>")
    }
}

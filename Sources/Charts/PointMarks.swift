/// The marks of the kinds that place a mark at a value: a dot plot's lines between a
/// category's dots, a bubble chart's bubbles, and a box plot's boxes.
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

    /// The values of each category (the x values of one name share its band), as `BoxStats`.
    var boxStats: [(band: Int, stats: BoxStats)] {
        guard case .band(_, let slots) = x, let series = chart.series.first else { return [] }
        var values: [Int: [Double]] = [:]
        for index in 0..<chart.domain.count {
            if let value = series.values[safe: index] ?? nil { values[slots?[index] ?? index, default: []].append(value) }
        }
        return values.keys.sorted().compactMap { band in BoxStats(values[band]!).map { (band, $0) } }
    }

    /// Each category's box from its first quartile to its third, a thicker line at its
    /// median, whiskers with caps to the least and greatest values within 1.5 IQR, and the
    /// values beyond as the series' markers. The box is filled as a bar is, half see-through.
    mutating func boxes(_ series: Chart.Series, index: Int) {
        guard case .band(let band, _) = x else { return }
        let width = abs(band.bandwidth) * 0.7
        var outliers: [Point] = []
        drawing.out.raw(#"<g stroke="currentColor" stroke-width="1.5" fill=""#)
        Self.fill(chart.style(of: index), id: drawing.id + chart.patternSuffix(of: index), into: &drawing.out)
        drawing.out.raw(#"" fill-opacity="0.45">"#)
        for (slot, stats) in boxStats {
            let middle = band.middle(of: slot)
            guard let q1 = values.position(of: stats.q1), let q3 = values.position(of: stats.q3),
                let median = values.position(of: stats.median), let low = values.position(of: stats.low),
                let high = values.position(of: stats.high)
            else { continue }
            drawing.out.rect(x1: middle - width / 2, x2: middle + width / 2, y1: q1, y2: q3)
            // The whiskers and their caps, the median across the box.
            var lines: [(Double, Double, Double, Double)] = [
                (middle, middle, q1, low), (middle, middle, q3, high),
                (middle - width / 4, middle + width / 4, low, low), (middle - width / 4, middle + width / 4, high, high),
            ]
            lines.append((middle - width / 2, middle + width / 2, median, median))
            for (number, line) in lines.enumerated() {
                drawing.out.raw("<line")
                drawing.out.xAttribute("x1", line.0)
                drawing.out.xAttribute("x2", line.1)
                drawing.out.attribute("y1", line.2)
                drawing.out.attribute("y2", line.3)
                drawing.out.raw(number == 4 ? #" stroke-width="3"/>"# : "/>")
            }
            outliers += stats.outliers.compactMap { value in values.position(of: value).map { Point(middle, $0) } }
        }
        drawing.out.raw("</g>")
        if !outliers.isEmpty { markers(outliers, style: chart.style(of: index)) }
    }
}

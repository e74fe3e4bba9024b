/// A word-sized line of a series' values, without axes: it shows a trend beside a figure or in
/// a table's cell (`viewBox` 80 × 20, drawn at the text's size by the page's CSS), a dot on
/// its last value. A gap (nil) breaks the line.
///
/// With `span`, the line is one of several that share an x axis of that many places (a
/// table's column): its values take the last places, so that a series that began later (a
/// company listed in 2004, among ones listed in 2000) starts further right, and all end at
/// the right edge together.
public struct Sparkline: Sendable {
    public var values: [Double?]
    public var span: Int?

    public init(values: [Double?], span: Int? = nil) {
        self.values = values
        self.span = span
    }

    static let width = 80.0, height = 20.0, inset = 2.5

    /// The sparkline's `<svg>`, named by `label` for assistive technology.
    public func svg(label: String) -> String {
        let finite = values.compactMap { $0 }.filter(\.isFinite)
        var out = SVGWriter(width: Self.width)
        out.raw(#"<svg class="sparkline" viewBox="0 0 80 20" role="img" fill="currentColor" aria-label=""#)
        out.text(label)
        out.raw(#"">"#)
        if let low = finite.min(), let high = finite.max() {
            let places = max(values.count, span ?? 0)
            let x = LinearScale(domain: (0, Double(max(1, places - 1))), range: (Self.inset, Self.width - Self.inset))
            let offset = places - values.count
            let y = LinearScale(domain: (low, high), range: (Self.height - Self.inset, Self.inset))
            var runs: [[Point]] = [[]]
            for (index, value) in values.enumerated() {
                guard let value, value.isFinite else {
                    if !(runs.last?.isEmpty ?? true) { runs.append([]) }
                    continue
                }
                runs[runs.count - 1].append(Point(x.position(of: Double(index + offset)), y.position(of: value)))
            }
            out.raw(#"<path fill="none" stroke="currentColor" stroke-width="1.5" stroke-linejoin="round" stroke-linecap="round" d=""#)
            for run in runs where !run.isEmpty { out.path(Polyline.simplified(run, tolerance: 0.25)) }
            out.raw(#""/>"#)
            if let last = runs.last?.last {
                out.raw(#"<circle r="2""#)
                out.attribute("cx", last.x)
                out.attribute("cy", last.y)
                out.raw("/>")
            }
        }
        out.raw("</svg>")
        return String(decoding: out.bytes, as: UTF8.self)
    }
}

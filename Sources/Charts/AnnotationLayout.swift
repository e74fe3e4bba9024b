/// The rules and bands of a chart (`Chart.Annotation`) laid out in one frame: the bands under
/// the marks, the rules over them, and the labels last, each at the first of a few places
/// beside its rule or inside its band where it stays in the plot and overlaps no other label.
/// The labels stand on a halo of the page's background (`SVGWriter.haloed`), so a line
/// passing under one leaves it readable.
struct AnnotationLayout {
    let chart: Chart
    let values: ValueScale
    let x: XScale
    let left, right, top, bottom, fontSize: Double
    /// Bars: values across, categories down.
    let horizontal: Bool
    /// The names of the x axis's bands, in their order.
    let bands: [String]

    init(drawing: ChartDrawing, values: ValueScale, x: XScale) {
        chart = drawing.chart
        self.values = values
        self.x = x
        (left, right, top, bottom, fontSize) = (drawing.left, drawing.right, drawing.top, drawing.bottom, drawing.fontSize)
        horizontal = drawing.horizontal
        if case .band(_, let slots) = x {
            bands = slots == nil ? drawing.categories : ChartDrawing.bands(of: drawing.categories).names
        } else {
            bands = []
        }
    }

    /// Where an annotation is: a rule's one coordinate or a band's two (in order), and
    /// whether it runs across the plot (a line at a y) or up it (at an x).
    struct Placed {
        let annotation: Chart.Annotation
        let from: Double
        let to: Double?
        let across: Bool
    }

    /// The annotations this frame can place: an x value no band of the axis names has none.
    var placed: [Placed] {
        chart.annotations.compactMap { annotation in
            let across = (annotation.along == .values) != horizontal
            guard let to = annotation.to else {
                guard let at = position(of: annotation.from, along: annotation.along, edge: nil) else { return nil }
                return Placed(annotation: annotation, from: at, to: nil, across: across)
            }
            // A band of categories reaches from the first one's start to the last one's end.
            let ends = [annotation.from, to].flatMap { place in
                [Edge.start, .end].map { position(of: place, along: annotation.along, edge: $0) }
            }
            let known = ends.compactMap { $0 }
            guard known.count == ends.count, let from = known.min(), let end = known.max() else { return nil }
            return Placed(annotation: annotation, from: from, to: end, across: across)
        }
    }

    enum Edge { case start, end }

    /// The coordinate of `place` on its axis: a category's middle, or its band's start or end
    /// (half the gap to its neighbours beyond it).
    func position(of place: Chart.Annotation.Place, along: Chart.Annotation.Along, edge: Edge?) -> Double? {
        switch (along, place) {
        case (.values, .number(let value)): return values.position(of: value)
        case (.values, .category): return nil
        case (.x, .category(let name)):
            guard case .band(let band, _) = x, let index = bands.firstIndex(of: name) else { return nil }
            let gap = band.step * band.inner / 2
            switch edge {
            case nil: return band.middle(of: index)
            case .start?: return band.start(of: index) - gap
            case .end?: return band.start(of: index) + band.bandwidth + gap
            }
        case (.x, .number(let value)):
            guard value.isFinite else { return nil }
            switch x {
            case .linear(let scale), .timeBars(let scale, _): return scale.position(of: value)
            case .log(let scale): return scale.position(of: value)
            case .band: return nil
            }
        }
    }

    /// The bands, under the marks: a light tint of the text's colour.
    func drawBands(into out: inout SVGWriter) {
        let bands = placed.filter { $0.to != nil }
        guard !bands.isEmpty else { return }
        out.raw(#"<g class="annotation bands" fill="currentColor" fill-opacity="0.09">"#)
        for band in bands {
            let (from, to) = clamped(band)
            if band.across {
                out.rect(x1: left, x2: right, y1: from, y2: to)
            } else {
                out.rect(x1: from, x2: to, y1: top, y2: bottom)
            }
        }
        out.raw("</g>")
    }

    /// The rules, over the marks, across the plot.
    func drawRules(into out: inout SVGWriter) {
        let rules = placed.filter { $0.to == nil && inside($0.from, across: $0.across) }
        guard !rules.isEmpty else { return }
        out.raw(#"<g class="annotation rules" stroke="currentColor" stroke-width="1.5" stroke-opacity="0.8">"#)
        for rule in rules {
            out.raw("<line")
            if rule.across {
                out.xAttribute("x1", left)
                out.xAttribute("x2", right)
                out.attribute("y1", rule.from)
                out.attribute("y2", rule.from)
            } else {
                out.xAttribute("x1", rule.from)
                out.xAttribute("x2", rule.from)
                out.attribute("y1", top)
                out.attribute("y2", bottom)
            }
            out.raw("/>")
        }
        out.raw("</g>")
    }

    /// A band's ends within the plot.
    func clamped(_ band: Placed) -> (Double, Double) {
        let (low, high) = band.across ? (min(top, bottom), max(top, bottom)) : (min(left, right), max(left, right))
        return (min(max(band.from, low), high), min(max(band.to ?? band.from, low), high))
    }

    /// Whether a coordinate is within the plot (a rule beyond an end the author set is not drawn).
    func inside(_ at: Double, across: Bool) -> Bool {
        let (low, high) = across ? (min(top, bottom), max(top, bottom)) : (min(left, right), max(left, right))
        return at >= low - 0.05 && at <= high + 0.05
    }

    /// A label's place: its text's anchor point and which end of the text that is.
    struct Spot {
        let x, y: Double
        let start: Bool
    }

    /// The labels, rules' first: each at the first of its spots (`spots(for:width:)`) whose
    /// box stays in the plot and overlaps no label placed before it.
    func drawLabels(into out: inout SVGWriter) {
        let labelled = placed.filter { $0.annotation.label?.isEmpty == false }.sorted { ($0.to == nil ? 0 : 1) < ($1.to == nil ? 0 : 1) }
        guard !labelled.isEmpty else { return }
        var texts: [MarkText] = []
        var taken: [Box] = []
        for item in labelled {
            if item.to == nil && !inside(item.from, across: item.across) { continue }
            let text = ChartDrawing.shortened(item.annotation.label ?? "", to: abs(right - left) - 8, size: fontSize)
            // Bold text is about a tenth wider than `AxisLabels.width` estimates plain text.
            let width = AxisLabels.width(text, size: fontSize) * 1.1
            let spots = spots(for: item, width: width)
            let fitting = spots.filter { within(box(of: $0, width: width)) }
            guard let spot = fitting.first(where: { spot in !taken.contains { $0.overlaps(box(of: spot, width: width)) } }) ?? fitting.first
            else { continue }
            taken.append(box(of: spot, width: width))
            texts.append(MarkText(text: text, x: spot.x, y: spot.y, anchor: spot.start ? "start" : "end"))
        }
        out.haloed(texts, name: "annotation-labels", bold: true)
    }

    /// Where a label may go, in order of preference: above a rule across the plot at its
    /// end, then under it, then at its start; beside a rule up the plot, right then left, a
    /// row lower each time; inside a band's top, then beside it.
    func spots(for item: Placed, width: Double) -> [Spot] {
        // A row of labels: a text's box (`box(of:width:)`) and a little more.
        let line = fontSize * 1.3
        // A label's baseline sits this far under the top of its line box.
        let ascent = Self.ascent * fontSize
        if item.across {
            let (upper, lower) = (min(item.from, item.to ?? item.from), max(item.from, item.to ?? item.from))
            if item.to != nil {
                return [
                    Spot(x: left + 4, y: upper + ascent + 2, start: true), Spot(x: right - 4, y: upper + ascent + 2, start: false),
                    Spot(x: left + 4, y: upper - 4, start: true), Spot(x: left + 4, y: lower + ascent + 2, start: true),
                ]
            }
            // Over the rule, then under it, at its end and then at its start; then a row
            // further each way, where rules stand close together.
            return (0..<4).flatMap { row -> [Spot] in
                let shift = Double(row) * line
                return [
                    Spot(x: right - 4, y: upper - 4 - shift, start: false), Spot(x: right - 4, y: upper + ascent + 2 + shift, start: false),
                    Spot(x: left + 4, y: upper - 4 - shift, start: true), Spot(x: left + 4, y: upper + ascent + 2 + shift, start: true),
                ]
            }
        }
        let (first, last) = (min(item.from, item.to ?? item.from), max(item.from, item.to ?? item.from))
        let rows = (0..<8).map { top + ascent + 2 + Double($0) * line }
        if item.to == nil {
            return rows.flatMap { y in [Spot(x: first + 4, y: y, start: true), Spot(x: first - 4, y: y, start: false)] }
        }
        // A band's label starts inside it, a row lower where another is in the way, before
        // it stands beside the band.
        return rows.flatMap { y in [Spot(x: first + 4, y: y, start: true), Spot(x: last - 4, y: y, start: false)] }
            + rows.flatMap { y in [Spot(x: last + 4, y: y, start: true), Spot(x: first - 4, y: y, start: false)] }
    }

    /// How far a line of text reaches over its baseline and under it, in ems.
    static let ascent = 0.95, descent = 0.25

    /// The box a label's text covers, with a little room around it: rows of labels a line
    /// (1.3 em) apart do not overlap.
    struct Box {
        let left, right, top, bottom: Double

        func overlaps(_ other: Box) -> Bool {
            left < other.right && other.left < right && top < other.bottom && other.top < bottom
        }
    }

    func box(of spot: Spot, width: Double) -> Box {
        let (from, to) = spot.start ? (spot.x, spot.x + width) : (spot.x - width, spot.x)
        // A line of text as a browser boxes it: the font's ascent over the baseline and its
        // descent under it (DejaVu Sans: 0.93 and 0.24 em), and half a unit more.
        return Box(
            left: from - 3, right: to + 3, top: spot.y - fontSize * Self.ascent - 0.5, bottom: spot.y + fontSize * Self.descent + 0.5)
    }

    func within(_ box: Box) -> Bool {
        box.left >= left - 2 && box.right <= right + 2 && box.top >= top - 2 && box.bottom <= bottom + 2
    }
}

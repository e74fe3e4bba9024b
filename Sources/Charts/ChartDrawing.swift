import Foundation

/// A chart laid out in one frame and written as SVG: the value scale and its labels, the
/// margins they need, the x scale, then the marks (`Marks`).
struct ChartDrawing {
    let chart: Chart
    let frame: Chart.Frame
    let id: String
    var out: SVGWriter

    /// The plot's edges inside the `viewBox`.
    var left = 0.0, top = 0.0, right = 0.0, bottom = 0.0
    /// The wide frame whose lines this frame draws by reference (`Chart.svgs`).
    var lines: FramePlacement?
    /// The wide frame whose points' positions this frame maps to its own (`drawPoints`).
    var positionsFrom: FramePlacement?

    /// Where a drawn frame put its plot: what a narrow frame needs to draw its lines by
    /// reference to this one's, and to map its points' positions.
    struct FramePlacement {
        let id: String
        let left, right, top, bottom, width: Double
    }

    var reference: FramePlacement {
        FramePlacement(id: id, left: left, right: right, top: top, bottom: bottom, width: frame.width)
    }

    init(chart: Chart, frame: Chart.Frame, id: String) {
        self.chart = chart.categorized
        var frame = frame
        if chart.kind.horizontal || chart.kind == .heatmap {
            // Bars take the height their categories need: a band of two lines of text each (a
            // heatmap's rows, its series).
            let count = chart.kind == .heatmap ? self.chart.series.count : self.chart.domain.count
            frame.height = min(frame.height * 4, max(frame.height / 3, Double(count) * frame.fontSize * 2.2 + frame.fontSize * 3 + 24))
        }
        // A calendar takes the height of its years.
        if chart.kind == .calendar { frame.height = Self.calendarLayout(of: self.chart, frame: frame).height }
        self.frame = frame
        self.id = id
        out = SVGWriter(width: frame.width, mirrored: chart.mirrored)
    }

    /// Bars run along x; every other kind puts its values up the y axis.
    var horizontal: Bool { chart.kind.horizontal }
    var fontSize: Double { frame.fontSize }

    /// The values of the series, stacked where the chart stacks them: for each series and x,
    /// where its mark starts and ends on the value axis.
    var spans: [[(from: Double, to: Double)?]] {
        let count = chart.domain.count
        let stacked =
            chart.series.count > 1 && (chart.kind == .area || (chart.layout != .grouped && chart.kind.drawsBars))
        guard stacked else {
            return chart.series.map { series in
                (0..<count).map { i in
                    guard let value = series.values[safe: i] ?? nil, value.isFinite else { return nil }
                    return (from: 0, to: value)
                }
            }
        }
        // Positive values stack up from 0 and negative ones down from it (d3's diverging
        // offset); an area stacks every value on the one below, a missing one as 0.
        var above = [Double](repeating: 0, count: count)
        var below = above
        // Shares of a whole: each x's values over their sum (d3's expand offset, where values
        // below zero count as none).
        if chart.layout == .percent {
            var totals = above
            for series in chart.series {
                for i in 0..<count { totals[i] += max(0, (series.values[safe: i] ?? nil).flatMap { $0.isFinite ? $0 : nil } ?? 0) }
            }
            return chart.series.map { series in
                (0..<count).map { i in
                    let value = max(0, (series.values[safe: i] ?? nil).flatMap { $0.isFinite ? $0 : nil } ?? 0)
                    let share = totals[i] > 0 ? value / totals[i] : 0
                    defer { above[i] += share }
                    return (from: above[i], to: above[i] + share)
                }
            }
        }
        return chart.series.map { series in
            (0..<count).map { i in
                let value = (series.values[safe: i] ?? nil).flatMap { $0.isFinite ? $0 : nil } ?? 0
                if value < 0 && chart.kind != .area {
                    defer { below[i] += value }
                    return (from: below[i], to: below[i] + value)
                }
                defer { above[i] += value }
                return (from: above[i], to: above[i] + value)
            }
        }
    }

    /// The values the value axis must reach: the marks' ends (a histogram's counts), zero
    /// where the kind measures from it, and every rule and band on the axis.
    func scaledValues(spans: [[(from: Double, to: Double)?]], bins: Bins?) -> [Double] {
        var values: [Double] = []
        if chart.layout == .percent && (chart.kind.drawsBars || chart.kind == .area) && chart.series.count > 1 {
            values = [0, 1]
        } else if chart.kind.spansValues {
            values.reserveCapacity(chart.series.reduce(0) { $0 + $1.values.count })
            for series in chart.series {
                for case let value? in series.values where value.isFinite { values.append(value) }
            }
            if chart.valueAxis.zero == true { values.append(0) }
        } else if let bins {
            values = bins.bins.map { Double($0.count) } + [0]
        } else if chart.valueAxis.zero == false {
            // Bars from the axis's end, which the values set: only where the author asks.
            values = spans.flatMap { $0.compactMap { $0?.to } }
        } else {
            values = spans.flatMap { $0.compactMap { $0 }.flatMap { [$0.from, $0.to] } } + [0]
        }
        // The value axis reaches every rule and band on it.
        return values + chart.annotations.filter { $0.along == .values }.flatMap(\.numbers)
    }

    mutating func draw(title: String, summary: String) {
        let spans = spans
        let bins = chart.kind == .histogram ? chart.bins : nil
        // The value scale, niced to its ticks, before its range is known.
        let values = scaledValues(spans: spans, bins: bins)
        let valueCount = Double(min(max(chart.valueAxis.ticks ?? (horizontal ? 6 : 5), 1), 100))
        var scale = ValueScale(
            values, log: chart.logValues && (chart.kind.drawsLines || chart.kind.drawsPoints), axis: chart.valueAxis,
            count: Double(min(max(chart.valueAxis.ticks ?? 5, 1), 100)))
        let widest = chart.valueLabels(scale.ticks(valueCount)).map { AxisLabels.width($0, size: fontSize) }.max() ?? 0

        // The margins: room for the labels, and for the axes' titles.
        let w = frame.width
        let h = frame.height
        let half = fontSize / 2
        top = half + 2
        bottom = h - (fontSize + 10)
        right = w - 12
        if chart.kind == .heatmap {
            placeHeatmap()
        } else if horizontal {
            let names = categories
            let longest = names.map { AxisLabels.width($0, size: fontSize) }.max() ?? 0
            left = min(longest, w * 0.3) + 10
            right = w - max(12, widest / 2 + 2)
            if chart.valueTitle != nil { bottom -= fontSize + 4 }
            // The values at the bars' ends: room for the longest after the longest bar.
            if chart.markLabels == .values { right = min(right, w - barValueRoom) }
        } else {
            left = max(widest + 10, 24)
            // Room for half the last label of an x axis of numbers, centred on its tick.
            if case .numbers = chart.domain {
                let last = bins?.bins.last?.upper ?? xExtent?.high
                if let last { right = w - max(12, AxisLabels.width(chart.numberLabel(last), size: fontSize) / 2 + 2) }
            }
            if chart.valueTitle != nil { top += fontSize + 6 }
            if chart.xTitle != nil { bottom -= fontSize + 4 }
            // The series' names after the lines' ends; the values over the columns.
            if endLabelled { right = w - endLabelRoom }
            if chart.markLabels == .values && chart.kind == .column { top += fontSize + 2 }
            // The second axis's labels beside the plot, its title over them.
            if let second = chart.secondAxis {
                right = min(right, w - secondAxisRoom(second, scale: second.scale(count: valueCount), count: valueCount))
                if chart.valueTitle == nil && second.title != nil { top += fontSize + 6 }
            }
        }
        scale = scale.with(range: horizontal ? (left, right) : (bottom, top))

        out.raw(#"<svg class="chart "#)
        out.raw(chart.kind.rawValue)
        out.raw("-chart ")
        out.raw(frame.name)
        out.raw(#"" viewBox="0 0 "#)
        out.number(w)
        out.raw(" ")
        out.number(h)
        out.raw(#"" role="img" fill="currentColor" font-size=""#)
        out.number(fontSize)
        // Right to left, set here rather than inherited, so that the text anchors mean the same
        // in a page of any direction and in a file of its own.
        out.raw(chart.mirrored ? #"" direction="rtl" aria-labelledby=""# : #"" aria-labelledby=""#)
        out.text(id)
        out.raw("-title ")
        out.text(id)
        out.raw(#"-desc">"#)
        out.raw(#"<title id=""#)
        out.text(id)
        out.raw(#"-title">"#)
        out.text(title)
        out.raw("</title>")
        out.raw(#"<desc id=""#)
        out.text(id)
        out.raw(#"-desc">"#)
        out.text(summary)
        out.raw("</desc>")
        if chart.kind == .calendar {
            drawCalendar(Self.calendarLayout(of: chart, frame: frame))
            out.raw("</svg>")
            return
        }
        // The fill patterns: a style's, shared by its series, or a series' of its own paint.
        var patterns: [(style: Int, paint: Chart.Paint?, suffix: String)] = []
        for index in chart.series.indices where Marks.patterned(chart.style(of: index)) {
            let suffix = chart.patternSuffix(of: index)
            let style = chart.style(of: index) % Chart.styles
            if !patterns.contains(where: { $0.style == style && $0.suffix == suffix }) {
                patterns.append((style, chart.paint(of: index), suffix))
            }
        }
        if !chart.kind.spansValues || chart.kind == .bubble, !patterns.isEmpty {
            out.raw("<defs>")
            for pattern in patterns.sorted(by: { ($0.style, $0.suffix) < ($1.style, $1.suffix) }) {
                Marks.pattern(pattern.style, id: id + pattern.suffix, paint: pattern.paint, into: &out)
            }
            out.raw("</defs>")
        }
        if chart.kind == .heatmap { drawHeatRows() } else { drawValueAxis(scale, count: valueCount) }
        let x = drawXAxis(bins: bins)
        let annotations = AnnotationLayout(drawing: self, values: scale, x: x)
        annotations.drawBands(into: &out)
        // Marks beyond an end the author set are cut off at the plot's edge (points and
        // lines keep room for their markers there).
        let clipped = chart.valueAxis.bounded || chart.xAxis.bounded || chart.valueAxis.zero == false
        if clipped { openClip() }
        var marks = Marks(drawing: self, values: scale, x: x)
        marks.draw(spans: spans, bins: bins)
        out = marks.drawing.out
        if chart.kind == .heatmap, let heat = HeatScale(chart.heatValues) {
            drawHeatCells(x, scale: heat)
        }
        if clipped { out.raw("</g>") }
        if endLabelled { drawEndLabels(marks) }
        if chart.markLabels == .values { drawBarValues(marks.bars) }
        if chart.kind.drawsPoints, let names = chart.pointNames { drawPointNames(names, marks) }
        if let second = chart.secondAxis, !horizontal {
            let scale = second.scale(count: valueCount).with(range: (bottom, top))
            drawSecondAxis(second, scale: scale, count: valueCount)
            drawSecondLine(second, scale: scale, marks: marks)
        }
        annotations.drawRules(into: &out)
        annotations.drawLabels(into: &out)
        drawTitles()
        drawPoints(marks, bins: bins)
        out.raw("</svg>")
    }

    /// A group whose marks are cut off at the plot's edges.
    mutating func openClip() {
        let room = chart.kind.drawsBars ? 0 : chart.kind == .bubble ? frame.width / 32 : 5.0
        out.raw(#"<clipPath id=""#)
        out.text(id)
        out.raw(#"-clip">"#)
        out.rect(x1: left - room, x2: right + room, y1: top - room, y2: bottom + room)
        out.raw(#"</clipPath><g clip-path="url(#"#)
        out.text(id)
        out.raw(#"-clip)">"#)
    }

    var categories: [String] {
        if case .categories(let names) = chart.domain { return names }
        return []
    }

    /// The distinct categories in the order they first come, and the band of each x value.
    static func bands(of names: [String]) -> (names: [String], slots: [Int]) {
        var band: [String: Int] = [:]
        var distinct: [String] = []
        let slots = names.map { name in
            if let known = band[name] { return known }
            band[name] = distinct.count
            distinct.append(name)
            return distinct.count - 1
        }
        return (distinct, slots)
    }

    /// The grid lines and labels of the value axis, and a line at zero where bars start.
    mutating func drawValueAxis(_ scale: ValueScale, count: Double) {
        let size = fontSize
        let whole = chart.wholeValues || chart.kind == .histogram
        let ticks = AxisLabels.fitting(
            count: count, ticks: { whole ? scale.ticks($0).filter { $0 == $0.rounded() } : scale.ticks($0) }, position: scale.position(of:),
            labels: chart.valueLabels,
            extent: horizontal ? { AxisLabels.width($0, size: size) } : { _ in size }, gap: horizontal ? 8 : 4)
        out.raw(#"<g class="axis value-axis">"#)
        for (tick, label) in ticks {
            guard let at = scale.position(of: tick) else { continue }
            if horizontal {
                out.raw("<line")
                out.xAttribute("x1", at)
                out.xAttribute("x2", at)
                out.attribute("y1", top)
                out.attribute("y2", bottom)
                out.raw(#" stroke="currentColor" stroke-opacity="0.15"/><text"#)
                out.xAttribute("x", at)
                out.attribute("y", bottom + fontSize + 4)
                out.anchor("middle")
            } else {
                out.raw("<line")
                out.xAttribute("x1", left)
                out.xAttribute("x2", right)
                out.attribute("y1", at)
                out.attribute("y2", at)
                out.raw(#" stroke="currentColor" stroke-opacity="0.15"/><text"#)
                out.xAttribute("x", left - 6)
                out.attribute("y", at + fontSize * 0.35)
                out.anchor("end")
            }
            out.raw(#" fill-opacity="0.8">"#)
            out.text(label)
            out.raw("</text>")
        }
        if !chart.kind.spansValues, scale.holds(0), let zero = scale.position(of: 0) {
            out.raw("<line")
            if horizontal {
                out.xAttribute("x1", zero)
                out.xAttribute("x2", zero)
                out.attribute("y1", top)
                out.attribute("y2", bottom)
            } else {
                out.xAttribute("x1", left)
                out.xAttribute("x2", right)
                out.attribute("y1", zero)
                out.attribute("y2", zero)
            }
            out.raw(#" stroke="currentColor" stroke-opacity="0.6"/>"#)
        }
        out.raw("</g>")
    }

    /// The x axis's labels (the categories' along y for bars), and the scale that places the
    /// marks along it.
    mutating func drawXAxis(bins: Bins?) -> XScale {
        let size = fontSize
        let width = { (label: String) in AxisLabels.width(label, size: size) }
        out.raw(#"<g class="axis x-axis">"#)
        defer { out.raw("</g>") }
        let labelY = bottom + fontSize + 4
        if let bins {
            let scale = LinearScale(domain: (bins.bins.first?.lower ?? 0, bins.bins.last?.upper ?? 1), range: (left, right))
            for (tick, label) in AxisLabels.fitting(
                count: 8, ticks: scale.ticks(count:), position: scale.position(of:), labels: chart.numberLabels, extent: width, gap: 8)
            {
                text(label, x: scale.position(of: tick), y: labelY, anchor: "middle")
            }
            return .linear(scale)
        }
        switch chart.domain {
        case .categories(let names):
            if horizontal {
                let band = BandScale(count: names.count, range: (top, bottom))
                let room = left - 10
                for index in AxisLabels.thinned(band, count: names.count, widest: size, gap: 2) {
                    text(
                        Self.shortened(names[index], to: room, size: size), x: left - 6, y: band.middle(of: index) + fontSize * 0.35,
                        anchor: "end")
                }
                return .band(band, slots: nil)
            }
            // Points and lines over categories put the rows of one category in one band (a
            // series with two rows there has two slots); bars keep a band a row.
            let merged = chart.kind.drawsBars ? nil : Self.bands(of: names)
            let shown = merged?.names ?? names
            // A heatmap's cells stand a hair apart; bars and points a fifth of a band.
            let heat = chart.kind == .heatmap
            let band = BandScale(count: shown.count, range: (left, right), inner: heat ? 0.06 : 0.2, outer: heat ? 0 : 0.1)
            for index in AxisLabels.thinned(band, count: shown.count, widest: AxisLabels.widest(shown, size: size), gap: 6) {
                text(shown[index], x: band.middle(of: index), y: labelY, anchor: "middle")
            }
            return .band(band, slots: merged?.slots)
        case .numbers(let xs):
            let finite = xs.filter(\.isFinite) + chart.annotations.filter { $0.along == .x }.flatMap(\.numbers)
            let count = Double(min(max(chart.xAxis.ticks ?? 8, 1), 100))
            if chart.logX, let positive = finite.filter({ $0 > 0 }).min() {
                let (low, high) = ValueScale.ends(
                    positive, max(finite.max() ?? positive, positive),
                    axis: Chart.Axis(min: chart.xAxis.min.flatMap { $0 > 0 ? $0 : nil }, max: chart.xAxis.max), log: true)
                var scale = LogScale(domain: (low, high), range: (left, right))
                if chart.xAxis.min == nil || chart.xAxis.max == nil {
                    let niced = scale.niced()
                    scale.domain = (chart.xAxis.min == nil ? niced.domain.lower : low, chart.xAxis.max == nil ? niced.domain.upper : high)
                }
                for (tick, label) in AxisLabels.fitting(
                    count: count, ticks: scale.labelled(count:), position: scale.position(of:), labels: chart.numberLabels,
                    extent: width, gap: 8)
                {
                    if let at = scale.position(of: tick) { text(label, x: at, y: labelY, anchor: "middle") }
                }
                return .log(scale)
            }
            let (low, high) = xExtent ?? (0, 1)
            var scale = LinearScale(domain: (low, high), range: (left, right))
            if chart.kind.drawsPoints {
                let niced = scale.niced(count: count)
                scale.domain = (chart.xAxis.min ?? niced.domain.lower, chart.xAxis.max ?? niced.domain.upper)
            }
            for (tick, label) in AxisLabels.fitting(
                count: count, ticks: scale.ticks(count:), position: scale.position(of:), labels: chart.numberLabels, extent: width, gap: 8)
            {
                text(label, x: scale.position(of: tick), y: labelY, anchor: "middle")
            }
            return .linear(scale)
        case .times(let seconds):
            let finite = seconds.filter(\.isFinite)
            var (low, high) = xExtent ?? (0, 86_400)
            // Columns: each as wide as most of the smallest gap between two times allows, the
            // axis half a gap wider at either end, so the first and last stand whole.
            var gap: Double?
            if chart.kind == .column {
                let times = Array(Set(finite)).sorted()
                let smallest = zip(times, times.dropFirst()).map { $1 - $0 }.min() ?? max(high - low, 86_400)
                gap = smallest
                (low, high) = (chart.xAxis.min ?? low - smallest / 2, chart.xAxis.max ?? high + smallest / 2)
            }
            if low == high { (low, high) = (low - 43_200, high + 43_200) }
            let scale = LinearScale(domain: (low, high), range: (left, right))
            // d3's count, 10: a four-year daily series ticks its quarters, where 8 gave years.
            let ticks = AxisLabels.fitting(
                count: Double(min(max(chart.xAxis.ticks ?? 10, 1), 100)), ticks: { TimeTicks.ticks(from: low, to: high, count: $0) },
                position: { scale.position(of: $0.seconds) }, label: chart.timeLabel, extent: width, gap: 8)
            for (tick, label) in ticks { text(label, x: scale.position(of: tick.seconds), y: labelY, anchor: "middle") }
            if let gap {
                let width = abs(scale.position(of: low + gap) - scale.position(of: low)) * 0.8
                return .timeBars(scale, width: max(1, width))
            }
            return .linear(scale)
        }
    }

    /// The ends of an x axis of numbers or times: its values' and its rules' and bands', or
    /// those the author set (`Chart.xAxis`); nil for categories. A single number is widened
    /// by 1 either way (a single time by the caller, which knows its columns).
    var xExtent: (low: Double, high: Double)? {
        let xs: [Double]
        let half: Double
        switch chart.domain {
        case .categories: return nil
        case .numbers(let values): (xs, half) = (values, 1)
        case .times(let values): (xs, half) = (values, 0)
        }
        let finite = xs.filter(\.isFinite) + chart.annotations.filter { $0.along == .x }.flatMap(\.numbers)
        guard let low = finite.min(), let high = finite.max() else { return nil }
        let widened = low == high && chart.xAxis.min == nil && chart.xAxis.max == nil ? (low - half, high + half) : (low, high)
        return ValueScale.ends(widened.0, widened.1, axis: Chart.Axis(min: chart.xAxis.min, max: chart.xAxis.max), log: false)
    }

    /// Where each row of the chart's data table is along its x axis (along y for bars), for
    /// the script that shows exact values (`chart.js`): `data-at`, in the `viewBox`'s units;
    /// `data-start`, `data-step` and `data-count` where they are evenly spaced; or, in a narrow
    /// frame drawn beside a wide one, the wide frame's id and the affine map from its
    /// positions to this frame's (`data-from`, `data-map`).
    mutating func drawPoints(_ marks: Marks, bins: Bins?) {
        out.raw(#"<g class="chart-points" data-axis=""#)
        out.raw(horizontal ? "y" : "x")
        out.raw(#"""#)
        if let firstRow = chart.firstRow {
            out.raw(#" data-first=""#)
            out.raw(String(firstRow))
            out.raw(#"""#)
        }
        // Points (scatter, bubbles): where each row is up the plot too, so that the script
        // finds the point nearest the pointer in both axes.
        if chart.kind.drawsPoints {
            if let wide = positionsFrom {
                let scale = (top - bottom) / (wide.top - wide.bottom)
                out.raw(#" data-map-y=""#)
                out.raw(Marks.precise(scale))
                out.raw(" ")
                out.raw(Marks.precise(bottom - wide.bottom * scale))
                out.raw(#"""#)
            } else {
                out.raw(#" data-y=""#)
                for index in 0..<chart.domain.count {
                    if index > 0 { out.bytes.append(UInt8(ascii: " ")) }
                    let value = chart.series.lazy.compactMap { $0.values[safe: index] ?? nil }.first
                    if let value, let at = marks.values.position(of: value) { out.number(at) } else { out.raw("-") }
                }
                out.raw(#"""#)
            }
        }
        if let wide = positionsFrom {
            let scale: Double
            let shift: Double
            if horizontal {
                scale = (bottom - top) / (wide.bottom - wide.top)
                shift = top - wide.top * scale
            } else {
                scale = (right - left) / (wide.right - wide.left)
                shift = out.mirrored ? frame.width - left - (wide.width - wide.left) * scale : left - wide.left * scale
            }
            out.raw(#" data-from=""#)
            out.text(wide.id)
            out.raw(#"" data-map=""#)
            out.raw(Marks.precise(scale))
            out.raw(" ")
            out.raw(Marks.precise(shift))
            out.raw(#""/>"#)
            return
        }
        var positions: [Double?]
        if let bins, case .linear(let scale) = marks.x {
            positions = bins.bins.map { scale.position(of: ($0.lower + $0.upper) / 2) }
        } else if chart.kind == .box, case .band(let band, _) = marks.x {
            // A box plot's data table has a row a category.
            positions = marks.boxStats.map { band.middle(of: $0.band) }
        } else {
            positions = (0..<chart.domain.count).map(marks.position)
        }
        if out.mirrored && !horizontal { positions = positions.map { $0.map { frame.width - $0 } } }
        // Evenly spaced (categories, days, bins): where the first is and the step; else each.
        if positions.count > 2, let first = positions.first ?? nil, let last = positions.last ?? nil {
            let step = (last - first) / Double(positions.count - 1)
            if positions.indices.allSatisfy({ index in positions[index].map { abs($0 - (first + step * Double(index))) < 0.05 } ?? false })
            {
                out.raw(#" data-start=""#)
                out.number(first)
                out.raw(#"" data-step=""#)
                out.raw(Marks.precise(step))
                out.raw(#"" data-count=""#)
                out.raw(String(positions.count))
                out.raw(#""/>"#)
                return
            }
        }
        out.raw(#" data-at=""#)
        for (index, at) in positions.enumerated() {
            if index > 0 { out.bytes.append(UInt8(ascii: " ")) }
            if let at { out.number(at) } else { out.raw("-") }
        }
        out.raw(#""/>"#)
    }

    /// The axes' titles: the value axis's above its top (beside its end, for bars), the x
    /// axis's under its end.
    mutating func drawTitles() {
        if let title = chart.valueTitle {
            if horizontal {
                text(title, x: right, y: frame.height - 4, anchor: "end", className: "axis-title")
            } else {
                text(title, x: 0, y: fontSize, anchor: "start", className: "axis-title")
            }
        }
        if let title = chart.xTitle, !horizontal {
            text(title, x: right, y: frame.height - 4, anchor: "end", className: "axis-title")
        }
    }

    mutating func text(_ label: String, x: Double, y: Double, anchor: String, className: String? = nil) {
        out.raw("<text")
        if let className {
            out.raw(#" class=""#)
            out.raw(className)
            out.raw(#"""#)
        }
        out.xAttribute("x", x)
        out.attribute("y", y)
        out.anchor(anchor)
        out.raw(">")
        out.text(label)
        out.raw("</text>")
    }

    /// `label` cut to about `room` units, with an ellipsis where it was cut.
    static func shortened(_ label: String, to room: Double, size: Double) -> String {
        let fits = Int(room / (size * 0.6))
        guard label.count > fits, fits > 1 else { return label }
        return String(label.prefix(fits - 1)) + "…"
    }
}

/// The scale of a chart's values: linear and niced to its ticks, or logarithmic over whole
/// powers of ten.
enum ValueScale {
    case linear(LinearScale)
    case log(LogScale)

    /// The scale of `values` (0 to 1 when there are none), niced to about `count` ticks;
    /// `log` when every value it can show is above zero. An end `axis` sets is kept as it
    /// is; the other reaches the values.
    init(_ values: [Double], log: Bool, axis: Chart.Axis = Chart.Axis(), count: Double = 5) {
        let positive = values.filter { $0 > 0 }
        if log, let low = positive.min(), let high = positive.max() {
            let (from, to) = Self.ends(low, high, axis: Chart.Axis(min: axis.min.flatMap { $0 > 0 ? $0 : nil }, max: axis.max), log: true)
            var scale = LogScale(domain: (from, to), range: (0, 1))
            if axis.min == nil || axis.max == nil {
                let niced = scale.niced()
                scale = LogScale(
                    domain: (axis.min == nil ? niced.domain.lower : from, axis.max == nil ? niced.domain.upper : to), range: (0, 1))
            }
            self = .log(scale)
            return
        }
        var low = values.min() ?? 0
        var high = values.max() ?? 1
        if low == high { (low, high) = low == 0 ? (0, 1) : (min(0, low), max(0, high)) }
        let (from, to) = Self.ends(low, high, axis: axis, log: false)
        var scale = LinearScale(domain: (from, to), range: (0, 1))
        if axis.min == nil || axis.max == nil {
            let niced = scale.niced(count: count)
            scale.domain = (axis.min == nil ? niced.domain.lower : from, axis.max == nil ? niced.domain.upper : to)
        }
        self = .linear(scale)
    }

    /// The ends of an axis from the values' `low` and `high` and those `axis` sets: where a
    /// set end leaves no room (every value above `max=`), the other end is that far again.
    static func ends(_ low: Double, _ high: Double, axis: Chart.Axis, log: Bool) -> (Double, Double) {
        var from = axis.min ?? low
        var to = axis.max ?? high
        if from >= to && axis.bounded {
            if axis.max == nil {
                to = log ? from * 10 : from + max(abs(from), 1)
            } else if axis.min == nil {
                from = log ? to / 10 : to - max(abs(to), 1)
            } else {
                (from, to) = (min(from, to), max(from, to) + (from == to ? 1 : 0))
            }
        }
        return (from, to)
    }

    /// Whether `value` is within the scale's domain.
    func holds(_ value: Double) -> Bool {
        switch self {
        case .linear(let scale):
            min(scale.domain.lower, scale.domain.upper) <= value && value <= max(scale.domain.lower, scale.domain.upper)
        case .log(let scale): scale.domain.lower <= value && value <= scale.domain.upper
        }
    }

    func with(range: (Double, Double)) -> ValueScale {
        switch self {
        case .linear(let scale): .linear(LinearScale(domain: (scale.domain.lower, scale.domain.upper), range: range))
        case .log(let scale): .log(LogScale(domain: (scale.domain.lower, scale.domain.upper), range: range))
        }
    }

    func position(of value: Double) -> Double? {
        switch self {
        case .linear(let scale): value.isFinite ? scale.position(of: value) : nil
        case .log(let scale): scale.position(of: value)
        }
    }

    /// About `count` ticks to label: a log scale's those d3 labels (`LogScale.labelled`).
    func ticks(_ count: Double) -> [Double] {
        switch self {
        case .linear(let scale): scale.ticks(count: count)
        case .log(let scale): scale.labelled(count: count)
        }
    }
}

/// Where the marks of a chart's x values go.
enum XScale {
    /// A band a category; `slots` gives the band of each x value where several share one.
    case band(BandScale, slots: [Int]?)
    /// Columns over time: each centred on its time, `width` wide.
    case timeBars(LinearScale, width: Double)
    case linear(LinearScale)
    case log(LogScale)
}

extension Chart {
    /// The chart with its x values as categories, for bars and columns: numbers and times
    /// as their labels read; columns over time keep their times.
    var categorized: Chart {
        guard kind.drawsBars || kind == .dot else { return self }
        var chart = self
        switch domain {
        case .categories: break
        // Columns over time stand on a time axis (`XScale.timeBars`).
        case .times where kind == .column: break
        case .numbers(let xs):
            chart.domain = .categories(xs.map(numberLabel))
            chart.annotations = annotations.map { $0.named(by: numberLabel) }
        case .times(let xs):
            let name = { [timeLabel, numberLabel] (seconds: Double) in
                // A time no calendar reaches (beyond ±300,000 years, or not a number) reads as its number.
                guard abs(seconds) < TimeTicks.limit else { return numberLabel(seconds) }
                return timeLabel(TimeTicks.Tick(seconds: seconds, unit: TimeTicks.unit(of: Int(seconds))))
            }
            chart.domain = .categories(xs.map(name))
            chart.annotations = annotations.map { $0.named(by: name) }
        }
        return chart
    }
}

extension Array {
    subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}

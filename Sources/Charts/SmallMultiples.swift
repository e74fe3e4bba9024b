extension Chart {
    /// The frame of a panel of small multiples beside `columns - 1` others in a page's column:
    /// a share of the wide frame's width (no narrower than a third of it, where text still
    /// reads), in the wide frame's proportions; a phone shows each panel in the narrow frame.
    public static func panelFrame(columns: Int) -> Frame {
        let width = max(Frame.wide.width / 3, (Frame.wide.width / Double(max(1, columns))).rounded())
        return Frame(width: width, height: (width * 0.68).rounded(), fontSize: Frame.wide.fontSize, name: "wide")
    }

    /// Panels of small multiples that share their scales: every panel's value axis reaches
    /// every panel's values (niced together, as one chart's would be), an x axis of numbers
    /// or times spans every panel's x values, and categories are every panel's, in the order
    /// they first come, each panel's values at its own. An end the author set stays.
    public static func sharingScales(_ panels: [Chart]) -> [Chart] {
        guard let first = panels.first else { return panels }
        var values: [Double] = []
        var xs: [Double] = []
        var names: [String] = []
        var known: Set<String> = []
        for panel in panels {
            let drawing = ChartDrawing(chart: panel, frame: .wide, id: "")
            values += drawing.scaledValues(spans: drawing.spans, bins: panel.kind == .histogram ? panel.bins : nil)
            if let extent = drawing.xExtent { xs += [extent.low, extent.high] }
            if case .categories(let own) = panel.domain {
                for name in own where known.insert(name).inserted { names.append(name) }
            }
        }
        let log = first.logValues && (first.kind.drawsLines || first.kind.drawsPoints)
        let scale = ValueScale(values, log: log, axis: first.valueAxis, count: Double(min(max(first.valueAxis.ticks ?? 5, 1), 100)))
        let domain: (Double, Double) =
            switch scale {
            case .linear(let linear): (linear.domain.lower, linear.domain.upper)
            case .log(let logScale): (logScale.domain.lower, logScale.domain.upper)
            }
        return panels.map { panel in
            var shared = panel
            shared.valueAxis.min = panel.valueAxis.min ?? domain.0
            shared.valueAxis.max = panel.valueAxis.max ?? domain.1
            if let low = xs.min(), let high = xs.max() {
                shared.xAxis.min = panel.xAxis.min ?? low
                shared.xAxis.max = panel.xAxis.max ?? high
            }
            if case .categories(let own) = panel.domain, Set(own).count == own.count, own != names {
                // Every panel's categories, in one order: a category this panel lacks has no values.
                let place = Dictionary(uniqueKeysWithValues: own.enumerated().map { ($1, $0) })
                shared.domain = .categories(names)
                for index in shared.series.indices {
                    let series = panel.series[index]
                    shared.series[index].values = names.map { name in place[name].flatMap { series.values[safe: $0] ?? nil } }
                    shared.series[index].sizes = series.sizes.map { sizes in
                        names.map { name in place[name].flatMap { sizes[safe: $0] ?? nil } }
                    }
                }
                shared.pointNames = panel.pointNames.map { points in names.map { name in place[name].flatMap { points[safe: $0] ?? nil } } }
            }
            return shared
        }
    }
}

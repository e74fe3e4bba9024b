import TemplateEngine

/// A chart as `block-chart.mustache` shows it: its SVG in two frames (the wide one, and the
/// narrow one a phone shows), its legend, its caption, and its data as a table under it.
/// A sparkline is one small SVG in a line of text.
struct ChartBlockView: TemplateView {
    struct LegendEntry: TemplateView {
        /// A small SVG of the series's mark (`Chart.swatch`).
        let swatch: String
        let name: String

        var templateValue: TemplateValue { .map(["swatch": .string(swatch), "name": .string(name)]) }
    }

    struct Cell: TemplateView {
        let text: String
        let numeric: Bool

        var templateValue: TemplateValue { .map(["text": .string(text), "numeric": .bool(numeric)]) }
    }

    let id: String
    let kind: String
    let caption: String?
    /// The SVGs, written by the chart engine: markup, not text.
    let wide: String
    let narrow: String
    let sparkline: Bool
    let legend: [LegendEntry]
    /// The data table: its headers, then its rows, the first cell of each its x value.
    let headers: [Cell]
    let rows: [[Cell]]
    let dataLabel: String

    var templateValue: TemplateValue {
        var map = TemplateMap([
            "id": .string(id), "kind": .string(kind), "wide": .string(wide), "narrow": .string(narrow), "sparkline": .bool(sparkline),
            "legend": legend.templateValue, "hasLegend": .bool(!legend.isEmpty), "headers": headers.templateValue,
            "rows": .list(rows.map { row in
                .map(["head": row.first?.templateValue ?? .bool(false), "cells": Array(row.dropFirst()).templateValue])
            }),
            "dataLabel": .string(dataLabel),
        ])
        map.add("caption", orFalse: caption)
        return map.templateValue
    }
}

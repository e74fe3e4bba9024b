import Foundation
import Testing

@testable import Charts

/// A line on a second value axis (`Chart.SecondAxis`): its own scale, niced as d3 nices one,
/// its ticks beside the plot's other edge, its points over the columns' middles.
@Suite struct SecondAxisTests {
    static func chart(mirrored: Bool = false) -> Chart {
        var chart = Chart(
            kind: .column, domain: .categories(["a", "b", "c"]), series: [Chart.Series(name: "revenue", values: [10, 30, 20])])
        chart.valueLabel = { String(Int($0)) }
        var second = Chart.SecondAxis(
            series: Chart.Series(name: "orders", values: [1_000, 3_000, nil]), label: { String(Int($0)) }, title: "Orders")
        second.series.style = 1
        second.legendName = "orders (right axis)"
        chart.secondAxis = second
        chart.mirrored = mirrored
        return chart
    }

    @Test func theLineHasItsOwnScaleAndAxisAtTheOtherSide() throws {
        let svg = Self.chart().svg(id: "c", title: "t", summary: "s")
        let read = try SVGRead(svg)
        // 1,000 … 3,000 niced for 5 ticks: d3 steps by 500.
        let ticks = read.placedTexts.filter { $0.group == "axis second-axis" }
        #expect(ticks.map(\.text) == ["1000", "1500", "2000", "2500", "3000"])
        // Right of the plot, where the value axis's labels are left of it.
        let values = read.placedTexts.filter { $0.group == "axis value-axis" }
        #expect(ticks.allSatisfy { $0.x > 600 && $0.anchor == "start" } && values.allSatisfy { $0.x < 40 })
        // Its line over the first two columns' middles (the third has no value), from its
        // axis's bottom tick to its top one.
        let d = try #require(svg.firstMatch(of: /second-line.*?<path fill="none" stroke="currentColor"[^>]*? d="([^"]*)"/))
        let line = SVGRead.points(String(d.output.1))
        let bars = read.groupRects.filter { $0.group.hasPrefix("series") }
        #expect(line.count == 2 && bars.count == 3)
        for (point, bar) in zip(line, bars) { #expect(abs(point[0] - (bar.x + bar.width / 2)) < 0.11) }
        let bottom = try #require(ticks.first).y
        let top = try #require(ticks.last).y
        #expect(abs(line[0][1] - (bottom - 12 * 0.35)) < 0.11 && abs(line[1][1] - (top - 12 * 0.35)) < 0.11, "\(line) \(bottom) \(top)")
        // Its title over its axis.
        #expect(read.placedTexts.contains { $0.text == "Orders" && $0.anchor == "end" })
    }

    @Test func rightToLeftItsAxisIsOnTheLeft() throws {
        let read = try SVGRead(Self.chart(mirrored: true).svg(id: "c", title: "t", summary: "s"))
        #expect(read.placedTexts.filter { $0.group == "axis second-axis" }.allSatisfy { $0.x < 40 })
    }

    @Test func theLegendOfItsPictureNamesItsAxis() throws {
        let chart = Self.chart()
        #expect(ChartDocument(chart).legend(id: "c").map(\.name) == ["revenue", "orders (right axis)"])
        #expect(chart.secondSwatch().contains("series s2"))
    }
}

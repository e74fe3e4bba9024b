import Foundation
import Testing

@testable import Charts

/// A heatmap: a row a series, a column an x value, each cell in its class's colour of a scale
/// cut at d3's ticks of the values' niced extent into at most 7 classes (`HeatScale`).
@Suite struct HeatmapTests {
    @Test func theScaleCutsTheNicedExtentAtD3sTicks() throws {
        // 3 … 68 niced as d3 nices it for 7 ticks: a step of 10, 0…70; seven classes 10 wide.
        let scale = try #require(HeatScale([3, 68, 40, .nan]))
        #expect(scale.thresholds == [0, 10, 20, 30, 40, 50, 60, 70])
        #expect(scale.index(of: 3) == 0 && scale.index(of: 9.99) == 0 && scale.index(of: 10) == 1 && scale.index(of: 68) == 6)
        #expect(scale.index(of: 70) == 6 && scale.index(of: -5) == 0)
        #expect(scale.bounds(of: 3) == (30, 40))
        #expect(HeatScale([]) == nil && HeatScale([.nan]) == nil)
        // One value: a class around it.
        #expect(HeatScale([5]).map { $0.thresholds.first! <= 5 && 5 <= $0.thresholds.last! } == true)
        // 3 … 77.31: for 7 and 6 ticks d3 steps by 10 (8 classes, too many); for 5 by 20: four
        // classes, coloured from the lightest to the darkest, every second colour.
        let four = try #require(HeatScale([3, 77.31]))
        #expect(four.thresholds == [0, 20, 40, 60, 80])
        #expect((0..<4).map(four.color(of:)) == ["#ffffcc", "#7fcdbb", "#1d91c0", "#0c2c84"])
    }

    @Test func eachCellIsItsColumnAndRowInItsValuesColour() throws {
        let chart = Chart(
            kind: .heatmap, domain: .categories(["Mon", "Tue", "Wed"]),
            series: [Chart.Series(name: "morning", values: [3, 68, nil]), Chart.Series(name: "evening", values: [40, 10, 25])])
        let read = try SVGRead(chart.svg(id: "c", title: "t", summary: "s"))
        let cells = read.groupRects.filter { $0.group.hasPrefix("heat-") }
        // Five values, five cells; the missing one has none.
        #expect(cells.count == 5)
        let svg = chart.svg(id: "c", title: "t", summary: "s")
        // 3 in the lightest class (0), 68 in the darkest (6), 40 in class 4, 25 in 2, 10 in 1;
        // each group named by its shade, which a dark page's style reverses.
        #expect(svg.contains(##"<g class="heat-0" fill="#ffffcc"><rect"##) && svg.contains(##"<g class="heat-6" fill="#0c2c84"><rect"##))
        #expect(
            svg.contains(##"<g class="heat-4" fill="#1d91c0"><rect"##) && svg.contains(##"<g class="heat-2" fill="#7fcdbb"><rect"##)
                && svg.contains(##"<g class="heat-1" fill="#c7e9b4"><rect"##))
        // The rows named at the left, top to bottom; the columns under the cells.
        #expect(read.placedTexts.filter { $0.group == "axis value-axis" }.map(\.text) == ["morning", "evening"])
        #expect(read.placedTexts.filter { $0.group == "axis x-axis" }.map(\.text) == ["Mon", "Tue", "Wed"])
        // Cells of one row share their top; of one column their left.
        let tops = Set(cells.map(\.y))
        let lefts = Set(cells.map(\.x))
        #expect(tops.count == 2 && lefts.count == 3)
    }

    /// The picture of a heatmap (its PNG's document) has the classes for its legend, not the
    /// series, which its rows name already.
    @Test func aHeatmapsPictureHasItsClassesForALegend() {
        let chart = Chart(
            kind: .heatmap, domain: .categories(["Mon", "Tue"]),
            series: [Chart.Series(name: "morning", values: [3, 68]), Chart.Series(name: "evening", values: [40, 10])])
        let wide = chart.svgs(id: "c", title: "t", summary: "s").wide
        let document = ChartDocument(chart).svg(wide: wide, title: "t", id: "c").text
        // 3 … 68: seven classes of 10 (see above), written by the value axis's labels.
        #expect(document.contains(">0.0–10.0</text>") && document.contains(">60.0–70.0</text>"))
        #expect(document.components(separatedBy: ">morning</text>").count == 2, "once, as its row's name")
    }
}

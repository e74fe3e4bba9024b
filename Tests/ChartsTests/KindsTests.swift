import Foundation
import Testing

@testable import Charts

/// The kinds added to the first seven, each held to what it means: a step holds a value until
/// the next x, shares fill their column, a dot plot's dots sit on their category's line, and
/// a bubble's area (not its radius) is in proportion to its size.
@Suite struct KindsTests {
    @Test func aStepHoldsEachValueUntilTheNextX() throws {
        var chart = Chart(kind: .step, domain: .numbers([0, 1, 2]), series: [Chart.Series(name: "s", values: [1, 3, 2])])
        chart.valueLabel = { String($0) }
        let read = try SVGRead(chart.svg(id: "c", title: "t", summary: "s"))
        let points = SVGRead.points(read.paths[0])
        // Five points: each value, and a corner at the next x on the level of the one before.
        #expect(points.count == 5)
        #expect(points[1][0] == points[2][0] && points[1][1] == points[0][1])
        #expect(points[3][0] == points[4][0] && points[3][1] == points[2][1])
        // The same chart as a line joins the three points directly.
        chart.kind = .line
        let line = SVGRead.points(try SVGRead(chart.svg(id: "c", title: "t", summary: "s")).paths[0])
        #expect(line == [points[0], points[2], points[4]])
    }

    @Test func sharesFillTheirColumn() throws {
        var chart = Chart(
            kind: .column, domain: .categories(["a", "b"]),
            series: [Chart.Series(name: "one", values: [1, 3]), Chart.Series(name: "two", values: [3, -1])])
        chart.layout = .percent
        chart.valueLabel = { String(Int(($0 * 100).rounded())) + "%" }
        let read = try SVGRead(chart.svg(id: "c", title: "t", summary: "s"))
        #expect(read.placedTexts.filter { $0.group == "axis value-axis" }.map(\.text) == ["0%", "20%", "40%", "60%", "80%", "100%"])
        let bars = read.groupRects.filter { $0.group.hasPrefix("series") }
        // 0…1 onto 338…8: 330 units for the whole. a is 1 of 4 and 3 of 4; b is 3 of 3 (−1 counts as none).
        #expect(bars.count == 3)
        #expect(abs(bars[0].height - 82.5) < 0.11 && abs(bars[1].height - 330) < 0.11 && abs(bars[2].height - 247.5) < 0.11, "\(bars)")
        #expect(abs(bars[2].y - 8) < 0.11)
    }

    @Test func aDotPlotsDotsSitOnTheirCategorysLineJoinedFromLowestToHighest() throws {
        var chart = Chart(
            kind: .dot, domain: .categories(["a", "b"]),
            series: [Chart.Series(name: "before", values: [10, 30]), Chart.Series(name: "after", values: [20, 5])])
        chart.valueLabel = { String(Int($0)) }
        let read = try SVGRead(chart.svg(id: "c", title: "t", summary: "s"))
        let lines = read.lines.filter { $0.group == "dot-lines" }
        let labels = read.placedTexts.filter { $0.group == "axis x-axis" }
        #expect(labels.map(\.text) == ["a", "b"])
        #expect(lines.count == 2)
        // Each line at its category's label (the label's baseline is a third of the font under the middle).
        for (line, label) in zip(lines, labels) { #expect(abs(line.y1 - (label.y - 12 * 0.35)) < 0.11 && line.y1 == line.y2) }
        // a: 10 to 20, b: 5 to 30, on one scale (5…30, niced to 5…30): b's line is 2.5 times a's.
        #expect(abs((lines[1].x2 - lines[1].x1) / (lines[0].x2 - lines[0].x1) - 2.5) < 0.01)
    }

    @Test func aBubblesAreaIsInProportionToItsSize() throws {
        var chart = Chart(kind: .bubble, domain: .numbers([1, 2, 3]), series: [Chart.Series(name: "s", values: [1, 2, 3])])
        chart.series[0].sizes = [1, 4, nil]
        let svg = chart.svg(id: "c", title: "t", summary: "s")
        let radii = svg.matches(of: /<circle cx="[^"]*" cy="[^"]*" r="([^"]*)"\/>/).map { Double($0.output.1)! }
        // The largest first, 640 / 32 = 20 across; a quarter of the size is half the radius; no size, no bubble.
        #expect(radii == [20, 10], "\(radii)")
    }
}

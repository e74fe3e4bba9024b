import Foundation
import Testing

@testable import Charts

/// Text on the marks (`Chart.MarkLabels`, `Chart.pointNames`): the lines named at their ends
/// beside their last points, the bars' values at their ends, the scatter's points named where
/// their names fit. Positions are held to the marks the chart drew, or worked out by hand.
@Suite struct MarkLabelsTests {
    @Test func eachLineIsNamedLevelWithItsLastPointAndNamesStandALineApart() throws {
        var chart = Chart(
            kind: .line, domain: .numbers([0, 1, 2]),
            series: [
                Chart.Series(name: "a", values: [1, 2, 9]), Chart.Series(name: "bb", values: [3, 4, 5]),
                Chart.Series(name: "ccc", values: [2, 6, 5]),
            ])
        chart.valueLabel = { String(Int($0)) }
        chart.numberLabel = { String(Int($0)) }
        chart.markLabels = .end
        #expect(chart.endLabelsFit)
        let read = try SVGRead(chart.svg(id: "c", title: "t", summary: "s"))
        let names = read.placedTexts.filter { $0.group == "end-labels" }
        #expect(names.map(\.text).sorted() == ["a", "bb", "ccc"])
        // By hand: the widest name, "ccc", is 3 × 0.6 × 12 = 21.6 wide; the room for names is
        // that, a 16-unit lead and 4 more: the plot ends at 640 − 41.6 = 598.4, the names start
        // 16 after it.
        #expect(names.allSatisfy { $0.x == 614.4 && $0.anchor == "start" }, "\(names)")
        // The value axis: 1…9 niced to 0…10 onto 338…8, 33 units a unit. "a" ends at 9, level
        // with it (y 41 and a third of the font, 4.2, under it); "bb" and "ccc" both end at 5
        // (173): one keeps its place, the other stands a line under it (15.4: the font's box of
        // 0.95 + 0.25 em, and 1).
        let byName = Dictionary(uniqueKeysWithValues: names.map { ($0.text, $0.y) })
        #expect(byName["a"] == 45.2)
        #expect(Set([byName["bb"]!, byName["ccc"]!]) == [177.2, 192.6])
    }

    @Test func namesTooLongForAPhoneDoNotFit() {
        var chart = Chart(
            kind: .line, domain: .numbers([0, 1]),
            series: [Chart.Series(name: "short", values: [1, 2]), Chart.Series(name: "a name of many words", values: [2, 1])])
        // A third of the narrow frame's 320, less the 16 of the lead: 90.7, and the long name is
        // 20 × 7.2 = 144 wide.
        #expect(!chart.endLabelsFit)
        chart.series[1].name = "medium"
        #expect(chart.endLabelsFit)
        chart.kind = .column
        #expect(!chart.endLabelsFit)
    }

    @Test func eachBarsValueStandsBeyondItsEnd() throws {
        var chart = Chart(kind: .bar, domain: .categories(["a", "b", "c"]), series: [Chart.Series(name: "s", values: [1, -2, 3])])
        chart.valueText = { "v" + String(Int($0)) }
        chart.markLabels = .values
        let read = try SVGRead(chart.svg(id: "c", title: "t", summary: "s"))
        let bars = read.groupRects.filter { $0.group.hasPrefix("series") }
        let values = read.placedTexts.filter { $0.group == "value-labels" }
        #expect(values.map(\.text) == ["v1", "v-2", "v3"])
        for (bar, value) in zip(bars, values) {
            // A positive bar's value starts 4 after its right end; a negative one's ends 4
            // before its left end (its end, from zero); each at its band's middle.
            let negative = value.text.hasPrefix("v-")
            #expect(value.x == (negative ? bar.x - 4 : bar.x + bar.width + 4) && value.anchor == (negative ? "end" : "start"), "\(value)")
            #expect(abs(value.y - (bar.y + bar.height / 2 + 12 * 0.35)) < 0.11)
        }
    }

    @Test func columnsTooNarrowForTheirValuesShowNone() throws {
        let count = 60
        var chart = Chart(
            kind: .column, domain: .categories((0..<count).map(String.init)),
            series: [Chart.Series(name: "s", values: (0..<count).map { Double($0) * 1000 })])
        chart.valueText = { String(Int($0)) }
        chart.markLabels = .values
        // 60 columns in 600 units are 8 wide; "59000" is 36.
        #expect(try SVGRead(chart.svg(id: "c", title: "t", summary: "s")).placedTexts.allSatisfy { $0.group != "value-labels" })
        chart.domain = .categories(["a", "b"])
        chart.series[0].values = [5, 7]
        #expect(try SVGRead(chart.svg(id: "c", title: "t", summary: "s")).placedTexts.filter { $0.group == "value-labels" }.count == 2)
    }

    @Test func pointsAreNamedWhereTheirNamesFitAndNoNameMeetsAnother() throws {
        var chart = Chart(
            kind: .scatter, domain: .numbers([1, 1.05, 5, 9]), series: [Chart.Series(name: "s", values: [5, 5, 5, 5])])
        chart.pointNames = ["first", "second", nil, "last point"]
        let read = try SVGRead(chart.svg(id: "c", title: "t", summary: "s"))
        let names = read.placedTexts.filter { $0.group == "point-names" }
        // "first" to the right of its point; "second", a hair to its right, meets it there and
        // to its left, so it is left out; the point without a name has none; "last point"
        // stands at the plot's right edge, so its name is left of it.
        #expect(names.map(\.text) == ["first", "last point"], "\(names)")
        #expect(names.map(\.anchor) == ["start", "end"])
    }
}

import CivilTime
import Foundation
import Testing

@testable import Charts

/// Rules, bands and the axis settings an author gives (`Chart.Annotation`, `Chart.Axis`): each
/// rule lies where the axis puts the tick of its value (the ticks are drawn by the axis, not by
/// the annotations), the axes reach every rule and band, the labels stay apart and inside the
/// plot, and the ends an author sets are the axis's ends.
@Suite struct AnnotationTests {
    static func line(_ values: [Double], xs: [Double]? = nil) -> Chart {
        var chart = Chart(
            kind: .line, domain: .numbers(xs ?? values.indices.map(Double.init)), series: [Chart.Series(name: "s", values: values)])
        chart.valueLabel = { String(Int($0)) }
        chart.numberLabel = { String(Int($0)) }
        return chart
    }

    static func read(_ chart: Chart) throws -> SVGRead {
        try SVGRead(chart.svg(id: "c", title: "t", summary: "s"))
    }

    @Test func aRuleOnTheValueAxisLiesOnItsTickAndTheAxisReachesIt() throws {
        var chart = Self.line([2, 4, 6, 8])
        chart.annotations = [Chart.Annotation(along: .values, from: .number(10), label: "Target")]
        let read = try Self.read(chart)
        // The values stop at 8; the axis reaches the rule's 10 (d3's nice of 2…10 is 2…10).
        let ticks = read.placedTexts.filter { $0.group == "axis value-axis" }
        #expect(ticks.map(\.text) == ["2", "4", "6", "8", "10"])
        let grid = try #require(read.lines.first { $0.group == "axis value-axis" && $0.y1 == ticks.last!.y - 12 * 0.35 })
        let rule = try #require(read.lines.first { $0.group == "annotation rules" })
        #expect(rule.y1 == grid.y1 && rule.y2 == grid.y1 && rule.x1 == grid.x1 && rule.x2 == grid.x2)
        // By hand: the plot is 24.4…628 across and 8…338 down, so 10 is at its top, y = 8. Above
        // the rule there is no room (its text would leave the plot), so the label is under it:
        // its baseline 8 + 0.95 × 12 (the font's ascent) + 2 = 21.4, its end 4 from the plot's right.
        let label = try #require(read.placedTexts.first { $0.group == "annotation-labels" })
        #expect(label.text == "Target" && label.x == 624 && label.y == 21.4 && label.anchor == "end", "\(label)")
    }

    @Test func aRuleOnATimeAxisStandsOnItsDaysTick() throws {
        let start = Double(CalendarDate(year: 2021, month: 7, day: 1)!.daysSince1970) * 86_400
        let newYear = Double(CalendarDate(year: 2022, month: 1, day: 1)!.daysSince1970) * 86_400
        var chart = Chart(
            kind: .line, domain: .times((0..<12).map { start + Double($0) * 30 * 86_400 }),
            series: [Chart.Series(name: "s", values: (0..<12).map { Double($0) })])
        // Each tick named by its day, so the tick of 2022-01-01 can be found.
        chart.timeLabel = { String(Int($0.seconds / 86_400)) }
        chart.annotations = [Chart.Annotation(along: .x, from: .number(newYear), label: "New year")]
        for mirrored in [false, true] {
            chart.mirrored = mirrored
            let read = try Self.read(chart)
            let tick = try #require(read.placedTexts.first { $0.group == "axis x-axis" && $0.text == String(Int(newYear / 86_400)) })
            let rule = try #require(read.lines.first { $0.group == "annotation rules" })
            #expect(rule.x1 == tick.x && rule.x2 == tick.x && rule.y1 < rule.y2)
            // The label stands beside the rule, after it in the chart's direction.
            let label = try #require(read.placedTexts.first { $0.group == "annotation-labels" })
            #expect(label.x == (mirrored ? tick.x - 4 : tick.x + 4) && label.anchor == "start", "\(label)")
        }
    }

    @Test func anXAxisOfNumbersReachesItsRulesAndBands() throws {
        var chart = Self.line([1, 3, 2], xs: [0, 5, 10])
        chart.annotations = [Chart.Annotation(along: .x, from: .number(20), label: "later")]
        var read = try Self.read(chart)
        let last = try #require(read.placedTexts.last { $0.group == "axis x-axis" })
        #expect(last.text == "20" && last.x == 628)
        #expect(read.lines.first { $0.group == "annotation rules" }?.x1 == 628)
        // A band reaches back before the first x value.
        chart.annotations = [Chart.Annotation(along: .x, from: .number(-10), to: .number(-5))]
        read = try Self.read(chart)
        #expect(read.placedTexts.first { $0.group == "axis x-axis" }?.text == "-10")
        let band = try #require(read.groupRects.first { $0.group == "annotation bands" })
        // −10…10 onto 24.4…628 (the widest value label, "3", is narrower than the least margin, 24).
        let left = 24.0
        #expect(abs(band.x - left) < 0.05 && abs(band.width - (628 - left) / 4) < 0.1, "\(band)")
    }

    @Test func aBandOfCategoriesReachesHalfwayToTheirNeighbours() throws {
        var chart = Chart(
            kind: .column, domain: .categories(["a", "b", "c", "d"]), series: [Chart.Series(name: "s", values: [1, 2, 3, 4])])
        chart.annotations = [Chart.Annotation(along: .x, from: .category("b"), to: .category("c"), label: "middle")]
        let read = try Self.read(chart)
        let bars = read.groupRects.filter { $0.group.hasPrefix("series") }
        let band = try #require(read.groupRects.first { $0.group == "annotation bands" })
        #expect(bars.count == 4)
        let (a, b, c, d) = (bars[0], bars[1], bars[2], bars[3])
        #expect(abs(band.x - (a.x + a.width + b.x) / 2) < 0.11, "\(band) between \(a) and \(b)")
        #expect(abs(band.x + band.width - (c.x + c.width + d.x) / 2) < 0.11, "\(band) between \(c) and \(d)")
        // Up the whole plot: 8 (half the font and 2) to 338 (22 over the bottom, for the labels).
        #expect(band.y == 8 && band.height == 330)
    }

    @Test func aBandOnTheValueAxisSpansItsValuesAcross() throws {
        var chart = Self.line([0, 100])
        chart.annotations = [Chart.Annotation(along: .values, from: .number(50), to: .number(30), label: "normal")]
        let read = try Self.read(chart)
        let ticks = read.placedTexts.filter { $0.group == "axis value-axis" }
        let at = { (label: String) in try #require(ticks.first { $0.text == label }).y - 12 * 0.35 }
        let band = try #require(read.groupRects.first { $0.group == "annotation bands" })
        let grid = try #require(read.lines.first { $0.group == "axis value-axis" })
        let (y60, y40, y20) = (try at("60"), try at("40"), try at("20"))
        #expect(abs(band.y - (y60 + y40) / 2) < 0.1 && abs(band.y + band.height - (y40 + y20) / 2) < 0.1)
        #expect(band.x == grid.x1 && band.x + band.width == grid.x2)
    }

    @Test func theEndsAnAuthorSetsAreTheAxissEndsAndMarksBeyondAreCut() throws {
        var chart = Self.line((0...10).map { Double($0) * 10 })
        chart.valueAxis = Chart.Axis(min: 20, max: 60)
        let read = try Self.read(chart)
        #expect(read.placedTexts.filter { $0.group == "axis value-axis" }.map(\.text) == ["20", "30", "40", "50", "60"])
        #expect(read.elements.contains("clipPath"))
        // Without ends, no clip: the niced domain holds every value.
        #expect(!(try Self.read(Self.line((0...10).map { Double($0) * 10 }))).elements.contains("clipPath"))
        // One end set: the other is the data's, niced.
        chart.valueAxis = Chart.Axis(min: 25)
        #expect(try Self.read(chart).placedTexts.filter { $0.group == "axis value-axis" }.map(\.text).last == "100")
        // d3's ticks(25, 100, 5) step by 20.
        #expect(try Self.read(chart).placedTexts.filter { $0.group == "axis value-axis" }.map(\.text).first == "40")
        // The x axis's ends.
        chart.valueAxis = Chart.Axis()
        chart.xAxis = Chart.Axis(min: 2, max: 6)
        let xs = try Self.read(chart).placedTexts.filter { $0.group == "axis x-axis" }
        // The widest value label, "100", is 21.6 wide: the plot starts 10 after it.
        #expect(xs.first?.text == "2" && xs.last?.text == "6" && xs.first?.x == 31.6 && xs.last?.x == 628)
    }

    @Test func zeroAndTicksAsAsked() throws {
        var chart = Self.line([50, 70, 100])
        let labels = { (chart: Chart) in try Self.read(chart).placedTexts.filter { $0.group == "axis value-axis" }.map(\.text) }
        #expect(try labels(chart).first == "50")
        chart.valueAxis.zero = true
        #expect(try labels(chart).first == "0")
        // d3's ticks(0, 100, 2): a step of 50.
        chart.valueAxis.ticks = 2
        #expect(try labels(chart) == ["0", "50", "100"])
        // Columns from the axis's end where zero is not asked for: 50…100 niced, no zero line.
        var columns = Chart(kind: .column, domain: .categories(["a", "b"]), series: [Chart.Series(name: "s", values: [60, 100])])
        columns.valueLabel = { String(Int($0)) }
        columns.valueAxis.zero = false
        #expect(try labels(columns).first == "60")
    }

    /// Rules close together and labels of both axes: no two labels' boxes (as wide as the
    /// text's characters estimate, bold) overlap, and each stays inside the plot.
    @Test(arguments: [false, true]) func labelsStayApartAndInsideThePlot(mirrored: Bool) throws {
        var chart = Self.line((0...20).map { Double($0 * 5) })
        chart.mirrored = mirrored
        chart.annotations =
            (0..<5).map { Chart.Annotation(along: .values, from: .number(Double(40 + $0)), label: "Rule number \($0 + 1)") }
            + (0..<4).map { Chart.Annotation(along: .x, from: .number(Double(5 + $0) / 2), label: "Event \($0 + 1)") }
            + [Chart.Annotation(along: .x, from: .number(3), to: .number(4), label: "A band named at length")]
        for frame in [Chart.Frame.wide, .narrow] {
            let read = try SVGRead(chart.svg(id: "c", title: "t", summary: "s", frame: frame))
            let labels = read.placedTexts.filter { $0.group == "annotation-labels" }
            #expect(labels.count == 10, "\(labels.map(\.text))")
            let grid = read.lines.filter { $0.group == "axis value-axis" }
            let (left, right) = (grid.map { min($0.x1, $0.x2) }.min()!, grid.map { max($0.x1, $0.x2) }.max()!)
            let boxes = labels.map { label in
                let width = AxisLabels.width(label.text, size: 12) * 1.1
                // Right to left, `start` is the text's right edge.
                let startsAtX = (label.anchor == "start") != mirrored
                return (
                    left: startsAtX ? label.x : label.x - width, right: startsAtX ? label.x + width : label.x, top: label.y - 9.6,
                    bottom: label.y + 3
                )
            }
            for (index, box) in boxes.enumerated() {
                #expect(box.left >= left - 2 && box.right <= right + 2, "\(labels[index]) leaves the plot \(left)…\(right)")
                for other in boxes[..<index] {
                    #expect(
                        box.right <= other.left || other.right <= box.left || box.bottom <= other.top || other.bottom <= box.top,
                        "\(labels[index].text) overlaps a label placed before it"
                    )
                }
            }
        }
    }

    /// Bars and columns draw numbers and times as categories: a rule at a number stands on
    /// the category that number writes.
    @Test func aRuleOnACategoryOfNumbersStandsOnItsBand() throws {
        var chart = Chart(kind: .column, domain: .numbers([2020, 2021, 2022]), series: [Chart.Series(name: "s", values: [1, 2, 3])])
        chart.numberLabel = { String(Int($0)) }
        chart.annotations = [Chart.Annotation(along: .x, from: .number(2021))]
        let read = try Self.read(chart)
        let tick = try #require(read.placedTexts.first { $0.group == "axis x-axis" && $0.text == "2021" })
        #expect(read.lines.first { $0.group == "annotation rules" }?.x1 == tick.x)
        // A place no category names is not drawn.
        chart.annotations = [Chart.Annotation(along: .x, from: .number(1999))]
        #expect(try Self.read(chart).lines.allSatisfy { $0.group != "annotation rules" })
    }
}

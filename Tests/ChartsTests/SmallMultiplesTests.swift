import Foundation
import Testing

@testable import Charts

/// Panels that share their scales (`Chart.sharingScales`): one value axis for all, niced
/// together as one chart's would be, one span of x values, and the categories of all panels.
@Suite struct SmallMultiplesTests {
    @Test func panelsShareTheValueAxisNicedTogetherAndTheXSpan() throws {
        let low = Chart(kind: .line, domain: .numbers([0, 1, 2]), series: [Chart.Series(name: "s", values: [1, 2, 3])])
        let high = Chart(kind: .line, domain: .numbers([1, 5]), series: [Chart.Series(name: "s", values: [10, 38])])
        let shared = Chart.sharingScales([low, high])
        // 1…38 niced as d3 nices it for 5 ticks: a step of 10, 0…40; x from 0 to 5.
        for panel in shared {
            #expect(panel.valueAxis.min == 0 && panel.valueAxis.max == 40, "\(panel.valueAxis)")
            #expect(panel.xAxis.min == 0 && panel.xAxis.max == 5)
        }
        // The low panel drawn shares the high one's ticks.
        var drawn = shared[0]
        drawn.valueLabel = { String(Int($0)) }
        let ticks = try SVGRead(drawn.svg(id: "c", title: "t", summary: "s")).placedTexts.filter { $0.group == "axis value-axis" }
        #expect(ticks.map(\.text) == ["0", "10", "20", "30", "40"])
    }

    @Test func columnsOfCategoriesShareEveryPanelsCategoriesInOneOrder() {
        let first = Chart(kind: .column, domain: .categories(["a", "b"]), series: [Chart.Series(name: "s", values: [1, 2])])
        let second = Chart(kind: .column, domain: .categories(["c", "a"]), series: [Chart.Series(name: "s", values: [3, 4])])
        let shared = Chart.sharingScales([first, second])
        guard case .categories(let names) = shared[1].domain else { return #expect(Bool(false)) }
        #expect(names == ["a", "b", "c"])
        #expect(shared[0].series[0].values == [1, 2, nil])
        #expect(shared[1].series[0].values == [4, nil, 3])
        // Columns reach zero in every panel, and the largest, 4, is niced to 4.
        #expect(shared.allSatisfy { $0.valueAxis.min == 0 && $0.valueAxis.max == 4 })
    }

    @Test func aPanelsFrameIsAShareOfTheWideFrame() {
        #expect(Chart.panelFrame(columns: 2).width == 320 && Chart.panelFrame(columns: 2).height == 218)
        // No narrower than a third of the wide frame, where its text still reads.
        #expect(Chart.panelFrame(columns: 6).width == Chart.Frame.wide.width / 3)
    }
}

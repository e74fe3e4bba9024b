import Foundation
import Testing

@testable import Charts

/// Colours besides the palette's order (`Chart.Paint`, `Chart.negative`): a series of its own
/// colour carries it in its group and its fill pattern, grey series lie under the others, and
/// the values below zero take the negative colour.
@Suite struct SeriesPaintTests {
    @Test func aSeriesOfItsOwnColourHasItInItsGroupAndItsPattern() throws {
        var chart = Chart(
            kind: .column, domain: .categories(["a", "b"]),
            series: [
                Chart.Series(name: "one", values: [1, 2]),
                Chart.Series(name: "two", values: [2, 1], paint: .custom(light: "#cc0000", dark: "#ff6666")),
            ])
        chart.valueLabel = { String($0) }
        let svg = chart.svg(id: "c", title: "t", summary: "s")
        #expect(svg.contains(##"<g class="series s2 custom" color="#cc0000" style="--custom:#cc0000;--custom-dark:#ff6666">"##))
        // Style 2 is patterned: the series has a pattern of its own, in its colour, and fills with it.
        #expect(svg.contains(##"<pattern id="c-2-p2" class="series s2 custom" color="#cc0000""##))
        #expect(svg.contains(##"fill="url(#c-2-p2)""##))
        #expect(!svg.contains(#"id="c-p2""#))
        #expect(chart.swatch(of: 1, id: "k").contains(##"class="series s2 custom" color="#cc0000""##))
    }

    @Test func greySeriesLieUnderTheOthers() throws {
        let chart = Chart(
            kind: .line, domain: .numbers([0, 1]),
            series: [
                Chart.Series(name: "first", values: [1, 2], paint: .muted), Chart.Series(name: "chosen", values: [2, 1]),
                Chart.Series(name: "third", values: [1, 1], paint: .muted),
            ])
        let svg = chart.svg(id: "c", title: "t", summary: "s")
        let groups = svg.matches(of: /<g class="series (s\d)( muted)?" color="([^"]*)"><title>([^<]*)<\/title>/).map {
            "\($0.output.4) \($0.output.3)"
        }
        #expect(groups == ["first #8C8C8C", "third #8C8C8C", "chosen #D55E00"], "\(groups)")
    }

    @Test func barsBelowZeroTakeTheNegativeColour() throws {
        var chart = Chart(kind: .column, domain: .categories(["a", "b", "c"]), series: [Chart.Series(name: "s", values: [3, -2, 1])])
        chart.negative = Chart.Ink(style: 1)
        let read = try SVGRead(chart.svg(id: "c", title: "t", summary: "s"))
        let bars = read.groupRects.filter { $0.group.hasPrefix("series") }
        #expect(bars.map(\.group) == ["series s1", "series s1", "series s2 negative"])
        // The negative bar hangs from zero, where the others stand.
        let zero = bars[0].y + bars[0].height
        #expect(abs(bars[2].y - zero) < 0.11 && abs(bars[0].height / 3 - bars[2].height / 2) < 0.11)
        chart.kind = .area
        let area = chart.svg(id: "c", title: "t", summary: "s")
        // The area twice, cut at zero: above in the series' colour, below in the negative one.
        #expect(area.contains(#"<clipPath id="c-up1">"#) && area.contains(#"<clipPath id="c-down1">"#))
        #expect(area.contains(##"<g clip-path="url(#c-down1)"><g class="series s2 negative" color="#D55E00">"##))
    }
}

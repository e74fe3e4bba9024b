import Charts
import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The chart engine on fuzzed options and data: any kind, layout, log axes and direction,
/// x values and series of any doubles (NaN, infinities, ±10³⁰⁸, equal values) and texts of
/// any bytes; rules, bands and axis ends at any of those numbers; panels sharing their scales;
/// a line on a second axis; a calendar's week from any day, named by any texts. Whatever it is given, each
/// frame's SVG and the chart's document of its own
/// parse as XML, and no text from the data becomes markup.
extension FuzzTarget {
    public static let chart = FuzzTarget("chart") { bytes in
        guard bytes.count >= 3 else { return }
        let kinds = Chart.Kind.allCases
        let kind = kinds[Int(bytes[0]) % kinds.count]
        let flags = bytes[1]
        let rest = Array(bytes.dropFirst(3))
        // Numbers from 8 bytes each, any bit pattern; texts from the rest, split at zero bytes.
        let numbers = stride(from: 0, to: rest.count - 7, by: 8).map { start in
            Double(bitPattern: rest[start..<start + 8].reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
        }
        let texts = String(decoding: rest, as: UTF8.self).split(separator: "\u{0}", omittingEmptySubsequences: false).map(String.init)
        let count = min(numbers.count, 600)
        let seriesCount = Int(bytes[2] % 4) + 1
        let domain: Chart.Domain
        switch flags % 3 {
        case 0: domain = .numbers(Array(numbers.prefix(count)))
        case 1: domain = .times(Array(numbers.prefix(count)))
        default: domain = .categories((0..<count).map { texts[$0 % texts.count] })
        }
        let series = (0..<seriesCount).map { number in
            Chart.Series(
                name: texts[number % texts.count],
                values: (0..<count).map { index in
                    let value = numbers[(index * 7 + number) % max(1, numbers.count)]
                    return value.bitPattern % 5 == 0 ? nil : value
                })
        }
        var chart = Chart(kind: kind, domain: domain, series: series)
        chart.layout = flags & 4 != 0 ? (bytes[0] & 128 != 0 ? .percent : .stacked) : .grouped
        // Text on the marks, bubbles' sizes, colours of the author's own, grey and negatives,
        // from the kind's byte's upper bits.
        let extras = bytes[0] >> 4
        chart.markLabels = extras & 1 != 0 ? .end : extras & 2 != 0 ? .values : nil
        let valueSuffix = texts.last ?? ""
        chart.valueText = { String($0) + valueSuffix }
        if extras & 4 != 0 { chart.pointNames = (0..<count).map { $0 % 3 == 0 ? nil : texts[$0 % texts.count] } }
        for index in chart.series.indices {
            chart.series[index].sizes = (0..<count).map { numbers[($0 * 3 + index) % max(1, numbers.count)] }
            if extras & 8 != 0 { chart.series[index].paint = index % 2 == 0 ? .muted : .custom(light: "#cc0000", dark: "#ff6666") }
        }
        if bytes[0] & 64 != 0 { chart.negative = Chart.Ink(style: Int(bytes[2]), paint: nil) }
        chart.logValues = flags & 8 != 0
        chart.logX = flags & 16 != 0
        chart.mirrored = flags & 32 != 0
        chart.wholeValues = flags & 64 != 0
        let label = texts.last ?? ""
        chart.valueLabel = { String($0) + label }
        chart.numberLabel = { String($0) }
        chart.timeLabel = { _ in label }
        chart.xTitle = texts.first
        chart.valueTitle = texts.dropFirst().first
        chart.week = Chart.Week(first: Int(bytes[2]) % 7, names: (0..<7).map { texts[$0 % texts.count] })
        // A line on a second axis, of the first series' values backwards, half the time.
        if bytes[2] & 4 != 0 {
            var second = Chart.SecondAxis(
                series: Chart.Series(name: label, values: series[0].values.reversed()), label: { String($0) + label }, title: label)
            second.series.style = Int(bytes[1] >> 5)
            second.legendName = label
            chart.secondAxis = second
        }
        // Rules, bands and axis ends at any of the numbers (NaN and ±∞ included), at categories
        // named by any text, with any labels; a third of the time, none.
        if flags & 128 != 0, numbers.count > 4 {
            let places = numbers.suffix(6)
            chart.annotations = places.enumerated().map { index, value in
                let place: Chart.Annotation.Place = index % 3 == 2 ? .category(texts[index % texts.count]) : .number(value)
                return Chart.Annotation(
                    along: index % 2 == 0 ? .values : .x, from: place, to: index % 4 == 1 ? .number(places[places.startIndex]) : nil,
                    label: texts[(index + 1) % texts.count])
            }
            chart.valueAxis = Chart.Axis(
                min: bytes[2] & 16 != 0 ? numbers[0] : nil, max: bytes[2] & 32 != 0 ? numbers[1] : nil, zero: bytes[2] & 64 != 0,
                ticks: Int(bytes[2] >> 4))
            chart.xAxis = Chart.Axis(min: bytes[2] & 128 != 0 ? numbers[2] : nil, max: bytes[2] & 8 != 0 ? numbers[3] : nil)
        }
        for frame in [Chart.Frame.wide, .narrow] {
            let svg = chart.svg(id: "f" + label, title: label, summary: label, frame: frame)
            let parser = XMLParser(data: Data(svg.utf8))
            precondition(parser.parse(), "the \(kind) chart's SVG is not XML: \(parser.parserError.map(String.init(describing:)) ?? "")")
            precondition(!svg.contains("<script"), "a text became markup")
        }
        // Small multiples: the chart and its first half as two panels sharing their scales.
        var half = chart
        half.domain = {
            switch domain {
            case .numbers(let xs): return .numbers(Array(xs.prefix(count / 2)))
            case .times(let xs): return .times(Array(xs.prefix(count / 2)))
            case .categories(let names): return .categories(Array(names.prefix(count / 2)))
            }
        }()
        for index in half.series.indices {
            half.series[index].values = Array(half.series[index].values.prefix(count / 2))
            half.series[index].sizes = half.series[index].sizes.map { Array($0.prefix(count / 2)) }
        }
        half.pointNames = half.pointNames.map { Array($0.prefix(count / 2)) }
        let panelFrame = Chart.panelFrame(columns: Int(flags % 6) + 1)
        var panels: [(name: String, chart: Chart, svg: String)] = []
        for panel in Chart.sharingScales([chart, half]) {
            let svg = panel.svgs(id: "p", title: label, summary: label, wideFrame: panelFrame).wide
            precondition(XMLParser(data: Data(svg.utf8)).parse(), "a panel's SVG is not XML")
            panels.append((label, panel, svg))
        }
        let grid = ChartDocument(chart).svg(panels: panels, frame: panelFrame, columns: Int(flags % 6) + 1, title: label, id: "p").text
        precondition(XMLParser(data: Data(grid.utf8)).parse(), "the panels' document is not XML")
        // The chart as a file of its own (its PNG's SVG): the wide frame under title and legend.
        let wide = chart.svgs(id: "f", title: label, summary: label).wide
        let document = ChartDocument(chart).svg(wide: wide, title: label, id: "f").text
        precondition(XMLParser(data: Data(document.utf8)).parse(), "the chart's document is not XML")
        precondition(!document.contains("<script"), "a text became markup in the document")
        let spark = Sparkline(values: series[0].values).svg(label: label)
        precondition(XMLParser(data: Data(spark.utf8)).parse(), "the sparkline is not XML")
    }
}

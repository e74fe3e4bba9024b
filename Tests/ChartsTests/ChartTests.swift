import Foundation
import Testing

@testable import Charts

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Charts of every kind parse as XML with every text from the data read back as it was, hold
/// no element the data wrote, stay small for many points, and put their marks where a hand
/// computation puts them.
@Suite struct ChartTests {
    static let hostile = ["<script>alert(1)</script>", "]]>", "a\"b'c&d", "\u{0}\u{1}bell\u{7}", "Ωmega 名前 ✓"]
    static let elements: Set = [
        "svg", "title", "desc", "defs", "pattern", "rect", "circle", "g", "line", "text", "path", "use", "clipPath",
    ]

    /// A chart of `kind` with three series of 12 values over `domain`.
    static func chart(_ kind: Chart.Kind, _ domain: Chart.Domain, names: [String] = ["a", "b", "c"]) -> Chart {
        let count = domain.count
        var series: [Chart.Series] = []
        for (number, name) in names.enumerated() {
            let values: [Double?] = (0..<count).map { index in Double((index * 7 + number * 3) % 11) - 2 }
            series.append(Chart.Series(name: name, values: values))
        }
        return Chart(kind: kind, domain: domain, series: series)
    }

    @Test(arguments: Chart.Kind.allCases) func textsFromTheDataAreEscapedEverywhere(kind: Chart.Kind) throws {
        for name in Self.hostile {
            let times = Chart.Domain.times((0..<12).map { Double($0) * 86_400 * 40 })
            // A calendar draws days alone.
            let domains: [Chart.Domain] =
                kind == .calendar ? [times] : [.categories(Array(repeating: name, count: 12)), .numbers((0..<12).map(Double.init)), times]
            for domain in domains {
                var chart = Self.chart(kind, domain, names: [name, name])
                chart.week = Chart.Week(first: 0, names: Array(repeating: name, count: 7))
                chart.valueLabel = { _ in name }
                chart.numberLabel = { _ in name }
                chart.timeLabel = { _ in name }
                chart.xTitle = name
                chart.valueTitle = name
                for mirrored in [false, true] {
                    chart.mirrored = mirrored
                    let svg = chart.svg(id: "chart-\(name)", title: name, summary: name)
                    let read = try SVGRead(svg)
                    #expect(read.elements.allSatisfy(Self.elements.contains), "\(read.elements)")
                    // The texts read back as written, C0 controls as U+FFFD (XML allows none of them).
                    let expected = String(String.UnicodeScalarView(name.unicodeScalars.map { $0.value < 0x20 ? "\u{FFFD}" : $0 }))
                    #expect(read.texts.count >= 4 && read.texts.allSatisfy { $0 == expected || $0.hasSuffix("…") }, "\(kind) \(read.texts)")
                    #expect(read.attributes["aria-labelledby"] == "chart-\(expected)-title chart-\(expected)-desc")
                }
            }
            let spark = try SVGRead(Sparkline(values: [1, nil, 3, 2]).svg(label: name))
            #expect(spark.elements.allSatisfy(Self.elements.contains))
        }
    }

    /// Each of the eight styles has a dash, a marker and a fill of its own, none like
    /// another's: series 6 is told from series 1 by more than a near colour.
    @Test func eightSeriesAreToldApartByMoreThanColour() {
        #expect(Chart.styles == 8 && Chart.palette.count == Chart.styles)
        #expect(Set(Chart.dashes).count == Chart.styles)
        let markers = (0..<Chart.styles).map { style in
            var out = SVGWriter(width: 10)
            Marks.marker(style, at: Point(0, 0), into: &out)
            return String(decoding: out.bytes, as: UTF8.self)
        }
        #expect(Set(markers).count == Chart.styles)
        let fills = (0..<Chart.styles).map { style in
            var out = SVGWriter(width: 10)
            Marks.pattern(style, id: "c", into: &out)
            // The pattern's drawing, without its id and colour, which differ anyway.
            return String(decoding: out.bytes, as: UTF8.self).replacing(/id="[^"]*"|class="[^"]*"|color="[^"]*"/, with: "")
        }
        #expect(Set(fills).count == Chart.styles, "\(fills)")
    }

    @Test func fiveHundredNoisyPointsAreUnderTwentyFiveKilobytes() throws {
        var random = SystemRandomNumberGenerator()
        let values = (0..<3).map { _ in (0..<500).map { _ in Double?(Double.random(in: 0...1e6, using: &random)) } }
        let times = Chart.Domain.times((0..<500).map { Double($0) * 86_400 })
        let one = Chart(kind: .line, domain: times, series: [Chart.Series(name: "Noise", values: values[0])])
        let svg = one.svg(id: "c", title: "Noise", summary: "500 random values")
        #expect(svg.utf8.count <= 25_000, "\(svg.utf8.count) bytes")
        _ = try SVGRead(svg)
        let three = Chart(kind: .area, domain: times, series: values.enumerated().map { Chart.Series(name: "s\($0)", values: $1) })
        #expect(three.svg(id: "c", title: "Noise", summary: "").utf8.count <= 25_000 * 3 * 2)
    }

    /// A run of more points than the plot has units across is simplified; a shorter one is
    /// drawn point for point.
    @Test func aLongLineIsSimplifiedAndAShortOneIsNot() throws {
        func commands(_ count: Int) throws -> Int {
            let values: [Double?] = (0..<count).map { sin(Double($0) / Double(count) * 6) }
            let chart = Chart(
                kind: .line, domain: .numbers((0..<count).map(Double.init)), series: [Chart.Series(name: "sine", values: values)])
            let path = try #require(SVGRead(chart.svg(id: "c", title: "t", summary: "s")).paths.first)
            return SVGRead.points(path).count
        }
        #expect(try commands(5_000) < 400)
        #expect(try commands(300) == 300)
    }

    @Test func theLineStartsAndEndsWhereTheScalesPutItsEnds() throws {
        var chart = Chart(kind: .line, domain: .numbers([0, 5, 10, 20]), series: [Chart.Series(name: "s", values: [3, nil, 7, 47])])
        chart.valueLabel = { String(Int($0)) }
        chart.numberLabel = { String(Int($0)) }
        // Worked out by hand: the widest value label ("50") is 2 × 0.6 × 12 = 14.4 wide, so
        // the plot starts at 24.4 and ends 12 before 640; y is niced 3…47 → 0…50 onto
        // 338…8 (22 under it for the x labels, 8 over it).
        // (0, 3) → (24.4, 338 × 0.94 + 8 × 0.06 = 318.2); the gap starts a second run at
        // (10, 7) → (326.2, 291.8); (20, 47) → (628, 27.8).
        var read = try SVGRead(chart.svg(id: "c", title: "t", summary: "s"))
        // Path data is relative after a run's first point: 628 − 326.2 = 301.8, 27.8 − 291.8 = −264.
        #expect(read.paths.first == "M24.4 318.2M326.2 291.8l301.8-264", "\(read.paths)")
        // Right to left: every x mirrored across the 640 of the viewBox.
        chart.mirrored = true
        read = try SVGRead(chart.svg(id: "c", title: "t", summary: "s"))
        #expect(read.paths.first == "M615.6 318.2M313.8 291.8l-301.8-264", "\(read.paths)")
    }

    /// The narrow frame draws a line by reference to the wide frame's, through a transform:
    /// it must land where the narrow frame drawn on its own puts it, mirrored or not.
    @Test(arguments: [false, true]) func theNarrowFramesLinesAreTheWideFramesMapped(mirrored: Bool) throws {
        var chart = Chart(
            kind: .line, domain: .times([0, 86_400 * 40, 86_400 * 100, 86_400 * 101]),
            series: [Chart.Series(name: "s", values: [3, 9, -4, 12])])
        chart.mirrored = mirrored
        let frames = chart.svgs(id: "c", title: "t", summary: "s")
        let wide = try SVGRead(frames.wide)
        let narrow = try SVGRead(frames.narrow)
        let alone = try SVGRead(chart.svg(id: "c-n", title: "t", summary: "s", frame: .narrow))
        let matrix = try #require(narrow.transforms.first).split(separator: " ").compactMap { Double($0) }
        #expect(matrix.count == 6 && matrix[1] == 0 && matrix[2] == 0)
        let points = SVGRead.points
        let mapped = points(wide.paths[0]).map { [matrix[0] * $0[0] + matrix[4], matrix[3] * $0[1] + matrix[5]] }
        let own = points(alone.paths[0])
        #expect(mapped.count == own.count)
        // Each within the two roundings to a tenth (the wide one scaled down).
        #expect(zip(mapped, own).allSatisfy { abs($0[0] - $1[0]) <= 0.1 && abs($0[1] - $1[1]) <= 0.1 }, "\(mapped) against \(own)")
        #expect(
            narrow.paths.allSatisfy { !$0.contains("l") }, "the narrow frame holds no line of its own (its markers are curves and squares)")
    }

    @Test func stackedColumnsStandOnOneAnotherAndNegativeOnesHangBelowZero() throws {
        var chart = Chart(
            kind: .column, domain: .categories(["a", "b"]),
            series: [
                Chart.Series(name: "one", values: [1, 2]), Chart.Series(name: "two", values: [3, -1]),
            ])
        chart.layout = .stacked
        chart.valueLabel = { String(Int($0)) }
        let rects = try SVGRead(chart.svg(id: "c", title: "t", summary: "s")).rects
        // Two rects in each series's group, plus the patterns' (6 × 6) in the defs.
        let bars = rects.filter { $0.width != 6 }
        #expect(bars.count == 4)
        // Values −1…4, niced to −1…4 onto 338…8: 66 units a unit.
        let unit = 66.0
        let (a1, b1, a2, b2) = (bars[0], bars[1], bars[2], bars[3])
        #expect(
            abs(a1.height - unit) < 0.15 && abs(b1.height - 2 * unit) < 0.15 && abs(a2.height - 3 * unit) < 0.15
                && abs(b2.height - unit) < 0.15)
        // "two" of a stands on "one" of a; "two" of b hangs from zero, where "one" of b stands.
        #expect(abs(a2.y + a2.height - a1.y) < 0.15)
        #expect(abs(b2.y - (b1.y + b1.height)) < 0.15)
        #expect(a1.x == a2.x && a1.width == a2.width)
    }

    @Test func groupedBarsShareTheirCategorysBand() throws {
        let chart = Chart(
            kind: .bar, domain: .categories(["a", "b", "c"]),
            series: [
                Chart.Series(name: "one", values: [1, 2, 3]), Chart.Series(name: "two", values: [3, 2, 1]),
            ])
        let bars = try SVGRead(chart.svg(id: "c", title: "t", summary: "s")).rects.filter { $0.width != 6 }
        #expect(bars.count == 6)
        // Horizontal: lengths along x in proportion to the values, one band a category.
        let unit = bars[0].width
        #expect(zip(bars.map(\.width), [1.0, 2, 3, 3, 2, 1]).allSatisfy { abs($0 - $1 * unit) < 0.3 })
        #expect(bars[0].y < bars[3].y && bars[3].y < bars[1].y)
    }

    @Test func aHistogramDrawsD3sBins() throws {
        let values: [Double?] = [1, 2, 2, 3, 3, 3, 4, 4, 5, 9, 10, 10.5]
        let chart = Chart(kind: .histogram, domain: .numbers([]), series: [Chart.Series(name: "v", values: values)])
        let bins = Bins(values.compactMap { $0 })
        let bars = try SVGRead(chart.svg(id: "c", title: "t", summary: "s")).rects
        #expect(bars.count == bins.bins.count)
        let perCount = bars.map(\.height).max()! / Double(bins.bins.map(\.count).max()!)
        #expect(zip(bars, bins.bins).allSatisfy { abs($0.height - Double($1.count) * perCount) < 0.15 })
    }

    @Test func aSparklineSpansItsViewBox() throws {
        let read = try SVGRead(Sparkline(values: [5, 1, nil, 3]).svg(label: "trend"))
        // x 0…3 onto 2.5…77.5 (25 a step), y 1…5 onto 17.5…2.5.
        #expect(read.paths == ["M2.5 2.5l25 15M77.5 10"], "\(read.paths)")
    }
}

/// What an SVG holds, read by an XML parser: its element names, its texts, the root's
/// attributes and its paths' data.
struct SVGRead {
    var elements: [String] = []
    var texts: [String] = []
    var attributes: [String: String] = [:]
    var paths: [String] = []
    var rects: [(x: Double, y: Double, width: Double, height: Double)] = []
    /// The absolute points of path data of moves (`M`) and relative lines (`l`), as ttsite
    /// writes a line: a minus sign may stand for the space before a number.
    static func points(_ d: String) -> [[Double]] {
        var points: [[Double]] = []
        var numbers: [Double] = []
        var command: Character = "M"
        var current = ""
        func flush() {
            if let value = Double(current) { numbers.append(value) }
            current = ""
            while numbers.count >= 2 {
                let (x, y) = (numbers.removeFirst(), numbers.removeFirst())
                if command == "l", let last = points.last { points.append([last[0] + x, last[1] + y]) } else { points.append([x, y]) }
            }
        }
        for character in d {
            switch character {
            case "M", "l":
                flush()
                command = character
            case " ": flush()
            case "-":
                flush()
                current = "-"
            default: current.append(character)
            }
        }
        flush()
        return points
    }

    /// The `use` elements' transforms, as `matrix(…)` holds them.
    var transforms: [String] = []
    /// The `line` elements, and the texts with their places, each with the class of the
    /// innermost group around it that has one.
    var lines: [Line] = []
    var placedTexts: [PlacedText] = []
    /// The rects with the class of the group around them.
    var groupRects: [(group: String, x: Double, y: Double, width: Double, height: Double)] = []

    struct Line {
        let group: String
        let x1, y1, x2, y2: Double
    }

    struct PlacedText {
        let group: String
        let text: String
        let x, y: Double
        let anchor: String
    }

    init(_ svg: String) throws {
        let reader = Reader()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = reader
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.fileReadCorruptFile) }
        elements = reader.elements
        texts = reader.texts.filter { !$0.isEmpty }
        attributes = reader.rootAttributes
        paths = reader.paths
        rects = reader.rects
        transforms = reader.transforms
        lines = reader.lines
        placedTexts = reader.placedTexts
        groupRects = reader.groupRects
    }

    final class Reader: NSObject, XMLParserDelegate {
        var elements: [String] = []
        var texts: [String] = []
        var rootAttributes: [String: String] = [:]
        var paths: [String] = []
        var rects: [(x: Double, y: Double, width: Double, height: Double)] = []
        var transforms: [String] = []
        var lines: [Line] = []
        var placedTexts: [PlacedText] = []
        var groupRects: [(group: String, x: Double, y: Double, width: Double, height: Double)] = []
        private var current = ""
        /// The classes of the open groups (empty for a group without one).
        private var groups: [String] = []
        private var textAt: (x: Double, y: Double, anchor: String)?
        private var group: String { groups.last { !$0.isEmpty } ?? "" }

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            if elements.isEmpty { rootAttributes = attributes }
            if name == "path", let d = attributes["d"] { paths.append(d) }
            if name == "use", let transform = attributes["transform"] { transforms.append(String(transform.dropFirst(7).dropLast())) }
            let number = { (key: String) in Double(attributes[key] ?? "0") ?? 0 }
            if name == "rect" {
                rects.append((number("x"), number("y"), number("width"), number("height")))
                groupRects.append((group, number("x"), number("y"), number("width"), number("height")))
            }
            if name == "g" { groups.append(attributes["class"] ?? "") }
            if name == "line" { lines.append(Line(group: group, x1: number("x1"), y1: number("y1"), x2: number("x2"), y2: number("y2"))) }
            if name == "text" { textAt = (number("x"), number("y"), attributes["text-anchor"] ?? "start") }
            elements.append(name)
            current = ""
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            current += string
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "title" || name == "desc" || name == "text" { texts.append(current) }
            if name == "text", let at = textAt {
                placedTexts.append(PlacedText(group: group, text: current, x: at.x, y: at.y, anchor: at.anchor))
            }
            if name == "g" { groups.removeLast() }
            current = ""
        }
    }
}

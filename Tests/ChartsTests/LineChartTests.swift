import Charts
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// A line chart's SVG parses as XML with every text from the data read back as it was, holds
/// no element the data wrote, and stays small for many points.
@Suite struct LineChartTests {
    static let hostile = ["<script>alert(1)</script>", "]]>", "a\"b'c&d", "\u{0}\u{1}bell\u{7}", "Ωmega 名前 ✓"]

    @Test func textsFromTheDataAreEscapedEverywhere() throws {
        for name in Self.hostile {
            var chart = LineChart(series: [.init(name: name, points: (0..<20).map { (Double($0), Double($0 * $0)) })])
            chart.xLabel = { _ in name }
            chart.yLabel = { _ in name }
            let svg = chart.svg(id: "chart-\(name)", title: name, summary: name)
            let read = try SVGRead(svg)
            #expect(read.elements.allSatisfy { ["svg", "title", "desc", "g", "line", "text", "path"].contains($0) }, "\(read.elements)")
            // The texts read back as written, C0 controls as U+FFFD (XML allows none of them).
            let expected = String(String.UnicodeScalarView(name.unicodeScalars.map { $0.value < 0x20 ? "\u{FFFD}" : $0 }))
            #expect(read.texts.contains(expected) && read.texts.allSatisfy { $0 == expected }, "\(read.texts)")
            #expect(read.attributes["aria-labelledby"] == "chart-\(expected)-title chart-\(expected)-desc")
        }
    }

    @Test func fiveHundredNoisyPointsAreUnderTwentyFiveKilobytes() throws {
        var random = SystemRandomNumberGenerator()
        let series = (0..<3).map { number in
            LineChart.Series(name: "Series \(number)", points: (0..<500).map { (Double($0), Double.random(in: 0...1e6, using: &random)) })
        }
        let svg = LineChart(series: series).svg(id: "c", title: "Noise", summary: "Three series of 500 random values")
        #expect(svg.utf8.count <= 25_000 * 3, "\(svg.utf8.count) bytes")
        let one = LineChart(series: [series[0]]).svg(id: "c", title: "Noise", summary: "500 random values")
        #expect(one.utf8.count <= 25_000, "\(one.utf8.count) bytes")
        _ = try SVGRead(one)
    }

    @Test func theLineStartsAndEndsWhereTheScalesPutItsEnds() throws {
        let chart = LineChart(series: [.init(name: "s", points: [(0, 3), (5, nil), (10, 7), (20, 47)])])
        let read = try SVGRead(chart.svg(id: "c", title: "t", summary: "s"))
        let d = try #require(read.paths.first)
        // x: 0…20 onto 56…624; y niced 3…47 → 0…50 onto 332…12 (worked out by hand):
        // (0, 3) → (56, 312.8); the gap starts a second run at (10, 7) → (340, 287.2); (20, 47) → (624, 31.2): 332 × 0.06 + 12 × 0.94.
        #expect(d == "M56 312.8M340 287.2L624 31.2", "\(d)")
    }
}

/// What an SVG holds, read by an XML parser: its element names, its texts, the root's
/// attributes and its paths' data.
struct SVGRead {
    var elements: [String] = []
    var texts: [String] = []
    var attributes: [String: String] = [:]
    var paths: [String] = []

    init(_ svg: String) throws {
        let reader = Reader()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = reader
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.fileReadCorruptFile) }
        elements = reader.elements
        texts = reader.texts.filter { !$0.isEmpty }
        attributes = reader.rootAttributes
        paths = reader.paths
    }

    final class Reader: NSObject, XMLParserDelegate {
        var elements: [String] = []
        var texts: [String] = []
        var rootAttributes: [String: String] = [:]
        var paths: [String] = []
        private var current = ""

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            if elements.isEmpty { rootAttributes = attributes }
            if name == "path", let d = attributes["d"] { paths.append(d) }
            elements.append(name)
            current = ""
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            current += string
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "title" || name == "desc" || name == "text" { texts.append(current) }
            current = ""
        }
    }
}

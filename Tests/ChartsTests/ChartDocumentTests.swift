import Charts
import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A chart as an SVG document of its own (`ChartDocument`), read back by Foundation's XML
/// parser: well formed, sized as its layout says (worked out by hand below), the title and
/// legend above the wide frame, on the right for a right-to-left chart.
@Suite struct ChartDocumentTests {
    /// Every element with its attributes, in document order, and the texts of `<text>`s.
    final class Elements: NSObject, XMLParserDelegate {
        var elements: [(name: String, attributes: [String: String])] = []
        var texts: [String] = []
        private var inText = false

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String]
        ) {
            elements.append((name, attributes))
            if name == "text" {
                inText = true
                texts.append("")
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if inText { texts[texts.count - 1] += string }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "text" { inText = false }
        }
    }

    static func read(_ svg: String) throws -> Elements {
        let parser = XMLParser(data: Data(svg.utf8))
        let elements = Elements()
        parser.delegate = elements
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        return elements
    }

    static func chart(series: Int, mirrored: Bool = false) -> Chart {
        var chart = Chart(
            kind: .line, domain: .numbers([1, 2, 3]),
            series: (0..<series).map { Chart.Series(name: "Series <\($0 + 1)> & co", values: [1, 3, 2]) })
        chart.mirrored = mirrored
        return chart
    }

    @Test func oneSeriesIsTheFrameUnderItsTitleOnWhite() throws {
        let chart = Self.chart(series: 1)
        let wide = chart.svgs(id: "c", title: "T", summary: "S").wide
        let document = ChartDocument(chart).svg(wide: wide, title: "Sales <2025> & more", id: "c")
        // 16 + 640 + 16 across; 16 margin + 16 title + 10 below it, the 360 frame, 16 margin down.
        #expect((document.width, document.height) == (672, 418))
        let read = try Self.read(document.text)
        let root = try #require(read.elements.first)
        #expect(root.name == "svg" && root.attributes["width"] == "672" && root.attributes["height"] == "418")
        #expect(root.attributes["viewBox"] == "0 0 672 418")
        #expect(read.elements[1].name == "rect" && read.elements[1].attributes["fill"] == "#fff")
        #expect(read.texts.first == "Sales <2025> & more", "escaped, read back as written")
        #expect(read.elements[2].attributes["x"] == "16" && read.elements[2].attributes["y"] == "32")
        let frame = try #require(read.elements.dropFirst().first { $0.name == "svg" })
        #expect(frame.attributes["x"] == "16" && frame.attributes["y"] == "42")
        #expect(frame.attributes["width"] == "640" && frame.attributes["height"] == "360" && frame.attributes["viewBox"] == "0 0 640 360")
    }

    @Test func severalSeriesHaveALegendRowAboveTheFrame() throws {
        let chart = Self.chart(series: 3)
        let document = ChartDocument(chart).svg(wide: chart.svgs(id: "c", title: "T", summary: "S").wide, title: "T", id: "c")
        // A legend row: 4 above it, 20 for it.
        #expect(document.height == 442)
        let read = try Self.read(document.text)
        #expect(Array(read.texts.prefix(4)) == ["T", "Series <1> & co", "Series <2> & co", "Series <3> & co"])
        let swatches = read.elements.filter { $0.name == "svg" && $0.attributes["class"] == "chart-swatch" }
        // A name of 15 characters is estimated 15 × 12 × 0.6 = 108 wide: an entry is a 30 swatch
        // and gap, the name, 16 to the next: 16, 16 + 154 = 170, 170 + 154 = 324.
        #expect(swatches.map { $0.attributes["x"] } == ["16", "170", "324"])
        #expect(swatches.allSatisfy { $0.attributes["y"] == "46" })
        #expect(
            read.elements.first { $0.name == "svg" && $0.attributes["class"]?.hasPrefix("chart line-chart") == true }?.attributes["y"]
                == "66")
    }

    @Test func aRightToLeftChartHasItsTitleAndLegendOnTheRight() throws {
        let chart = Self.chart(series: 2, mirrored: true)
        let document = ChartDocument(chart).svg(wide: chart.svgs(id: "c", title: "T", summary: "S").wide, title: "عنوان", id: "c")
        let read = try Self.read(document.text)
        let title = try #require(read.elements.first { $0.name == "text" })
        #expect(title.attributes["x"] == "656" && title.attributes["text-anchor"] == "end")
        let swatch = try #require(read.elements.first { $0.attributes["class"] == "chart-swatch" })
        #expect(swatch.attributes["x"] == "632", "672 − 16 − 24")
    }

    /// Four panels, three a row: each panel's frame is 640 / 3 = 213.3 wide and 145 high
    /// (0.68 of it, rounded), under its name. The first row's names stand at 42 + 13 = 55 and
    /// their frames at 42 + 18 = 60; the second row 18 + 145 + 8 = 171 lower. The document is
    /// 16 + 640 + 16 wide and 42 + 171 + 163 + 16 = 392 high. Right to left, the first panel
    /// stands at the right: at 672 − 16 − 213.3 = 442.7.
    @Test func panelsStandInTheirGridUnderTheirNames() throws {
        for mirrored in [false, true] {
            let chart = Self.chart(series: 1, mirrored: mirrored)
            let frame = Chart.panelFrame(columns: 3)
            let panels = (1...4).map { number in
                (
                    name: "Panel \(number)", chart: chart,
                    svg: chart.svgs(id: "c-f\(number)", title: "T", summary: "S", wideFrame: frame).wide
                )
            }
            let document = ChartDocument(chart).svg(panels: panels, frame: frame, columns: 3, title: "Panels", id: "c")
            #expect(abs(document.width - 672) < 0.01 && abs(document.height - 392) < 0.01, "\(document.width) \(document.height)")
            let read = try Self.read(document.text)
            #expect(read.texts.filter { $0.hasPrefix("Panel ") } == ["Panel 1", "Panel 2", "Panel 3", "Panel 4"])
            let frames = read.elements.filter { $0.name == "svg" && $0.attributes["width"] != nil && $0.attributes["x"] != nil }
            let places = frames.map { (Double($0.attributes["x"]!)!, Double($0.attributes["y"]!)!) }
            let xs = mirrored ? [442.7, 229.3, 16, 442.7] : [16, 229.3, 442.7, 16]
            #expect(places.count == 4)
            for (place, x) in zip(places, xs) { #expect(abs(place.0 - x) < 0.11, "\(places)") }
            #expect(places.map(\.1) == [60, 60, 60, 231])
        }
    }
}

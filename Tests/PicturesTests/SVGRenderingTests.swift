import Dispatch
import Foundation
import TestSupport
import Testing

@testable import Pictures

/// ttsite's own SVG (its charts) rendered to PNG by libvips through librsvg, judged by
/// Pillow; and the SVG loader, which that rendering opens for a moment, closed to every
/// picture from elsewhere before, after and while charts are rendered on other threads.
@Suite("SVG rendering")
struct SVGRenderingTests {
    let processor = ImageProcessor()

    /// 100 × 50: red on the left half, blue on the right half of the bottom; the top of the
    /// right half left clear.
    static let drawing = Array(
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="100" height="50" viewBox="0 0 100 50">\
        <rect width="50" height="50" fill="#ff0000"/><rect x="50" y="25" width="50" height="25" fill="#0000ff"/></svg>
        """.utf8)

    @Test func anSVGBecomesAPNGOnWhiteAtItsScaleWithoutMetadata() async throws {
        let image = try processor.renderSVG(Self.drawing, scale: 2)
        #expect((image.width, image.height) == (200, 100))
        let reading = try await PillowOracle.inspect(image.bytes)
        #expect(reading.format == "PNG")
        #expect((reading.width, reading.height) == (200, 100))
        #expect(reading.mode == "P", "flattened (no alpha) and written with a palette: a chart has few colours")
        #expect(reading.hasNoMetadata, "\(reading.keys)")
        // Pillow reads one pixel at an eighth of the width from each side, half-way down, and
        // at the middle an eighth from the top and the bottom.
        #expect(reading.left == [255, 0, 0], "\(reading.left)")
        #expect(reading.right == [0, 0, 255], "\(reading.right)")
        // The middle column (x = 100) is the right half's first: clear at the top, blue below.
        #expect(reading.top == [255, 255, 255], "clear is white, not black: \(reading.top)")
        #expect(reading.bottom == [0, 0, 255], "\(reading.bottom)")
    }

    @Test func whatIsNotAnSVGFailsWithLibvipsReason() {
        let error = #expect(throws: ImageError.self) { try processor.renderSVG(Array("<svg".utf8)) }
        guard case .damaged(let reason)? = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(!reason.isEmpty)
    }

    /// A batch keeps its order, and one bad SVG fails alone.
    @Test func aBatchGivesEachSVGItsOwnResult() throws {
        let batch = processor.loadSVGs([Self.drawing, Array("<svg".utf8), Self.drawing], scale: 0.5)
        #expect(batch.count == 3)
        let results = (0..<3).map(batch.png)
        #expect(try results[0].get().width == 50 && results[2].get().height == 25)
        #expect(throws: ImageError.self) { try results[1].get() }
    }

    /// libvips refuses to read an SVG, before a chart is rendered and after, while it reads a
    /// PNG. (It names its SVG loader for SVG bytes all along: blocked, that loader refuses.)
    @Test func theSVGLoaderIsClosedAgainAfterAChart() async throws {
        let png = try await PillowOracle.fixture("odd-alpha.png")
        _ = try processor.header(png)  // libvips started
        #expect(VipsLock.shared.reading { ImageProcessor.libvipsLoader(Self.drawing) } == "VipsForeignLoadSvgBuffer")
        #expect(!VipsLock.shared.reading { ImageProcessor.libvipsReadsHeader(Self.drawing) })
        _ = try processor.renderSVG(Self.drawing)
        #expect(!VipsLock.shared.reading { ImageProcessor.libvipsReadsHeader(Self.drawing) })
        #expect(VipsLock.shared.reading { ImageProcessor.libvipsReadsHeader(png) })
    }

    /// Pictures from elsewhere and charts on eight threads at once: every picture comes out
    /// as it would alone, every chart renders, and at no moment does libvips read SVG bytes
    /// for a reader (each tries, under the same lock pictures are read under).
    @Test func picturesAndChartsSideBySide() async throws {
        let photo = try await PillowOracle.fixture("photo.webp")
        let alone = try processor.render(photo, [.square(64, .webp)]).map(\.image.bytes)
        let processor = processor
        let outcomes = try await offThePool {
            let results = Results()
            DispatchQueue.concurrentPerform(iterations: 64) { index in
                if index % 2 == 0 {
                    let chart = try? processor.renderSVG(Self.drawing)
                    results.add(chart?.width == 100 ? "chart" : "chart failed")
                } else {
                    let bytes = try? processor.render(photo, [.square(64, .webp)]).map(\.image.bytes)
                    let svgRead = VipsLock.shared.reading { ImageProcessor.libvipsReadsHeader(Self.drawing) }
                    results.add(bytes == alone ? (svgRead ? "svg open" : "picture") : "picture differs")
                }
            }
            return results.counts
        }
        #expect(outcomes == ["chart": 32, "picture": 32])
    }
}

private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: Int] = [:]

    func add(_ value: String) { lock.withLock { values[value, default: 0] += 1 } }
    var counts: [String: Int] { lock.withLock { values } }
}

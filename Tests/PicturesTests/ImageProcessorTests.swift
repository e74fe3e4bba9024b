import Pictures
import TestSupport
import Testing

/// libvips through `ImageProcessor`, judged by Pillow: sizes, formats, orientation, and that
/// no metadata survives. The fixtures are made by Pillow too (see TestSupport/Pictures).
@Suite("Image processor")
struct ImageProcessorTests {
    let processor = ImageProcessor(maxPixels: 40_000_000)

    @Test func aRotatedPhotoIsTurnedUprightAndLosesItsGPSPosition() async throws {
        // Stored 300 × 200 red over blue, EXIF orientation 6: upright it is 200 × 300 with
        // blue on the left and red on the right.
        let source = try await PillowOracle.fixture("rotated-gps.jpg")
        let original = try await PillowOracle.inspect(source)
        #expect(original.exif)
        let outputs = try processor.render(source, [.wide(480, .jpeg), .wide(480, .webp)])
        #expect(outputs.map(\.recipe.output) == [.jpeg, .webp])
        for output in outputs {
            let reading = try await PillowOracle.inspect(output.image.bytes)
            #expect(reading.format == (output.recipe.output == .jpeg ? "JPEG" : "WEBP"))
            #expect((reading.width, reading.height) == (200, 300), "never enlarged, upright")
            #expect((output.image.width, output.image.height) == (200, 300))
            #expect(reading.hasNoMetadata, "\(reading.keys)")
            #expect(reading.left[2] > 150 && reading.left[0] < 80, "blue on the left: \(reading.left)")
            #expect(reading.right[0] > 150 && reading.right[2] < 80, "red on the right: \(reading.right)")
        }
    }

    @Test func aLargePhotoIsShrunkToEachWidthKeepingItsProportions() async throws {
        let source = try await PillowOracle.fixture("large.jpg")  // 2000 × 1500
        let outputs = try processor.render(source, [.wide(480, .webp), .wide(960, .webp), .wide(960, .jpeg)])
        let readings = try await outputs.asyncMap { try await PillowOracle.inspect($0.image.bytes) }
        #expect(readings.map { [$0.width, $0.height] } == [[480, 360], [960, 720], [960, 720]])
        #expect(readings.map(\.format) == ["WEBP", "WEBP", "JPEG"])
        #expect(readings.allSatisfy { $0.hasNoMetadata })
    }

    @Test func anAvatarIsASquareCutFromTheMiddle() async throws {
        let source = try await PillowOracle.fixture("photo.webp")  // 517 × 389, green | red
        let outputs = try processor.render(source, [.square(64, .webp), .square(128, .webp), .square(256, .webp), .square(128, .jpeg)])
        let readings = try await outputs.asyncMap { try await PillowOracle.inspect($0.image.bytes) }
        #expect(readings.map { [$0.width, $0.height] } == [[64, 64], [128, 128], [256, 256], [128, 128]])
        for reading in readings {
            #expect(reading.hasNoMetadata, "EXIF and XMP removed: \(reading.keys)")
            #expect(reading.left[1] > 140 && reading.right[0] > 180, "green left, red right: \(reading.left) \(reading.right)")
        }
    }

    @Test func aSmallPictureIsNeverEnlargedAndRepeatsAreLeftOut() async throws {
        // randomuser.me's portraits are 128 × 128: the 256 px avatar would repeat the 128 one.
        let source = try await PillowOracle.fixture("portrait-128.jpg")
        let outputs = try processor.render(source, [.square(64, .webp), .square(128, .webp), .square(256, .webp), .square(128, .jpeg)])
        #expect(outputs.map(\.recipe) == [.square(64, .webp), .square(128, .webp), .square(128, .jpeg)])
        #expect(outputs.map(\.image.width) == [64, 128, 128])
    }

    @Test func aSquareLargerThanThePictureBecomesTheLargestSquareInIt() async throws {
        // Upright 200 × 300: the 256 square cannot be cut without enlarging.
        let source = try await PillowOracle.fixture("rotated-gps.jpg")
        let outputs = try processor.render(source, [.square(128, .webp), .square(256, .webp)])
        let readings = try await outputs.asyncMap { try await PillowOracle.inspect($0.image.bytes) }
        #expect(readings.map { [$0.width, $0.height] } == [[128, 128], [200, 200]])
    }

    @Test func transparencyIsKeptInWebPAndFlattenedOntoWhiteInJPEG() async throws {
        let source = try await PillowOracle.fixture("odd-alpha.png")  // 333 × 77, left half clear, text chunks
        let outputs = try processor.render(source, [.wide(480, .webp), .wide(480, .jpeg)])
        let webp = try await PillowOracle.inspect(outputs[0].image.bytes)
        let jpeg = try await PillowOracle.inspect(outputs[1].image.bytes)
        #expect((webp.width, webp.height, webp.mode) == (333, 77, "RGBA"))
        #expect((jpeg.width, jpeg.height, jpeg.mode) == (333, 77, "RGB"))
        #expect(jpeg.left.allSatisfy { $0 > 245 }, "white where it was clear: \(jpeg.left)")
        #expect(jpeg.right[1] > 150, "green stays: \(jpeg.right)")
        #expect(webp.hasNoMetadata && jpeg.hasNoMetadata, "\(webp.keys) \(jpeg.keys)")
    }

    @Test func sixteenBitGreyAndGIFBecomeEightBit() async throws {
        let grey = try processor.render(try await PillowOracle.fixture("grey16.png"), [.wide(480, .jpeg)])
        let greyReading = try await PillowOracle.inspect(grey[0].image.bytes)
        #expect((greyReading.width, greyReading.height, greyReading.mode) == (480, 360, "L"))
        let gif = try processor.render(try await PillowOracle.fixture("small.gif"), [.wide(480, .webp)])
        let gifReading = try await PillowOracle.inspect(gif[0].image.bytes)
        #expect((gifReading.format, gifReading.width, gifReading.height) == ("WEBP", 40, 30))
    }

    @Test func theSameInputGivesTheSameBytes() async throws {
        let source = try await PillowOracle.fixture("large.jpg")
        let recipes: [ImageRecipe] = [.square(128, .webp), .wide(960, .jpeg)]
        let first = try processor.render(source, recipes).map(\.image.bytes)
        let second = try processor.render(source, recipes).map(\.image.bytes)
        #expect(first == second)
    }

    @Test(arguments: [
        ("drawing.svg", "SVG drawing"),
        ("page.html", "HTML page"),
        ("garbage.bin", "not a JPEG, PNG, WebP or GIF image (it starts with 00 01 02 03 04 05 06 07)"),
    ])
    func whatIsNotAPictureIsRefusedBeforeAnyDecoder(name: String, reason: String) async throws {
        let bytes = try await PillowOracle.fixture(name)
        let error = #expect(throws: ImageError.self) { try processor.render(bytes, [.wide(480, .webp)]) }
        guard case .notAnImage(let text)? = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(text.contains(reason), "\(text)")
    }

    @Test func anEmptyBodyIsNotAPicture() {
        #expect(throws: ImageError.notAnImage("the body is empty")) { try processor.render([], [.wide(480, .webp)]) }
    }

    @Test func aDecompressionBombIsRefusedFromItsHeader() async throws {
        // 60,000 × 60,000 claimed in a few kilobytes.
        let bytes = try await PillowOracle.fixture("bomb.png")
        #expect(bytes.count < 10_000)
        #expect(throws: ImageError.tooLarge(width: 60000, height: 60000, limit: 40_000_000)) {
            try processor.render(bytes, [.wide(480, .webp)])
        }
    }

    @Test func aTruncatedJPEGFailsInsteadOfShowingGrey() async throws {
        let bytes = try await PillowOracle.fixture("truncated.jpg")
        let error = #expect(throws: ImageError.self) { try processor.render(bytes, [.wide(480, .webp)]) }
        guard case .damaged(let reason)? = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(!reason.isEmpty)
    }

    @Test func theLimitIsThePixelCountAsStored() async throws {
        let small = ImageProcessor(maxPixels: 2000 * 1500 - 1)
        let bytes = try await PillowOracle.fixture("large.jpg")
        #expect(throws: ImageError.tooLarge(width: 2000, height: 1500, limit: 2000 * 1500 - 1)) { try small.header(bytes) }
        #expect(try ImageProcessor(maxPixels: 2000 * 1500).header(bytes) == .init(format: .jpeg, width: 2000, height: 1500))
    }
}

extension Array where Element: Sendable {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}

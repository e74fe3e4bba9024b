import Foundation
import Pictures
import TestSupport
import Testing

/// The metadata of published originals removed without touching a pixel, judged by Pillow:
/// the picture reads the same (format, size, frames, every pixel, colour profile,
/// orientation), and nothing a camera or an editor wrote is left — in what Pillow reads nor
/// in the file's bytes.
@Suite("Metadata removal")
struct MetadataRemovalTests {
    /// The fixtures with metadata, and what each must lose.
    static let withMetadata: [(name: String, removed: Set<MetadataRemoval.Kind>)] = [
        ("metadata.jpg", [.exif, .xmp, .iptc, .comment, .trailer]),
        ("metadata-progressive.jpg", [.exif, .xmp, .iptc, .comment, .trailer]),
        ("metadata-restart.jpg", [.exif, .xmp, .iptc, .comment, .trailer]),
        ("metadata.png", [.exif, .xmp, .text, .time, .other, .trailer]),
        ("metadata.webp", [.exif, .xmp]),
        ("metadata-animated.webp", [.exif, .xmp]),
        ("metadata.gif", [.comment, .xmp, .trailer]),
        ("rotated-gps.jpg", [.exif]),
        ("large.jpg", [.exif]),
        ("odd-alpha.png", [.text]),
        ("photo.webp", [.exif, .xmp]),
    ]

    @Test(arguments: withMetadata.map(\.name))
    func everyKindOfMetadataIsRemovedAndThePictureStaysTheSame(name: String) async throws {
        let bytes = try await PillowOracle.fixture(name)
        let cleaned = try MetadataRemoval.clean(bytes)
        #expect(cleaned.removed == Self.withMetadata.first { $0.name == name }!.removed)
        let before = try await PillowOracle.inspect(bytes)
        let after = try await PillowOracle.inspect(cleaned.bytes)
        #expect(before.gps || !before.text.isEmpty || before.xmp || !before.secrets.isEmpty, "the fixture carries metadata")

        // The same picture, to the pixel, in the same colours, turned the same way.
        #expect(after.format == before.format)
        #expect((after.width, after.height, after.mode, after.frames) == (before.width, before.height, before.mode, before.frames))
        #expect(after.pixels == before.pixels)
        #expect(after.iccProfile == before.iccProfile)
        #expect(after.orientation == before.orientation)

        // Nothing else.
        #expect(after.secrets == [], "found in the bytes: \(after.secrets)")
        #expect(!after.gps && !after.xmp && after.text.isEmpty)
        #expect(after.exifTags == (before.orientation == 1 ? [] : [274]), "EXIF keeps only the orientation: \(after.exifTags)")
        let metadataKeys: Set<String> = ["comment", "photoshop", "xmp", "XML:com.adobe.xmp", "Author", "Comment"]
        #expect(Set(after.keys).isDisjoint(with: metadataKeys), "\(after.keys)")
        #expect(after.keys.contains("exif") == (before.orientation != 1), "\(after.keys)")
    }

    @Test(arguments: withMetadata.map(\.name) + ["portrait-128.jpg", "small.gif", "grey16.png"])
    func removingTwiceRemovesNothingMore(name: String) async throws {
        let once = try MetadataRemoval.clean(try await PillowOracle.fixture(name))
        let twice = try MetadataRemoval.clean(once.bytes)
        #expect(twice.removed == [])
        #expect(twice.bytes == once.bytes)
    }

    @Test(arguments: ["portrait-128.jpg", "small.gif", "grey16.png"])
    func aPictureWithoutMetadataIsLeftAsItIs(name: String) async throws {
        let bytes = try await PillowOracle.fixture(name)
        let cleaned = try MetadataRemoval.clean(bytes)
        #expect(cleaned.removed == [])
        #expect(cleaned.bytes == bytes)
    }

    /// A JPEG cut short in its pixels still loses the metadata before them, and keeps the
    /// pixels it has: its cleaned bytes are the start of the whole file's.
    @Test func aTruncatedJPEGGoesAsFarAsItGoes() async throws {
        let whole = try await PillowOracle.fixture("metadata.jpg")
        let cut = Array(whole.prefix(whole.count * 3 / 4))
        let cleaned = try MetadataRemoval.clean(cut)
        #expect(cleaned.removed == [.exif, .xmp, .iptc, .comment])
        #expect(try MetadataRemoval.clean(whole).bytes.starts(with: cleaned.bytes))
        #expect(cleaned.bytes.count > 100)
        for secret in ["FixtureCam", "secret comment", "xmp-secret", "iptc-secret"] {
            #expect(cleaned.bytes.firstRange(of: Array(secret.utf8)) == nil, "\(secret)")
            #expect(cut.firstRange(of: Array(secret.utf8)) != nil, "the cut file carries \(secret)")
        }
        // The fixture that is no more than cut short (no metadata) is left as it is.
        let truncated = try await PillowOracle.fixture("truncated.jpg")
        #expect(try MetadataRemoval.clean(truncated).bytes == truncated)
    }

    @Test func aBigEndianOrientationIsKeptAsAMinimalEXIF() throws {
        // APP1 EXIF, Motorola byte order: IFD0 with a Make ("Cam") and Orientation 6.
        let tiff: [UInt8] = [
            0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08, 0x00, 0x02,
            0x01, 0x0F, 0x00, 0x02, 0x00, 0x00, 0x00, 0x04, 0x43, 0x61, 0x6D, 0x00,
            0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, 0x06, 0x00, 0x00,
            0x00, 0x00, 0x00, 0x00,
        ]
        let exif = Array("Exif".utf8) + [0, 0] + tiff
        let jpeg = [0xFF, 0xD8, 0xFF, 0xE1, UInt8((exif.count + 2) >> 8), UInt8((exif.count + 2) & 0xFF)] + exif + Self.tinyScan
        let cleaned = try MetadataRemoval.clean(jpeg)
        #expect(cleaned.removed == [.exif])
        let minimal: [UInt8] = [
            0x49, 0x49, 0x2A, 0x00, 0x08, 0x00, 0x00, 0x00, 0x01, 0x00,
            0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00, 0x06, 0x00, 0x00, 0x00,
            0x00, 0x00, 0x00, 0x00,
        ]
        let expected =
            [0xFF, 0xD8, 0xFF, 0xE1, 0x00, UInt8(2 + 6 + minimal.count)] + Array("Exif".utf8) + [0, 0] + minimal + Self.tinyScan
        #expect(cleaned.bytes == expected)
    }

    /// A scan header and two bytes of data with a stuffed 0xFF00 and a restart marker, then
    /// EOI: enough structure for the segment walk.
    static let tinyScan: [UInt8] = [0xFF, 0xDA, 0x00, 0x02, 0x12, 0xFF, 0x00, 0xFF, 0xD0, 0x34, 0xFF, 0xD9]

    @Test(
        arguments: [
            ("a segment longer than the file", [0xFF, 0xD8, 0xFF, 0xE1, 0x40, 0x00, 0x45, 0x78]),
            ("no marker where one must be", [0xFF, 0xD8, 0x00, 0x11]),
            ("a PNG chunk longer than the file", PNGHeader.bytes + [0x00, 0x01, 0x00, 0x00] + Array("tEXt".utf8)),
            (
                "a PNG that does not start with IHDR",
                [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0] + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82]
            ),
            ("a RIFF size past the end", Array("RIFF".utf8) + [0xFF, 0, 0, 0] + Array("WEBP".utf8)),
            ("a GIF cut in its colour table", Array("GIF89a".utf8) + [1, 0, 1, 0, 0x87, 0, 0, 1, 2, 3]),
        ] as [(String, [UInt8])])
    func aStructureThatCannotBeFollowedIsRefused(_ what: String, bytes: [UInt8]) {
        #expect(throws: ImageError.self, "\(what)") { try MetadataRemoval.clean(bytes) }
    }

    @Test func whatIsNotAPictureIsRefused() async throws {
        let page = try await PillowOracle.fixture("page.html")
        #expect(throws: ImageError.notAnImage("it is an HTML page")) { try MetadataRemoval.clean(page) }
    }

    @Test func theKindsReadAsWords() {
        #expect(MetadataRemoval.describe([.xmp, .exif]) == "EXIF and XMP")
        #expect(MetadataRemoval.describe([.trailer, .comment, .exif]) == "EXIF, comments and data after the picture")
        #expect(MetadataRemoval.describe([.iptc]) == "IPTC")
    }
}

/// A PNG signature and an IHDR chunk of a 1 × 1 grey picture (its CRC as zlib computes it).
enum PNGHeader {
    static let bytes: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A,
        0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x00, 0x00, 0x00, 0x00,
        0x3A, 0x7E, 0x9B, 0x55,
    ]
}

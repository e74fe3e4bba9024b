/// A GIF's metadata removed block by block (GIF89a).
///
/// Kept: the screen descriptor, the colour tables, every image with its graphic control
/// (timing, transparency), plain text, and the application extensions that say how to show
/// the picture (`NETSCAPE2.0` and `ANIMEXTS1.0` looping, `ICCRGBG1` colour profiles).
/// Removed: comments, XMP (`XMP DataXMP`) and every other application extension, and whatever
/// follows the trailer.
enum GIFBlocks {
    /// The application extensions that change how the picture is shown.
    private static let keptApplications: [[UInt8]] = ["NETSCAPE2.0", "ANIMEXTS1.0", "ICCRGBG1012"].map { Array($0.utf8) }

    static func clean(_ bytes: [UInt8], removed: inout Set<MetadataRemoval.Kind>) throws(ImageError) -> [UInt8] {
        var cursor = ByteCursor(bytes, at: 6, format: "GIF")
        _ = try cursor.take(4)  // width, height
        let packed = try cursor.byte()
        _ = try cursor.take(2)  // background colour, aspect ratio
        if packed & 0x80 != 0 { _ = try cursor.take(3 << ((Int(packed) & 7) + 1)) }
        var output = Array(bytes[0..<cursor.offset])
        output.reserveCapacity(bytes.count)
        while true {
            let start = cursor.offset
            switch try cursor.byte() {
            case 0x3B:  // trailer
                output.append(0x3B)
                if !cursor.atEnd { removed.insert(.trailer) }
                return output
            case 0x2C:  // an image: descriptor, local colour table, LZW code size, data
                _ = try cursor.take(8)
                let flags = try cursor.byte()
                if flags & 0x80 != 0 { _ = try cursor.take(3 << ((Int(flags) & 7) + 1)) }
                _ = try cursor.byte()
                try skipSubBlocks(&cursor)
                output += bytes[start..<cursor.offset]
            case 0x21:
                let label = try cursor.byte()
                let dataStart = cursor.offset
                try skipSubBlocks(&cursor)
                let data = bytes[dataStart..<cursor.offset]
                switch label {
                case 0xF9, 0x01:  // graphic control, plain text
                    output += bytes[start..<cursor.offset]
                case 0xFF
                where data.count >= 12 && data.first == 11
                    && keptApplications.contains(where: { data.dropFirst().starts(with: $0) }):
                    output += bytes[start..<cursor.offset]
                case 0xFF where data.dropFirst().starts(with: Array("XMP DataXMP".utf8)):
                    removed.insert(.xmp)
                case 0xFE:
                    removed.insert(.comment)
                default:
                    removed.insert(.other)
                }
            default:
                throw cursor.cutShort()
            }
        }
    }

    /// Past a run of data sub-blocks (a size byte, that many bytes) and its empty terminator.
    private static func skipSubBlocks(_ cursor: inout ByteCursor) throws(ImageError) {
        while true {
            let size = Int(try cursor.byte())
            if size == 0 { return }
            _ = try cursor.take(size)
        }
    }
}

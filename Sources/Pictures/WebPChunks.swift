/// A WebP's metadata removed chunk by chunk (RFC 9649, the WebP container).
///
/// Kept: the picture (`VP8 `, `VP8L`, `ALPH`), the extended header (`VP8X`, its flags set
/// for what is left), the colour profile (`ICCP`) and animation (`ANIM`, `ANMF`); the
/// orientation of `EXIF`, as a minimal `EXIF`. Removed: the rest of `EXIF`, `XMP `, chunks
/// the format does not name, and whatever follows the RIFF container.
enum WebPChunks {
    /// Flags of `VP8X`'s first byte.
    private static let exifFlag: UInt8 = 0x08
    private static let xmpFlag: UInt8 = 0x04
    /// The chunks of an extended WebP besides its metadata.
    private static let picture: Set<String> = ["VP8X", "ALPH", "ICCP", "ANIM", "ANMF"]

    static func clean(_ bytes: [UInt8], removed: inout Set<MetadataRemoval.Kind>) throws(ImageError) -> [UInt8] {
        var cursor = ByteCursor(bytes, at: 4, format: "WebP")
        let size = try cursor.uint32LE()
        _ = try cursor.take(4)  // "WEBP"
        guard size >= 4, size + 8 <= bytes.count else { throw cursor.cutShort() }
        if size + 8 < bytes.count { removed.insert(.trailer) }
        let end = size + 8
        var chunks: [(type: String, data: ArraySlice<UInt8>)] = []
        while cursor.offset < end {
            let type = String(decoding: try cursor.take(4), as: UTF8.self)
            let length = try cursor.uint32LE()
            guard cursor.offset + length <= end else { throw cursor.cutShort() }
            let data = try cursor.take(length)
            if length % 2 == 1, cursor.offset < end { _ = try cursor.take(1) }
            chunks.append((type, data))
        }
        // Without the extended header (`VP8X`) a WebP is one `VP8 ` or `VP8L` chunk and
        // nothing else a decoder reads.
        let extended = chunks.first?.type == "VP8X"
        if extended, chunks[0].data.count < 10 { throw cursor.cutShort() }
        var body: [UInt8] = []
        body.reserveCapacity(bytes.count)
        var keptExif: Bool?
        for (type, data) in chunks {
            switch type {
            case "VP8 ", "VP8L":
                body += Self.chunk(type, Array(data))
            case _ where extended && Self.picture.contains(type):
                body += Self.chunk(type, Array(data))
            case "EXIF" where extended && keptExif == nil:
                let tiff = data.starts(with: ExifOrientation.jpegHeader) ? data.dropFirst(6) : data
                let (minimal, changed) = ExifOrientation.kept(fromTIFF: tiff)
                if changed { removed.insert(.exif) }
                let kept = changed ? minimal : Array(data)
                if let kept { body += Self.chunk(type, kept) }
                keptExif = kept != nil
            case "EXIF":
                removed.insert(.exif)
            case "XMP ":
                removed.insert(.xmp)
            default:
                removed.insert(.other)
            }
        }
        // The extended header says which chunks follow.
        if extended {
            var flags = body[8]
            flags &= ~xmpFlag
            if keptExif == true { flags |= exifFlag } else { flags &= ~exifFlag }
            body[8] = flags
        }
        let total = UInt32(body.count + 4)
        return Array("RIFF".utf8) + [UInt8(total & 0xFF), UInt8(total >> 8 & 0xFF), UInt8(total >> 16 & 0xFF), UInt8(total >> 24)]
            + Array("WEBP".utf8) + body
    }

    /// A chunk: its type, its size, its data and a pad byte to an even size.
    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let length = UInt32(data.count)
        var chunk =
            Array(type.utf8) + [UInt8(length & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length >> 16 & 0xFF), UInt8(length >> 24)] + data
        if data.count % 2 == 1 { chunk.append(0) }
        return chunk
    }
}

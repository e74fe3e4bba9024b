/// A PNG's metadata removed chunk by chunk (PNG, third edition, with APNG).
///
/// Kept, as they are (their CRCs with them): the critical chunks, and the ancillary chunks
/// that say how to show the pixels — transparency, colour (`cHRM`, `gAMA`, `iCCP`, `sBIT`,
/// `sRGB`, `cICP`, `mDCv`, `cLLi`), background, histogram, density, suggested palettes and
/// animation; the orientation of `eXIf`, as a minimal `eXIf`. Removed: text (`tEXt`, `zTXt`,
/// `iTXt`, which also carry XMP), the rest of `eXIf`, the time of the last change (`tIME`),
/// every ancillary chunk the specification does not name (private ones such as C2PA's
/// `caBX`), and whatever follows `IEND`.
enum PNGChunks {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The ancillary chunks that are part of how the picture looks.
    private static let kept: Set<String> = [
        "tRNS", "cHRM", "gAMA", "iCCP", "sBIT", "sRGB", "cICP", "mDCv", "cLLi",
        "bKGD", "hIST", "pHYs", "sPLT", "acTL", "fcTL", "fdAT",
    ]

    static func clean(_ bytes: [UInt8], removed: inout Set<MetadataRemoval.Kind>) throws(ImageError) -> [UInt8] {
        var cursor = ByteCursor(bytes, at: signature.count, format: "PNG")
        var output = signature
        output.reserveCapacity(bytes.count)
        var first = true
        while true {
            let start = cursor.offset
            let length = try cursor.uint32BE()
            let type = String(decoding: try cursor.take(4), as: UTF8.self)
            let data = try cursor.take(length)
            _ = try cursor.take(4)  // CRC
            let chunk = bytes[start..<cursor.offset]
            if first, type != "IHDR" { throw .damaged("the PNG file does not start with its header chunk (IHDR)") }
            first = false
            // A chunk type whose first letter is upper case is critical: a decoder needs it.
            let critical = type.first.map { $0.isUppercase } ?? true
            switch type {
            case "IEND":
                output += chunk
                if !cursor.atEnd { removed.insert(.trailer) }
                return output
            case _ where critical || kept.contains(type):
                output += chunk
            case "eXIf":
                let tiff = data.starts(with: ExifOrientation.jpegHeader) ? data.dropFirst(6) : data
                let (minimal, changed) = ExifOrientation.kept(fromTIFF: tiff)
                if changed {
                    removed.insert(.exif)
                    if let minimal { output += Self.chunk("eXIf", minimal) }
                } else {
                    output += chunk
                }
            case "tEXt", "zTXt", "iTXt":
                removed.insert(data.starts(with: Array("XML:com.adobe.xmp\0".utf8)) ? .xmp : .text)
            case "tIME":
                removed.insert(.time)
            default:
                removed.insert(.other)
            }
        }
    }

    /// A chunk of `type` holding `data`, with its CRC.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        let length = UInt32(data.count)
        let crc = CRC32.checksum(typeBytes + data)
        return [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
            + typeBytes + data
            + [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
    }
}

/// CRC-32 as PNG (and zlib) compute it: ISO 3309, reflected, polynomial 0xEDB88320.
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        ~bytes.reduce(0xFFFF_FFFF as UInt32) { crc, byte in table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    }
}

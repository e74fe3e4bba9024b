/// A JPEG's metadata removed segment by segment (ITU T.81, with JFIF, EXIF/DCF, ICC and
/// Adobe's APP segments).
///
/// Kept: every marker segment a decoder reads (quantisation and Huffman tables, the frame and
/// scan headers, restart intervals …) and the entropy-coded data as it is; APP0 JFIF without
/// its thumbnail; APP2 ICC_PROFILE; APP14 Adobe (how the colours are coded); the orientation
/// of APP1 EXIF as a minimal EXIF. Removed: the rest of EXIF, XMP (APP1), IPTC and Photoshop
/// (APP13), the multi-picture index and FlashPix (APP2), every other APPn, comments (COM),
/// and whatever follows the end of the picture (EOI) — where phones append preview and depth
/// images with EXIF of their own.
enum JPEGSegments {
    static func clean(_ bytes: [UInt8], removed: inout Set<MetadataRemoval.Kind>) throws(ImageError) -> [UInt8] {
        var cursor = ByteCursor(bytes, at: 2, format: "JPEG")
        var output: [UInt8] = [0xFF, 0xD8]
        output.reserveCapacity(bytes.count)
        var keptOrientation = false
        while true {
            let marker = try nextMarker(&cursor)
            switch marker {
            case 0xD9:  // EOI
                output += [0xFF, 0xD9]
                if !cursor.atEnd { removed.insert(.trailer) }
                return output
            case 0xD0...0xD7, 0x01:  // RSTn and TEM stand alone
                output += [0xFF, marker]
                continue
            default:
                break
            }
            let start = cursor.offset
            let length = try cursor.uint16BE()
            guard length >= 2 else { throw cursor.cutShort() }
            let body = try cursor.take(length - 2)
            let segment = bytes[(start - 2)..<cursor.offset]
            switch marker {
            case 0xE0...0xEF, 0xFE:
                if let kept = keep(marker, body, keptOrientation: &keptOrientation, removed: &removed) {
                    output += kept
                } else {
                    output += segment
                }
            case 0xDA:  // SOS: the scan's entropy-coded data follows up to the next marker
                output += segment
                let dataStart = cursor.offset
                let ended = skipEntropyCodedData(&cursor)
                output += bytes[dataStart..<cursor.offset]
                // A scan that runs to the end of the file: the picture is cut short, and
                // nothing after its data can hide metadata. It goes as far as it goes.
                if !ended { return output }
            default:
                output += segment
            }
        }
    }

    /// The marker code at the cursor, past any fill bytes (0xFF).
    private static func nextMarker(_ cursor: inout ByteCursor) throws(ImageError) -> UInt8 {
        guard try cursor.byte() == 0xFF else { throw cursor.cutShort() }
        var code = try cursor.byte()
        while code == 0xFF { code = try cursor.byte() }
        return code
    }

    /// Moves the cursor to the 0xFF of the first marker after a scan: past stuffed zeros
    /// (0xFF00) and restart markers, which belong to the data. False when the data runs to
    /// the end of the file (a truncated picture); the cursor is at the end then.
    private static func skipEntropyCodedData(_ cursor: inout ByteCursor) -> Bool {
        let bytes = cursor.bytes
        var index = cursor.offset
        while index + 1 < bytes.count {
            if bytes[index] == 0xFF {
                let next = bytes[index + 1]
                if next != 0x00 && next != 0xFF && !(0xD0...0xD7).contains(next) {
                    cursor.offset = index
                    return true
                }
                index += next == 0xFF ? 1 : 2
            } else {
                index += 1
            }
        }
        cursor.offset = bytes.count
        return false
    }

    /// What stays of an APPn or COM segment: nil keeps it as it is, an empty array drops it,
    /// other bytes replace it.
    private static func keep(
        _ marker: UInt8, _ body: ArraySlice<UInt8>, keptOrientation: inout Bool,
        removed: inout Set<MetadataRemoval.Kind>
    ) -> [UInt8]? {
        func starts(_ text: String) -> Bool { body.starts(with: Array(text.utf8)) }
        switch marker {
        case 0xE0 where starts("JFIF\0") && body.count >= 14:
            // Version, units and density stay; a thumbnail (its size in bytes 12 and 13) goes.
            guard body.count > 14 || body[body.startIndex + 12] != 0 || body[body.startIndex + 13] != 0 else { return nil }
            removed.insert(.thumbnail)
            return segment(0xE0, Array(body.prefix(12)) + [0, 0])
        case 0xE2 where starts("ICC_PROFILE\0"):
            return nil
        case 0xEE where starts("Adobe"):
            return nil
        case 0xE1 where starts("Exif\0\0") && !keptOrientation:
            keptOrientation = true
            let (tiff, changed) = ExifOrientation.kept(fromTIFF: body.dropFirst(6))
            guard changed else { return nil }
            removed.insert(.exif)
            return tiff.map { segment(0xE1, ExifOrientation.jpegHeader + $0) } ?? []
        case 0xE1 where starts("Exif\0\0"):
            removed.insert(.exif)
        case 0xE1 where starts("http://ns.adobe.com/xap/1.0/\0") || starts("http://ns.adobe.com/xmp/extension/\0"):
            removed.insert(.xmp)
        case 0xED:
            removed.insert(.iptc)
        case 0xFE:
            removed.insert(.comment)
        case 0xE0 where starts("JFXX\0"):
            removed.insert(.thumbnail)
        default:
            removed.insert(.other)
        }
        return []
    }

    private static func segment(_ marker: UInt8, _ body: [UInt8]) -> [UInt8] {
        let length = body.count + 2
        return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + body
    }
}

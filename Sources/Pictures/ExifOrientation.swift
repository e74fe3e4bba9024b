/// The one EXIF tag a picture keeps when its metadata is removed: Orientation (0x0112), which
/// tells a viewer how to turn the stored pixels upright. Browsers apply it, so a photo taken
/// with the phone held upright would lie on its side without it.
enum ExifOrientation {
    /// The orientation (2 to 8) in TIFF-structured EXIF data (`II*\0` or `MM\0*`, then IFD0),
    /// or nil when it is 1 (upright), missing or unreadable.
    static func value(inTIFF tiff: ArraySlice<UInt8>) -> Int? {
        let bytes = Array(tiff)
        guard bytes.count >= 8 else { return nil }
        let little: Bool
        switch (bytes[0], bytes[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func uint16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= bytes.count else { return nil }
            return little ? Int(bytes[at]) | Int(bytes[at + 1]) << 8 : Int(bytes[at]) << 8 | Int(bytes[at + 1])
        }
        func uint32(_ at: Int) -> Int? {
            guard let low = uint16(little ? at : at + 2), let high = uint16(little ? at + 2 : at) else { return nil }
            return high << 16 | low
        }
        guard uint16(2) == 42, let ifd = uint32(4), let count = uint16(ifd) else { return nil }
        for index in 0..<count {
            let entry = ifd + 2 + index * 12
            guard let tag = uint16(entry) else { return nil }
            // SHORT (3), one value, stored in the first two bytes of the value field.
            if tag == 0x0112, uint16(entry + 2) == 3, uint32(entry + 4) == 1, let value = uint16(entry + 8) {
                return (2...8).contains(value) ? value : nil
            }
        }
        return nil
    }

    /// The smallest TIFF structure that holds an orientation: a little-endian header, IFD0
    /// with the one entry, and no further IFD (26 bytes).
    static func tiff(_ orientation: Int) -> [UInt8] {
        [
            0x49, 0x49, 0x2A, 0x00, 0x08, 0x00, 0x00, 0x00,  // "II", 42, IFD0 at 8
            0x01, 0x00,  // one entry
            0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00, UInt8(orientation), 0x00, 0x00, 0x00,  // 0x0112 SHORT × 1
            0x00, 0x00, 0x00, 0x00,
        ]  // no next IFD
    }

    /// The header EXIF data starts with inside a JPEG APP1 segment (and, in some writers,
    /// inside WebP's and PNG's chunks).
    static let jpegHeader: [UInt8] = Array("Exif".utf8) + [0, 0]

    /// What stays of EXIF data: the minimal structure for its orientation, or nil when the
    /// picture is upright (or says nothing), and whether that differs from what was there.
    static func kept(fromTIFF tiff: ArraySlice<UInt8>) -> (tiff: [UInt8]?, changed: Bool) {
        guard let orientation = value(inTIFF: tiff) else { return (nil, true) }
        let minimal = Self.tiff(orientation)
        return (minimal, !tiff.elementsEqual(minimal))
    }
}

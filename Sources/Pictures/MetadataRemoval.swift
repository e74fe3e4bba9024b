/// What a camera, a phone or an editor wrote beside a picture's pixels, removed without
/// decoding a pixel: the segments, chunks or blocks of the file that carry metadata are left
/// out and every other byte is kept as it is, so the picture is exactly the picture it was.
///
/// Kept: what a decoder needs to show the picture as its author saw it — the colour profile
/// (ICC), the colour transform of Adobe JPEGs, density, transparency, animation — and the
/// EXIF orientation, written again as a minimal EXIF of that one tag (a browser turns the
/// picture by it; without it a portrait photo would lie on its side). Removed: EXIF (with its
/// GPS position, camera, serial numbers and times), XMP, IPTC and Photoshop blocks, comments,
/// text chunks, embedded thumbnails and preview images, maker data, and any bytes after the
/// end of the picture. What the format does not name is removed too: a kept part is one whose
/// meaning is known.
public enum MetadataRemoval {
    /// A picture without its metadata.
    public struct Cleaned: Sendable, Equatable {
        public var format: ImageFormat
        public var bytes: [UInt8]
        /// What was found and left out, in the order of `Kind`; empty when the picture had none.
        public var removed: Set<Kind>
    }

    /// The kinds of metadata a file can carry, for messages ("without its EXIF and XMP").
    public enum Kind: String, Sendable, Hashable, CaseIterable, Comparable {
        case exif = "EXIF"
        case xmp = "XMP"
        case iptc = "IPTC"
        case comment = "comments"
        case text = "text"
        case thumbnail = "a thumbnail"
        case time = "a time stamp"
        case other = "other metadata"
        case trailer = "data after the picture"

        public static func < (lhs: Kind, rhs: Kind) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// `bytes` without their metadata. Throws when they are not a JPEG, PNG, WebP or GIF, or
    /// when their structure cannot be followed to the end (a length that runs past the file):
    /// then it cannot be known that nothing is left, and the file must not be published.
    public static func clean(_ bytes: [UInt8]) throws(ImageError) -> Cleaned {
        let format = try ImageFormat.sniff(bytes).get()
        var removed: Set<Kind> = []
        let cleaned: [UInt8]
        switch format {
        case .jpeg: cleaned = try JPEGSegments.clean(bytes, removed: &removed)
        case .png: cleaned = try PNGChunks.clean(bytes, removed: &removed)
        case .webp: cleaned = try WebPChunks.clean(bytes, removed: &removed)
        case .gif: cleaned = try GIFBlocks.clean(bytes, removed: &removed)
        }
        return Cleaned(format: format, bytes: removed.isEmpty ? bytes : cleaned, removed: removed)
    }

    /// The name of a picture format whose metadata this type cannot remove, told by the first
    /// bytes: TIFF and the camera raw formats built on it, HEIF (a phone's HEIC), AVIF, JPEG
    /// XL, JPEG 2000 and Photoshop files. Nil for the four formats it cleans and for what is
    /// not a picture.
    public static func unremovable(_ bytes: some Collection<UInt8>) -> String? {
        let head = Array(bytes.prefix(12))
        if head.starts(with: [0x49, 0x49, 0x2A, 0x00]) || head.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) { return "TIFF" }
        if head.count >= 12, Array(head[4..<8]) == Array("ftyp".utf8) {
            switch String(decoding: head[8..<12], as: UTF8.self) {
            case "avif", "avis": return "AVIF"
            case "heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs", "mif1", "msf1", "mif2": return "HEIF"
            case "crx ": return "Canon raw"
            default: return nil
            }
        }
        if head.starts(with: [0xFF, 0x0A]) || head.starts(with: [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]) {
            return "JPEG XL"
        }
        if head.starts(with: [0, 0, 0, 0x0C, 0x6A, 0x50, 0x20, 0x20, 0x0D, 0x0A, 0x87, 0x0A]) { return "JPEG 2000" }
        if head.starts(with: Array("8BPS".utf8)) { return "Photoshop" }
        return nil
    }

    /// "EXIF, XMP and comments", for messages.
    public static func describe(_ kinds: Set<Kind>) -> String {
        let names = kinds.sorted().map(\.rawValue)
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + names.last!
    }
}

/// Reads a file's structure byte by byte; every read past the end is the file's fault.
struct ByteCursor {
    let bytes: [UInt8]
    var offset: Int
    /// "JPEG", for messages.
    let format: String

    init(_ bytes: [UInt8], at offset: Int = 0, format: String) {
        self.bytes = bytes
        self.offset = offset
        self.format = format
    }

    var atEnd: Bool { offset >= bytes.count }
    var remaining: Int { bytes.count - offset }

    mutating func byte() throws(ImageError) -> UInt8 {
        guard offset < bytes.count else { throw cutShort() }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func uint16BE() throws(ImageError) -> Int {
        try Int(byte()) << 8 | Int(byte())
    }

    mutating func uint16LE() throws(ImageError) -> Int {
        try Int(byte()) | Int(byte()) << 8
    }

    mutating func uint32BE() throws(ImageError) -> Int {
        try uint16BE() << 16 | uint16BE()
    }

    mutating func uint32LE() throws(ImageError) -> Int {
        try uint16LE() | uint16LE() << 16
    }

    /// The next `count` bytes.
    mutating func take(_ count: Int) throws(ImageError) -> ArraySlice<UInt8> {
        guard count >= 0, count <= remaining else { throw cutShort() }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    func cutShort() -> ImageError {
        .damaged("the \(format) file is cut short or its structure is damaged, so its metadata cannot be told apart")
    }
}

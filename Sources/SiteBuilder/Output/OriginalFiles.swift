import Pictures

/// The files of `Content/` as they are published (`images.originals: stripped`, the default):
/// a JPEG, PNG, WebP or GIF without its metadata (its GPS position, camera, comments …) and
/// with every pixel as it was; a picture of a format whose metadata ttsite cannot remove
/// (HEIC, AVIF, TIFF and camera raw, JPEG XL …) not at all; anything else as it is. Pictures
/// are told by their first bytes, whatever their name.
struct OriginalFiles {
    /// How many pictures lost metadata, and what kinds, for `--verbose`.
    private(set) var cleaned = 0
    private(set) var kinds: Set<MetadataRemoval.Kind> = []

    /// Why a file of `Content/` is not published.
    struct Withheld: Error {
        var reason: String
    }

    /// The bytes to publish for a file of `Content/` whose bytes are `bytes`.
    mutating func published(_ bytes: [UInt8]) throws(Withheld) -> [UInt8] {
        guard ImageFormat.of(bytes) != nil else {
            if let format = MetadataRemoval.unremovable(bytes) {
                throw Withheld(
                    reason:
                        "it is a \(format) picture, and ttsite cannot remove the metadata of \(format) pictures (a GPS position, "
                        + "the camera …); convert it to JPEG, PNG or WebP, "
                        + "or set `images.originals: as_is` to publish originals as they are"
                )
            }
            return bytes
        }
        do {
            let picture = try MetadataRemoval.clean(bytes)
            if !picture.removed.isEmpty {
                cleaned += 1
                kinds.formUnion(picture.removed)
            }
            return picture.bytes
        } catch {
            throw Withheld(reason: "\(error)")
        }
    }

    /// The line of `--verbose`.
    func details(withheld: Int) -> String {
        var line = "originals: \(cleaned) pictures of Content/ published without their metadata"
        if !kinds.isEmpty { line += " (\(MetadataRemoval.describe(kinds)))" }
        if withheld > 0 { line += ", \(withheld) published only as processed pictures" }
        return line
    }
}

/// Why a picture could not be used, in words for a site author.
public enum ImageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bytes are not an image of an allowed format.
    case notAnImage(String)
    /// The stored size is larger than the pixel limit (a decompression bomb, or just too big).
    case tooLarge(width: Int, height: Int, limit: Int)
    /// libvips could not decode or encode it (truncated, damaged); its own words.
    case damaged(String)
    /// libvips could not be opened or started, so no picture can be made: the library named
    /// and the system's words. Not the picture's fault.
    case unavailable(String)

    public var description: String {
        switch self {
        case .notAnImage(let reason): reason
        case .tooLarge(let width, let height, let limit):
            "it is \(width) × \(height) pixels, more than the limit of \(limit) pixels"
        case .damaged(let reason): "it cannot be decoded: \(reason)"
        case .unavailable(let reason):
            "pictures cannot be made: \(reason) (ttsite opens libvips 8 when a picture is processed: on Debian, "
                + "`apt install libvips42`)"
        }
    }
}

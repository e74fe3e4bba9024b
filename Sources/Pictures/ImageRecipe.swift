/// One output of a picture: the box it is shrunk into, whether it is cropped to fill the
/// box, and the format and quality it is written in.
public struct ImageRecipe: Sendable, Hashable {
    public enum Output: String, Sendable, Hashable {
        case webp, jpeg

        public var fileExtension: String { self == .jpeg ? "jpg" : rawValue }
        public var mediaType: String { "image/\(rawValue)" }
    }

    public var width: Int
    /// `nil`: as tall as the width and the picture's proportions make it.
    public var height: Int?
    /// Fill the box exactly, cutting off what sticks out around the centre.
    public var crop: Bool
    public var output: Output
    public var quality: Int

    public init(width: Int, height: Int? = nil, crop: Bool = false, output: Output, quality: Int? = nil) {
        self.width = width
        self.height = height
        self.crop = crop
        self.output = output
        self.quality = quality ?? (output == .webp ? 80 : 82)
    }

    /// A square of `side` pixels cut from the middle: an avatar.
    public static func square(_ side: Int, _ output: Output) -> ImageRecipe {
        ImageRecipe(width: side, height: side, crop: true, output: output)
    }

    /// `width` pixels wide at most, proportions kept.
    public static func wide(_ width: Int, _ output: Output) -> ImageRecipe {
        ImageRecipe(width: width, output: output)
    }

    /// The recipe as it works out on a picture of this size: a cropped box shrunk,
    /// proportions kept, until the picture covers it (a 256 px square of a 200 × 300
    /// picture is 200 × 200, not a strip), a width no wider than the picture (shrinking
    /// never enlarges). Two recipes that work out the same make the same file.
    func fitted(within header: ImageProcessor.Header) -> ImageRecipe {
        let upright = header.upright
        var fitted = self
        if crop, let height {
            let scale = min(1, Double(upright.width) / Double(width), Double(upright.height) / Double(height))
            fitted.width = max(1, Int((Double(width) * scale).rounded(.down)))
            fitted.height = max(1, Int((Double(height) * scale).rounded(.down)))
        } else if height == nil {
            fitted.width = min(width, upright.width)
        }
        return fitted
    }

    /// A short text naming the recipe for cache keys: `w128-h128-crop-webp-q80`. Changes
    /// whenever the output could.
    public var key: String {
        "w\(width)-h\(height.map(String.init) ?? "auto")\(crop ? "-crop" : "")-\(output.rawValue)-q\(quality)"
    }
}

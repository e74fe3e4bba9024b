import DataSources
import Pictures
import ReportData

/// What a picture is shown as, and so which files are made of it.
enum PictureUse: String, Sendable, Hashable, Codable {
    /// A person's round avatar: 3rem in lists, 4rem on the person's page. Squares of 64, 128
    /// and 256 px in WebP for 1×, 2× and 3× screens, and one 128 px JPEG for browsers
    /// without WebP.
    case avatar
    /// A timeline's or an event's picture, and Content images: 480 and 960 px wide in WebP,
    /// one 960 px JPEG.
    case figure

    var recipes: [ImageRecipe] {
        switch self {
        case .avatar: [.square(64, .webp), .square(128, .webp), .square(256, .webp), .square(128, .jpeg)]
        case .figure: [.wide(480, .webp), .wide(960, .webp), .wide(960, .jpeg)]
        }
    }

    /// Names the recipes in cache keys: changing a size, a quality or the processing
    /// (`version`) makes every picture processed again.
    var key: String {
        StableHash.hex(["picture-v\(Self.version)", rawValue] + recipes.map(\.key))
    }

    /// Raised whenever the same recipe would give different bytes (a processing change).
    static let version = 1
}

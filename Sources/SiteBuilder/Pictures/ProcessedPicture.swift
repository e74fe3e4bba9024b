import Pictures

/// A picture made into the files a page needs, each under `assets/img/` with a name taken
/// from its content.
struct ProcessedPicture: Sendable, Equatable {
    struct File: Sendable, Equatable {
        /// `<hash>.webp`: the name in the cache and under `assets/img/`.
        var name: String
        var width: Int
        var height: Int
        var format: ImageRecipe.Output
        var bytes: Int

        /// `assets/img/<hash>.webp`.
        var path: String { "assets/img/" + name }
    }

    var files: [File]

    /// The WebP files, smallest first, as `srcset` lists them.
    var webp: [File] { files.filter { $0.format == .webp }.sorted { $0.width < $1.width } }

    /// The JPEG for browsers without WebP (the largest one there is).
    var fallback: File? { files.filter { $0.format == .jpeg }.max { $0.width < $1.width } ?? files.last }

    /// The size `width` and `height` attributes give: the largest file's, so that the page
    /// keeps room for the picture before it arrives.
    var largest: File? { files.max { $0.width * $0.height < $1.width * $1.height } }
}

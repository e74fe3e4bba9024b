import CVips

/// Pictures decoded, turned upright, shrunk, stripped of every piece of metadata (EXIF with
/// its GPS position, XMP, ICC profiles, comments) and encoded, by libvips.
///
/// Only JPEG, PNG, WebP and GIF are read: the format is told from the first bytes, and every
/// other libvips loader (SVG, PDF, ImageMagick …) is blocked for the whole process; the SVG
/// one opens only to render ttsite's own charts, while no picture is read (`renderSVG`). The size
/// stored in the header is checked against `maxPixels` before a pixel is decoded. Safe to use
/// from several threads at once; each call works on one thread.
public struct ImageProcessor: Sendable {
    /// The largest picture accepted, in pixels (width × height as stored).
    public var maxPixels: Int

    public init(maxPixels: Int = 50_000_000) {
        self.maxPixels = maxPixels
    }

    /// A picture as the header describes it.
    public struct Header: Sendable, Equatable {
        public var format: ImageFormat
        /// As stored.
        public var width: Int
        public var height: Int
        /// The EXIF orientation turns it by a quarter: upright, width and height swap.
        public var sideways: Bool

        public init(format: ImageFormat, width: Int, height: Int, sideways: Bool = false) {
            self.format = format
            self.width = width
            self.height = height
            self.sideways = sideways
        }

        /// Width and height as the picture is seen.
        public var upright: (width: Int, height: Int) { sideways ? (height, width) : (width, height) }
    }

    /// One encoded output.
    public struct Encoded: Sendable, Equatable {
        public var bytes: [UInt8]
        public var width: Int
        public var height: Int
    }

    /// Checks that `bytes` are a picture ttsite reads and within the pixel limit.
    public func header(_ bytes: [UInt8]) throws(ImageError) -> Header {
        try VipsLock.shared.reading { () throws(ImageError) in try readHeader(bytes) }
    }

    private func readHeader(_ bytes: [UInt8]) throws(ImageError) -> Header {
        let format = try ImageFormat.sniff(bytes).get()
        try Self.start()
        var width: Int32 = 0
        var height: Int32 = 0
        var sideways: Int32 = 0
        let loaded = bytes.withUnsafeBytes { buffer -> Bool in
            guard let loader = Self.libvipsLoader(bytes), Self.allowedLoaders.contains(loader) else { return false }
            return ttsite_vips_header(buffer.baseAddress, buffer.count, &width, &height, &sideways) == 0
        }
        guard loaded else { throw .damaged(Self.takeError() ?? "libvips has no reader for it") }
        let pixels = Int(width) * Int(height)
        guard pixels <= maxPixels else { throw .tooLarge(width: Int(width), height: Int(height), limit: maxPixels) }
        return Header(format: format, width: Int(width), height: Int(height), sideways: sideways != 0)
    }

    /// Every recipe applied to one picture, in order. The header is checked first; a recipe
    /// that would repeat an earlier one in size and format (a small picture is never
    /// enlarged) is left out before anything is encoded. The picture is decoded once, shrunk
    /// on load to at most `decodedSide` pixels a side (a large JPEG is read at a fraction of
    /// its size), and every recipe is cut from that.
    public func render(_ bytes: [UInt8], _ recipes: [ImageRecipe]) throws(ImageError) -> [(recipe: ImageRecipe, image: Encoded)] {
        try VipsLock.shared.reading { () throws(ImageError) in try renderRecipes(bytes, recipes) }
    }

    private func renderRecipes(_ bytes: [UInt8], _ recipes: [ImageRecipe]) throws(ImageError) -> [(recipe: ImageRecipe, image: Encoded)] {
        let header = try readHeader(bytes)
        var made: Set<ImageRecipe> = []
        let planned = recipes.compactMap { recipe -> (recipe: ImageRecipe, fitted: ImageRecipe)? in
            let fitted = recipe.fitted(within: header)
            return made.insert(fitted).inserted ? (recipe, fitted) : nil
        }
        let decoded: OpaquePointer? = bytes.withUnsafeBytes { buffer in
            ttsite_vips_thumbnail(buffer.baseAddress, buffer.count, Int32(Self.decodedSide), Int32(Self.decodedSide), 0)
        }
        guard let decoded else { throw .damaged(Self.takeError() ?? "libvips failed without saying why") }
        defer { ttsite_vips_release(decoded) }
        var results: [(recipe: ImageRecipe, image: Encoded)] = []
        for plan in planned {
            results.append((plan.recipe, try encode(decoded, plan.fitted)))
        }
        return results
    }

    /// ttsite's own SVG (a chart it drew, never a file from elsewhere) as a PNG `scale` times
    /// its size, on white, without metadata (`loadSVGs` of one).
    public func renderSVG(_ svg: [UInt8], scale: Double = 1) throws(ImageError) -> Encoded {
        try loadSVGs([svg], scale: scale).png(0).get()
    }

    /// ttsite's own SVGs read by libvips, each ready to be drawn and encoded as PNG
    /// (`SVGBatch.png`), on any thread, several at once.
    ///
    /// libvips reads SVG through librsvg, whose loader is blocked for the process. It is
    /// opened once for the whole batch, only to make each SVG's image, while no picture is
    /// being read (`VipsLock`, held alone), and closed before anything else may run: the
    /// block is checked when an image is made, not when its pixels are drawn. Drawing and
    /// encoding, nearly all the work, then run beside other work (a lock held alone for each
    /// SVG would wait for the other threads' encoding every time).
    public func loadSVGs(_ svgs: [[UInt8]], scale: Double = 1) -> SVGBatch {
        do { try Self.start() } catch { return SVGBatch(failure: error, count: svgs.count) }
        return VipsLock.shared.alone { SVGBatch(svgs, scale: scale) }
    }

    /// SVGs libvips has read (`ImageProcessor.loadSVGs`), each drawn and encoded when asked.
    public final class SVGBatch: @unchecked Sendable {
        /// The SVGs' bytes, which their images read until they are released: copies that stay put.
        private let buffers: [UnsafeMutableRawBufferPointer]
        private let images: [Result<OpaquePointer, ImageError>]

        public var count: Int { images.count }

        fileprivate init(_ svgs: [[UInt8]], scale: Double) {
            buffers = svgs.map { svg in
                let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(svg.count, 1), alignment: 1)
                buffer.copyBytes(from: svg)
                return buffer
            }
            images = zip(buffers, svgs).map { buffer, svg in
                ttsite_vips_svg_load(buffer.baseAddress, svg.count, scale).map { .success($0) }
                    ?? .failure(.damaged(ImageProcessor.takeError() ?? "libvips failed without saying why"))
            }
        }

        fileprivate init(failure: ImageError, count: Int) {
            buffers = []
            images = Array(repeating: .failure(failure), count: count)
        }

        deinit {
            for case .success(let image) in images { ttsite_vips_release(image) }
            for buffer in buffers { buffer.deallocate() }
        }

        /// The SVG at `index` drawn, flattened onto white and encoded as PNG. One thread at a
        /// time for each index; different indices at once.
        public func png(_ index: Int) -> Result<Encoded, ImageError> {
            images[index].flatMap { image in
                VipsLock.shared.reading {
                    var output: UnsafeMutableRawPointer?
                    var length = 0
                    var width: Int32 = 0
                    var height: Int32 = 0
                    guard ttsite_vips_save_png(image, &output, &length, &width, &height) == 0, let output else {
                        return .failure(.damaged(ImageProcessor.takeError() ?? "libvips failed without saying why"))
                    }
                    defer { ttsite_vips_free(output) }
                    return .success(
                        Encoded(
                            bytes: [UInt8](UnsafeRawBufferPointer(start: output, count: length)), width: Int(width), height: Int(height)))
                }
            }
        }
    }

    /// The largest side a picture is decoded at: twice the widest file made of it.
    static let decodedSide = 2048

    private func encode(_ decoded: OpaquePointer, _ recipe: ImageRecipe) throws(ImageError) -> Encoded {
        let height = recipe.height ?? 10_000_000
        guard let image = ttsite_vips_shrink(decoded, Int32(recipe.width), Int32(height), recipe.crop ? 1 : 0) else {
            throw .damaged(Self.takeError() ?? "libvips failed without saying why")
        }
        defer { ttsite_vips_release(image) }
        var output: UnsafeMutableRawPointer?
        var length = 0
        let status =
            switch recipe.output {
            case .webp: ttsite_vips_save_webp(image, Int32(recipe.quality), &output, &length)
            case .jpeg: ttsite_vips_save_jpeg(image, Int32(recipe.quality), &output, &length)
            }
        guard status == 0, let output else { throw .damaged(Self.takeError() ?? "libvips failed without saying why") }
        defer { ttsite_vips_free(output) }
        let bytes = [UInt8](UnsafeRawBufferPointer(start: output, count: length))
        return Encoded(bytes: bytes, width: Int(ttsite_vips_width(image)), height: Int(ttsite_vips_height(image)))
    }

    /// The loader libvips would choose for `bytes` (`VipsForeignLoadPngBuffer`), blocked or
    /// not (libvips 8.14 names a blocked one, which then refuses to load), or nil.
    static func libvipsLoader(_ bytes: [UInt8]) -> String? {
        guard (try? start()) != nil else { return nil }
        return bytes.withUnsafeBytes { buffer in ttsite_vips_loader(buffer.baseAddress, buffer.count).map { String(cString: $0) } }
    }

    /// Whether libvips itself, asked with no check of ttsite's before it, reads the header of
    /// `bytes`: false for an SVG while its loader is blocked. For tests of the block; call it
    /// under `VipsLock`.
    static func libvipsReadsHeader(_ bytes: [UInt8]) -> Bool {
        guard (try? start()) != nil else { return false }
        var width: Int32 = 0
        var height: Int32 = 0
        var sideways: Int32 = 0
        let read = bytes.withUnsafeBytes { ttsite_vips_header($0.baseAddress, $0.count, &width, &height, &sideways) == 0 }
        _ = takeError()
        return read
    }

    /// The loaders `ttsite_vips_start` leaves open; a second check in case a future libvips
    /// names a new one that the block list does not catch.
    private static let allowedLoaders: Set<String> = [
        "VipsForeignLoadJpegBuffer", "VipsForeignLoadPngBuffer", "VipsForeignLoadWebpBuffer", "VipsForeignLoadGifBuffer",
        "VipsForeignLoadNsgifBuffer",
    ]

    /// libvips opened and started, once for the process, the first time a picture or a chart's
    /// PNG is made (a build without them never loads it); or why not.
    private static let started: ImageError? =
        ttsite_vips_start() == 0 ? nil : .unavailable(ttsite_vips_start_error().map { String(cString: $0) } ?? "libvips did not start")

    private static func start() throws(ImageError) {
        if let failure = started { throw failure }
    }

    /// The first line of libvips' last error.
    fileprivate static func takeError() -> String? {
        guard started == nil, let pointer = ttsite_vips_take_error() else { return nil }
        defer { ttsite_vips_free(pointer) }
        let lines = String(cString: pointer).split(whereSeparator: \.isNewline)
        return lines.lazy.map { String($0.drop(while: \.isWhitespace)) }.first { !$0.isEmpty }
    }
}

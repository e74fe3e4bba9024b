import Foundation
import Pictures
import TextFormatting

/// The PNG files of the charts published as pictures too (`ChartPNG`), rendered from their
/// SVG documents by libvips through librsvg, on every core. Each is kept under
/// `.ttsite/cache/charts/` by its name, which is its document's digest: a nightly build
/// renders only the charts whose data or words changed (about 75 ms of CPU each), and the cache
/// keeps only the files of the last build.
struct ChartPNGFiles {
    let cacheFolder: URL

    init(siteFolder: URL) {
        cacheFolder = siteFolder.appendingPathComponent(".ttsite/cache/charts", isDirectory: true)
    }

    /// One file per path of `pngs`, and how many of them were rendered rather than read from
    /// the cache. A chart that libvips cannot render stops the build (the SVG is ttsite's
    /// own: it would be a fault of ttsite or of the libraries, not of the data).
    func files(_ pngs: [ChartPNG], workers: Int? = nil) throws -> (files: [OutputFile], rendered: Int) {
        var seen: Set<String> = []
        let unique = pngs.filter { seen.insert($0.path).inserted }
        guard !unique.isEmpty || FileManager.default.fileExists(atPath: cacheFolder.path) else { return ([], 0) }
        try? FileManager.default.createDirectory(at: cacheFolder, withIntermediateDirectories: true)
        var bytes: [String: [UInt8]] = [:]
        for png in unique {
            if let cached = try? [UInt8](Data(contentsOf: cacheFolder.appendingPathComponent(Self.name(of: png)))), Self.isWhole(cached) {
                bytes[png.path] = cached
            }
        }
        // Rendered in batches: each opens libvips' SVG loader once (`ImageProcessor.loadSVGs`).
        let missing = unique.filter { bytes[$0.path] == nil }
        let processor = ImageProcessor()
        for start in stride(from: 0, to: missing.count, by: Self.batch) {
            let batch = Array(missing[start..<min(start + Self.batch, missing.count)])
            let loaded = processor.loadSVGs(batch.map { Array($0.document.utf8) }, scale: ChartPNG.scale)
            let images = Array(0..<loaded.count).parallelMap(workers: workers) { loaded.png($0) }
            for (png, image) in zip(batch, images) {
                switch image {
                case .success(let image):
                    bytes[png.path] = image.bytes
                    // A cache that cannot be written costs a render next time, nothing more.
                    try? Data(image.bytes).write(to: cacheFolder.appendingPathComponent(Self.name(of: png)), options: .atomic)
                case .failure(let error):
                    throw BuildError(.output, "the chart \"\(png.alt.prefix(80))\" could not be rendered as PNG: \(error)", in: png.path)
                }
            }
        }
        // The charts no page shows any more.
        let kept = Set(unique.map(Self.name(of:)))
        for name in (try? FileManager.default.contentsOfDirectory(atPath: cacheFolder.path)) ?? [] where !kept.contains(name) {
            try? FileManager.default.removeItem(at: cacheFolder.appendingPathComponent(name))
        }
        return (unique.map { OutputFile(path: $0.path, bytes: bytes[$0.path]!) }, missing.count)
    }

    /// How many SVGs a batch holds in memory, parsed, before they are drawn.
    static let batch = 64

    /// Whether `bytes` are a PNG file from its signature to its end (the empty `IEND` chunk
    /// with its CRC): a cache file that is not (cut short, damaged) is rendered again.
    static func isWhole(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            && bytes.suffix(12).elementsEqual([0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
    }

    static func name(of png: ChartPNG) -> String {
        String(png.path.lastPathPart ?? "")
    }
}

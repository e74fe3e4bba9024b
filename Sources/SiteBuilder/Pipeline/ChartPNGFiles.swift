import Foundation
import Pictures

/// The PNG files of the charts published as pictures too (`ChartPNG`), rendered from their
/// SVG documents by libvips through librsvg, on every core. Each is kept under
/// `.ttsite/cache/charts/` by its name, which is its document's digest: a nightly build
/// renders only the charts whose data or words changed (about 10 ms each), and the cache
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
        let processor = ImageProcessor()
        let made = unique.parallelMap(workers: workers) { png in
            Result { () throws -> (file: OutputFile, rendered: Bool) in
                let cached = cacheFolder.appendingPathComponent(Self.name(of: png))
                if let bytes = try? [UInt8](Data(contentsOf: cached)), bytes.starts(with: Self.signature) {
                    return (OutputFile(path: png.path, bytes: bytes), false)
                }
                let image: ImageProcessor.Encoded
                do {
                    image = try processor.renderSVG(Array(png.document.utf8), scale: ChartPNG.scale)
                } catch {
                    throw BuildError(.output, "the chart \"\(png.alt.prefix(80))\" could not be rendered as PNG: \(error)", in: png.path)
                }
                // A cache that cannot be written costs a render next time, nothing more.
                try? Data(image.bytes).write(to: cached, options: .atomic)
                return (OutputFile(path: png.path, bytes: image.bytes), true)
            }
        }
        var files: [OutputFile] = []
        var rendered = 0
        for result in made {
            let (file, wasRendered) = try result.get()
            files.append(file)
            if wasRendered { rendered += 1 }
        }
        // The charts no page shows any more.
        let kept = Set(unique.map(Self.name(of:)))
        for name in (try? FileManager.default.contentsOfDirectory(atPath: cacheFolder.path)) ?? [] where !kept.contains(name) {
            try? FileManager.default.removeItem(at: cacheFolder.appendingPathComponent(name))
        }
        return (files, rendered)
    }

    /// A PNG file's first bytes: a cache file without them (cut short) is rendered again.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func name(of png: ChartPNG) -> String {
        String(png.path.split(separator: "/").last ?? "")
    }
}

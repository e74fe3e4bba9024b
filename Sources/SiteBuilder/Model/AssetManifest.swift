import DataSources
import ReportData

/// Assets (the style sheet, later the counter script) written under content-hashed names,
/// `assets/style.3f2a9c1e.css`, so that browsers and CDNs may cache them forever.
struct AssetManifest: Sendable {
    /// Output path by asset name: `style.css` → `assets/style.3f2a9c1e.css`.
    private(set) var paths: [String: String] = [:]
    private(set) var files: [OutputFile] = []

    init(assets: [String: [UInt8]]) {
        for (name, bytes) in assets.sorted(by: { $0.key < $1.key }) {
            let hash = StableHash.hex(of: bytes)
            let path: String
            if let dot = name.lastIndex(of: ".") {
                path = "assets/\(name[..<dot]).\(hash)\(name[dot...])"
            } else {
                path = "assets/\(name).\(hash)"
            }
            paths[name] = path
            files.append(OutputFile(path: path, bytes: bytes))
        }
    }
}

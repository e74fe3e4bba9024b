/// Assets (the style sheet, later the counter script) written under content-hashed names,
/// `assets/style.3f2a9c1e.css`, so that browsers and CDNs may cache them forever.
struct AssetManifest: Sendable {
    /// Output path by asset name: `style.css` → `assets/style.3f2a9c1e.css`.
    private(set) var paths: [String: String] = [:]
    private(set) var files: [(path: String, bytes: [UInt8])] = []

    init(assets: [String: [UInt8]]) {
        for (name, bytes) in assets.sorted(by: { $0.key < $1.key }) {
            let hash = ContentHash.hex(of: bytes)
            let path: String
            if let dot = name.lastIndex(of: ".") {
                path = "assets/\(name[..<dot]).\(hash)\(name[dot...])"
            } else {
                path = "assets/\(name).\(hash)"
            }
            paths[name] = path
            files.append((path, bytes))
        }
    }
}

/// A short, stable fingerprint of some bytes (64-bit FNV-1a, 16 hex digits): enough to tell
/// versions of an asset apart; not a security hash.
enum ContentHash {
    static func value(of bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }

    static func hex(of bytes: [UInt8]) -> String {
        let digits = String(value(of: bytes), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

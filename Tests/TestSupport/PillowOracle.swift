import Foundation

/// Pillow, the Python imaging library, as the independent judge of the pictures ttsite
/// writes: `Pictures/pictures.py` makes the fixtures and reads output files back.
public enum PillowOracle {
    /// What Pillow reads in one file.
    public struct Reading: Decodable, Sendable {
        public var file: String
        /// "JPEG", "PNG", "WEBP", "GIF".
        public var format: String
        public var width: Int
        public var height: Int
        /// "RGB", "RGBA", "L" …
        public var mode: String
        public var exif: Bool
        public var icc: Bool
        public var xmp: Bool
        /// Text chunks and comments.
        public var text: [String]
        /// Every metadata key Pillow found.
        public var keys: [String]
        /// The tags of the EXIF data's first IFD (274 is Orientation, 34853 the GPS IFD).
        public var exifTags: [Int]
        /// The EXIF orientation, 1 when there is none.
        public var orientation: Int
        /// Whether the EXIF data leads to a GPS position.
        public var gps: Bool
        /// SHA-256 of the ICC profile (of nothing, when there is none).
        public var iccProfile: String
        public var frames: Int
        /// SHA-256 of every frame's pixels as RGBA, as stored (not turned upright).
        public var pixels: String
        /// The fixtures' secret texts (`SECRETS` in `pictures.py`) found in the file's bytes.
        public var secrets: [String]
        /// RGB samples an eighth in from each edge, on the middle lines.
        public var left: [Int]
        public var right: [Int]
        public var top: [Int]
        public var bottom: [Int]

        /// Nothing a camera, an editor or a phone wrote survives.
        public var hasNoMetadata: Bool { !exif && !icc && !xmp && text.isEmpty }
    }

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Pictures/pictures.py")

    /// The fixtures, made once per test run into a temporary folder (see `pictures.py`).
    public static func fixtures() async throws -> URL {
        try await Fixtures.shared.folder()
    }

    /// The bytes of one fixture.
    public static func fixture(_ name: String) async throws -> [UInt8] {
        try await [UInt8](Data(contentsOf: fixtures().appendingPathComponent(name)))
    }

    /// Pillow's reading of each file.
    public static func inspect(_ files: [URL]) async throws -> [Reading] {
        let output = try await run(["inspect"] + files.map(\.path))
        return try JSONDecoder().decode([Reading].self, from: Data(output.utf8))
    }

    /// Pillow's reading of some bytes.
    public static func inspect(_ bytes: [UInt8]) async throws -> Reading {
        let temporary = try TemporaryFolder("pillow")
        defer { temporary.remove() }
        return try await inspect([temporary.write(Data(bytes), to: "picture")])[0]
    }

    static func run(_ arguments: [String]) async throws -> String {
        let result = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", script.path] + arguments,
            in: script.deletingLastPathComponent())
        guard result.status == 0 else {
            throw CocoaError(
                .fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "pictures.py \(arguments.first ?? ""): \(result.stderr)"])
        }
        return result.stdout
    }

    private actor Fixtures {
        static let shared = Fixtures()
        private var made: Task<URL, any Error>?

        func folder() async throws -> URL {
            if let made { return try await made.value }
            let task = Task {
                let folder = try TemporaryFolder("pictures").url
                _ = try await PillowOracle.run(["make", folder.path])
                return folder
            }
            made = task
            return try await task.value
        }
    }
}

import Foundation

/// The `ttsite` binary the tests run, as a user runs it.
public enum TTSiteBinary {
    public static var url: URL {
        // The test bundle sits in the build products folder, beside the `ttsite` binary.
        var folder = Bundle.main.bundleURL
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("ttsite").path), folder.path != "/" {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("ttsite")
    }
}

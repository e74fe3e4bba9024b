import Foundation
import TestSupport
import Testing

/// Golden copies: pages built from a fixture site, read through by hand once, and compared
/// byte for byte with every later build.
///
/// The fingerprint in an asset's name (`assets/style.cac5b0b408b91793.css`) is left out of
/// the comparison, on both sides: it changes with every edit of the stylesheet or the script,
/// and a golden page is about what the page says, not about the stylesheet's bytes (which
/// `BuildTests` compares with the built-in files).
///
/// To regenerate after a change that is meant to change pages:
///
///     TTSITE_UPDATE_GOLDEN=1 swift test --filter Golden
///
/// rewrites every golden file whose text differs (the fingerprint aside) and fails the tests
/// that did, so that nothing passes by accident; read `git diff Tests/` through before
/// committing it, as the first copies were read.
enum Golden {
    static let updating = ProcessInfo.processInfo.environment["TTSITE_UPDATE_GOLDEN"] == "1"

    /// `built` against the golden file at `path` under the fixture folder `folder`.
    static func check(_ built: Data, path: String, in folder: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = Fixtures.url(folder).appendingPathComponent(path)
        let golden = try? Data(contentsOf: url)
        guard let golden, normalised(golden) == normalised(built) else {
            if updating {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try built.write(to: url)
                Issue.record(
                    "\(folder)/\(path) rewritten from the build (TTSITE_UPDATE_GOLDEN=1): read the diff", sourceLocation: sourceLocation)
            } else {
                Issue.record(
                    "\(path) differs from \(folder)/\(path); after reading the difference, TTSITE_UPDATE_GOLDEN=1 rewrites it",
                    sourceLocation: sourceLocation)
            }
            return
        }
    }

    /// Golden files of `folder` that the build no longer makes: removed when updating.
    static func checkNothingElse(in folder: String, built paths: Set<String>, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for path in try snapshot(of: Fixtures.url(folder)).keys where !paths.contains(path) {
            if updating { try FileManager.default.removeItem(at: Fixtures.url(folder).appendingPathComponent(path)) }
            Issue.record("\(folder)/\(path) is not built any more", sourceLocation: sourceLocation)
        }
    }

    /// The text with every asset fingerprint replaced by the same mark.
    static func normalised(_ bytes: Data) -> String {
        String(decoding: bytes, as: UTF8.self)
            .replacing(/(assets\/[a-z0-9-]+)\.[0-9a-f]{16}\./) { "\($0.output.1).fingerprint." }
    }
}

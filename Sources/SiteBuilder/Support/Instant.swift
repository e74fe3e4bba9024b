import Foundation
import ValueTransformers

/// Reads the `--now` instant: an ISO 8601 date-time with a zone (fractions allowed), or a
/// date alone, which means midnight UTC. A date-time without a zone is refused: "now" must
/// not depend on the machine that runs the build.
public enum Instant {
    public static func parse(_ text: String) -> Date? {
        guard let written = try? ISO8601DateParser().parse(text),
            written.utcOffset != nil || !written.hasTime
        else { return nil }
        return written.date(zoneless: .utc)
    }
}

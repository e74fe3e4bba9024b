import Foundation
import Testing

@testable import CivilTime

/// The offsets remembered by day are the offsets Foundation gives instant by instant, on the
/// days a zone changes its offset too: every quarter hour of 2011 in zones with summer time,
/// half-hour offsets and changes, and Samoa, which skipped 30 December 2011.
struct ZoneOffsetsTests {
    @Test(arguments: [
        "Europe/Berlin", "Australia/Sydney", "America/St_Johns", "Australia/Lord_Howe", "Pacific/Apia", "Asia/Kathmandu", "UTC",
    ])
    func rememberedOffsetsAreFoundations(zone: String) throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        let start = 1_293_840_000.0  // 2011-01-01T00:00:00Z
        // Twice, in opposite orders: the second pass reads what the first remembered.
        for pass in 0..<2 {
            for step in 0..<(365 * 96) {
                let instant = start + Double(pass == 0 ? step : 365 * 96 - 1 - step) * 900 + 7
                let expected = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: instant))
                if ZoneOffsets.seconds(of: timeZone, at: instant) != expected {
                    Issue.record(
                        """
                        \(zone) at \(Date(timeIntervalSince1970: instant)): \
                        \(ZoneOffsets.seconds(of: timeZone, at: instant)), Foundation \(expected)
                        """
                    )
                    return
                }
            }
        }
    }
}

import Charts
import Foundation
import Testing

/// The ticks an axis keeps have labels that do not overlap, by the same estimate of their
/// widths, for labels short and long.
@Suite struct AxisLabelsTests {
    @Test func keptLabelsDoNotOverlap() {
        var random = SystemRandomNumberGenerator()
        for round in 0..<2000 {
            let scale = pow(10, Double(Int.random(in: -4...9, using: &random)))
            let lower = Double.random(in: -1...1, using: &random) * scale
            let upper = lower + Double.random(in: 0.01...3, using: &random) * scale
            let width = [120.0, 320, 640, 1280][round % 4]
            let axis = LinearScale(domain: (lower, upper), range: (56, width - 16))
            let decimals = round % 5
            let label = { (value: Double) in String(format: "%.\(decimals)f", value) }
            let ticks = AxisLabels.horizontal(axis, count: 10, size: 12, gap: 8, label: label)
            for (first, second) in zip(ticks, ticks.dropFirst()) {
                let room = abs(axis.position(of: second) - axis.position(of: first))
                let needed = (AxisLabels.width(label(first), size: 12) + AxisLabels.width(label(second), size: 12)) / 2 + 8
                #expect(room >= needed, "round \(round): \(label(first)) and \(label(second)) overlap in \(room) units")
                #expect(label(first) != label(second), "round \(round): two neighbours read \(label(first))")
            }
            // Two ticks at least, where the domain's ends read apart at all (with no decimals,
            // 0.0003 … 0.0006 is "0" all along: one tick, not four "0"s).
            if width == 1280 && decimals <= 2 && abs(upper - lower) >= 4 * pow(10, -Double(decimals)) {
                #expect(ticks.count >= 2, "round \(round): \(ticks) on \(width) units")
            }
            let up = LinearScale(domain: (lower, upper), range: (Double(width) / 2, 12))
            let vertical = AxisLabels.vertical(up, count: 10, size: 12, gap: 4)
            for (first, second) in zip(vertical, vertical.dropFirst()) {
                #expect(abs(up.position(of: second) - up.position(of: first)) >= 16, "round \(round): \(vertical)")
            }
        }
    }

    /// A percent sign is about 0.9 em wide, half as wide again as a digit (0.6 em): "4.5%" is
    /// 3 × 0.6 + 0.9 = 2.7 em, 32.4 units at size 12, where four characters made 28.8.
    @Test func aPercentSignCountsWider() {
        #expect(abs(AxisLabels.width("4.5%", size: 12) - 32.4) < 1e-9)
        #expect(abs(AxisLabels.width("4.5", size: 12) - 21.6) < 1e-9)
    }

    /// Worked out by hand: 0…1000 on 568 units asks for 10 ticks (every 100, 56.8 units apart).
    /// With two decimals the widest neighbours, "900.00" and "1000.00" (6 and 7 characters,
    /// 43.2 and 50.4 units at size 12), need 54.8 with the gap: they fit. With three, 50.4 and
    /// 57.6 need 62: they do not, nor do counts 9 and 8 (a step of 100 still); count 7 gives a
    /// step of 200 (113.6 apart), which fits.
    @Test func fewerTicksWhenLongLabelsWouldTouch() {
        let axis = LinearScale(domain: (0, 1000), range: (56, 624))
        #expect(AxisLabels.horizontal(axis, count: 10, size: 12, gap: 8, label: { String(format: "%.2f", $0) }).count == 11)
        #expect(
            AxisLabels.horizontal(axis, count: 10, size: 12, gap: 8, label: { String(format: "%.3f", $0) }) == [
                0, 200, 400, 600, 800, 1000,
            ])
    }
}

import Charts
import Foundation
import Testing

/// A simplified line keeps its ends and strays from the original by at most the tolerance;
/// its path data reads back as the points to a tenth.
@Suite struct PolylineTests {
    @Test func aSimplifiedLineStaysWithinTheTolerance() {
        var random = SystemRandomNumberGenerator()
        for round in 0..<50 {
            var y = 100.0
            let points = (0..<5000).map { index -> Point in
                y += Double.random(in: -3...3, using: &random)
                return Point(Double(index) * 0.128, round % 5 == 0 ? 50 : y)
            }
            let tolerance = [0.25, 0.5, 1][round % 3]
            let kept = Polyline.simplified(points, tolerance: tolerance)
            #expect(kept.first == points.first && kept.last == points.last)
            #expect(kept.count < points.count)
            if round % 5 == 0 { #expect(kept.count == 2, "a flat line is its two ends") }
            // Every point left out lies within the tolerance of the segment of kept points
            // around it (the kept points are in order, so the segment is found by x).
            var segment = 0
            for point in points {
                while segment + 1 < kept.count - 1 && kept[segment + 1].x <= point.x { segment += 1 }
                let a = kept[segment]
                let b = kept[segment + 1]
                #expect(Self.distance(point, a, b) <= tolerance + 1e-9, "round \(round): \(point) is off the line \(a)–\(b)")
            }
        }
    }

    @Test func pathDataIsTheRoundedPoints() {
        let points = [Point(0, 0), Point(12.34, -5.06), Point(12.3, -5.1), Point(100, 0.05), Point(-0.04, 3)]
        // Worked out by hand: 12.34 → 12.3, -5.06 → -5.1; the third rounds to the second and is
        // left out; 0.05 → 0.1 (half away from zero); -0.04 → 0 ("-0" never written).
        // Relative after the first: (12.3, −5.1) − (0, 0); (100, 0.1) − (12.3, −5.1) = (87.7, 5.2);
        // (0, 3) − (100, 0.1) = (−100, 2.9); a minus sign needs no space before it.
        #expect(Polyline.pathData(points) == "M0 0l12.3-5.1 87.7 5.2-100 2.9")
        #expect(Polyline.pathData([]) == "")
    }

    static func distance(_ p: Point, _ a: Point, _ b: Point) -> Double {
        let dx = b.x - a.x
        let dy = b.y - a.y
        let t = max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)))
        return hypot(a.x + t * dx - p.x, a.y + t * dy - p.y)
    }
}

/// A point of a chart, in the coordinates of its SVG's `viewBox`.
public struct Point: Equatable, Sendable {
    public var x: Double
    public var y: Double

    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }
}

/// A line through many points as a short SVG path: points that lie within `tolerance` of the
/// line the others draw are left out (Ramer–Douglas–Peucker), and coordinates are written to a
/// tenth of a unit, so that a 5,000-point line is not 5,000 commands of 17 digits.
public enum Polyline {
    /// The points of `points` that draw the same line to within `tolerance` (in the same
    /// units): the first and last always, and each point whose distance from the segment
    /// between the points kept around it is more than `tolerance`.
    public static func simplified(_ points: [Point], tolerance: Double) -> [Point] {
        guard points.count > 2 else { return points }
        var keep = [Bool](repeating: false, count: points.count)
        keep[0] = true
        keep[points.count - 1] = true
        // The spans still to look at, as a stack rather than recursion: a long line would
        // otherwise nest thousands of calls deep.
        var spans = [(0, points.count - 1)]
        let limit = tolerance * tolerance
        points.withUnsafeBufferPointer { points in
            while let (first, last) = spans.popLast() {
                guard last - first > 1 else { continue }
                // Squared distances to the segment, its constants worked out once a span.
                let start = points[first]
                let end = points[last]
                let dx = end.x - start.x
                let dy = end.y - start.y
                let length = dx * dx + dy * dy
                var farthest = first
                var distance = -1.0
                for index in (first + 1)..<last {
                    let point = points[index]
                    let px = point.x - start.x
                    let py = point.y - start.y
                    var d: Double
                    if length > 0 {
                        let t = max(0, min(1, (px * dx + py * dy) / length))
                        let x = t * dx - px
                        let y = t * dy - py
                        d = x * x + y * y
                    } else {
                        d = px * px + py * py
                    }
                    if d > distance { (farthest, distance) = (index, d) }
                }
                if distance > limit {
                    keep[farthest] = true
                    spans.append((first, farthest))
                    spans.append((farthest, last))
                }
            }
        }
        var kept: [Point] = []
        kept.reserveCapacity(points.count)
        for index in points.indices where keep[index] { kept.append(points[index]) }
        return kept
    }

    /// The SVG path data of a line through `points` (`M1 2l2.5 2…`), each coordinate to a
    /// tenth, a point that rounds to the one before left out.
    public static func pathData(_ points: [Point]) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(points.count * 12)
        appendPathData(points, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `pathData` written into `bytes`, each x mirrored across `mirror` when it is given.
    /// The first point is absolute (`M`), the others relative to the one before (`l`, one
    /// command for all): differences of the rounded points, so that no error adds up, and a
    /// minus sign stands for the space before a number.
    static func appendPathData(_ points: [Point], mirror: Double? = nil, to bytes: inout [UInt8]) {
        var previous: (x: Int, y: Int)?
        var afterCommand = false
        var relative = false
        func number(_ value: Int) {
            if value >= 0 && !afterCommand { bytes.append(UInt8(ascii: " ")) }
            appendTenths(value, to: &bytes)
            afterCommand = false
        }
        for point in points {
            let rounded = (x: tenths(mirror.map { $0 - point.x } ?? point.x), y: tenths(point.y))
            guard let last = previous else {
                bytes.append(UInt8(ascii: "M"))
                afterCommand = true
                number(rounded.x)
                number(rounded.y)
                previous = rounded
                continue
            }
            if last == rounded { continue }
            if !relative {
                bytes.append(UInt8(ascii: "l"))
                afterCommand = true
                relative = true
            }
            number(rounded.x - last.x)
            number(rounded.y - last.y)
            previous = rounded
        }
    }

    /// A coordinate in tenths, rounded half away from zero; 0 for a value that is not finite,
    /// and never beyond ±10⁹ units (a chart's coordinates stay within its `viewBox`).
    static func tenths(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        return Int((min(max(value, -1e9), 1e9) * 10).rounded())
    }

    /// Tenths written as SVG reads them: `-12.3`, `4`, `0.5`.
    static func appendTenths(_ tenths: Int, to bytes: inout [UInt8]) {
        if tenths < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = tenths.magnitude
        // The whole part's digits without a string, most significant first.
        let whole = magnitude / 10
        var power: UInt = 1
        while power <= whole / 10 { power *= 10 }
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(whole / power % 10))
            power /= 10
        } while power > 0
        if magnitude % 10 != 0 {
            bytes.append(UInt8(ascii: "."))
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
        }
    }
}

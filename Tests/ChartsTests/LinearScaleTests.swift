import Charts
import Foundation
import TestSupport
import Testing

/// Positions on a linear scale against an exact computation in Python (fractions), and the
/// niced scale's domain against `Ticks.nice` (held to d3 in `TicksOracleTests`).
@Suite struct LinearScaleTests {
    @Test func positionsAreTheExactOnesRounded() async throws {
        var random = SystemRandomNumberGenerator()
        let cases: [[Double]] = (0..<2000).map { number in
            let scale = pow(10, Double(Int.random(in: -6...9, using: &random)))
            let lower = Double.random(in: -1...1, using: &random) * scale
            let upper = number % 7 == 0 ? lower : lower + Double.random(in: -2...2, using: &random) * scale
            let value = lower + Double.random(in: -0.5...1.5, using: &random) * (upper - lower)
            return [lower, upper, Double.random(in: 0...50, using: &random), Double.random(in: 300...1300, using: &random), value]
        }
        let script = """
            import json, sys
            from fractions import Fraction as F
            out = []
            for a, b, r0, r1, x in json.load(sys.stdin):
                a, b, r0, r1, x = (F(float(v)) for v in (a, b, r0, r1, x))
                t = (x - a) / (b - a) if b != a else F(1, 2)
                out.append(repr(float(r0 + (r1 - r0) * t)))
            print(json.dumps(out))
            """
        let folder = try TemporaryFolder("linear-scale")
        defer { folder.remove() }
        let input = folder.url.appendingPathComponent("input.json")
        try JSONSerialization.data(withJSONObject: cases.map { $0.map { "\($0)" } }).write(to: input)
        let run = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script], in: folder.url,
            input: try FileHandle(forReadingFrom: input))
        #expect(run.status == 0, "\(run.stderr)")
        let exact = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String])
        #expect(exact.count == cases.count)
        for (numbers, text) in zip(cases, exact) {
            let scale = LinearScale(domain: (numbers[0], numbers[1]), range: (numbers[2], numbers[3]))
            let position = scale.position(of: numbers[4])
            let expected = try #require(Double(text))
            // Two roundings in floating point (d3's arithmetic) against one of the exact value:
            // within a few units in the last place of the range's size.
            #expect(
                abs(position - expected) <= 8 * max(abs(numbers[2]), abs(numbers[3])).ulp, "\(numbers): \(position) against \(expected)")
        }
    }

    @Test func aNicedScaleHasTheNiceDomainEitherWayRound() {
        let scale = LinearScale(domain: (0.201, 0.996), range: (0, 100))
        #expect(scale.niced().domain == (0.2, 1))
        #expect(LinearScale(domain: (0.996, 0.201), range: (0, 100)).niced().domain == (1, 0.2))
        #expect(scale.niced().ticks(count: 5) == [0.2, 0.4, 0.6, 0.8, 1])
        #expect(scale.position(of: 0.201) == 0)
        #expect(LinearScale(domain: (3, 3), range: (10, 20)).position(of: 7) == 15)
    }
}

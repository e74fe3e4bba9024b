import Charts
import CivilTime
import Foundation
import TestSupport
import Testing

/// Time ticks and log ticks held to d3-scale (Debian's `node-d3-scale`, with `node-d3-time`):
/// `scaleUtc().ticks(n)` and `scaleLog().ticks(n)` on random domains. Weeks are the one
/// difference on purpose: d3 starts them on Sunday, ttsite on Monday (ISO 8601), so a week's
/// ticks are checked to be every Monday of the domain where d3's are its Sundays. Debian's
/// d3-scale is 2.2; d3-scale 4 added one step to log ticks (linear ticks when the powers'
/// multiples are fewer than half the count asked for), which the oracle adds as 4 does.
@Suite struct TimeAndLogTicksOracleTests {
    static let modules =
        ([ProcessInfo.processInfo.environment["TTSITE_D3_MODULES"]].compactMap { $0 }
        + ["/usr/share/nodejs", "/opt/homebrew/lib/node_modules", "/usr/local/lib/node_modules"])
        .first { FileManager.default.fileExists(atPath: $0 + "/d3-scale/package.json") } ?? "/usr/share/nodejs"

    static func oracle(_ body: String, _ input: [String: Any]) async throws -> Any {
        guard FileManager.default.fileExists(atPath: modules + "/d3-scale/package.json") else {
            throw Node.Failure(
                description:
                    "d3-scale is not in \(modules): install Debian's node-d3-scale (scripts/install-deps), "
                    + "or name its folder in TTSITE_D3_MODULES"
            )
        }
        var input = input
        input["modules"] = modules
        let load = """
            process.env.NODE_PATH = input.modules;
            require("module").Module._initPaths();
            const d3 = require("d3-scale");

            """
        return try await Node.run(load + body, input: input)
    }

    @Test func timeTicksAreD3sButWeeksStartOnMonday() async throws {
        var random = SystemRandomNumberGenerator()
        let day = 86_400.0
        let domains: [(Double, Double, Double)] = (0..<3000).map { _ in
            // From 1900 to 2100, over ten seconds to three centuries.
            let start = (Double.random(in: -70...130, using: &random) * 365.25 * day).rounded()
            let span = pow(10, Double.random(in: 1...10, using: &random)).rounded()
            return (start, start + span, Double(Int.random(in: 2...12, using: &random)))
        }
        let output = try await Self.oracle(
            """
            console.log(JSON.stringify(input.domains.map(([a, b, n]) =>
              d3.scaleUtc().domain([new Date(a * 1000), new Date(b * 1000)]).ticks(n).map((t) => t.getTime() / 1000))));
            """, ["domains": domains.map { [$0.0, $0.1, $0.2] }])
        let expected = try #require(output as? [[Double]])
        var weeks = 0
        for ((start, stop, count), d3) in zip(domains, expected) {
            let ours = TimeTicks.ticks(from: start, to: stop, count: count).map(\.seconds)
            let sundays =
                !d3.isEmpty
                && d3.allSatisfy {
                    $0.truncatingRemainder(dividingBy: day) == 0 && CalendarDate(daysSince1970: Int(($0 / day).rounded(.down))).weekday == 0
                }
                && zip(d3.dropFirst(), d3).allSatisfy { $0 - $1 == 7 * day }
            if sundays && ours != d3 {
                weeks += 1
                let mondays = stride(from: (start / day).rounded(.up), through: (stop / day).rounded(.down), by: 1)
                    .filter { CalendarDate(daysSince1970: Int($0)).weekday == 1 }.map { $0 * day }
                #expect(ours == mondays, "\(start) \(stop) \(count): \(ours) against \(d3)")
                continue
            }
            #expect(ours == d3, "\(start) \(stop) \(count): \(ours) against \(d3)")
        }
        #expect(weeks > 0)
    }

    @Test func logTicksAreD3s() async throws {
        var random = SystemRandomNumberGenerator()
        let domains: [(Double, Double, Double)] = (0..<2000).map { _ in
            let low = pow(10, Double.random(in: -6...8, using: &random))
            let high = low * pow(10, Double.random(in: 0.01...12, using: &random))
            return (low, high, Double(Int.random(in: 1...15, using: &random)))
        }
        let output = try await Self.oracle(
            """
            const array = require("d3-array");
            const text = (v) => v.map(String);
            console.log(JSON.stringify(input.domains.map(([a, b, n]) => {
              const z = d3.scaleLog().domain([+a, +b]).ticks(+n);
              // d3-scale 4's step, which 2.2 lacks.
              return text(Math.log10(+b) - Math.log10(+a) < +n && z.length * 2 < +n ? array.ticks(+a, +b, +n) : z);
            })));
            """, ["domains": domains.map { ["\($0.0)", "\($0.1)", "\($0.2)"] }])
        let expected = try #require(output as? [[String]])
        for ((low, high, count), d3) in zip(domains, expected) {
            let ours = LogScale(domain: (low, high), range: (0, 1)).ticks(count: count)
            let theirs = d3.compactMap(Double.init)
            // d3 multiplies a power of ten by 2 … 9 (0.1 × 3 is 0.30000000000000004), ttsite
            // divides (3 / 10 is 0.3): the same ticks to the last bit or so.
            #expect(
                ours.count == theirs.count && zip(ours, theirs).allSatisfy { abs($0 - $1) <= abs($1) * 1e-15 },
                "\(low) \(high) \(count): \(ours) against \(theirs)")
        }
    }

    /// The ticks a log axis labels are those d3's `tickFormat(count)` writes (the others it
    /// writes as ""): one decade from 1,000 to 10,000 labels 1,000 … k × 1,000 and 10,000
    /// where only its ends were. Domains where d3-scale 4 falls back to linear ticks (which
    /// Debian's d3-scale 2.2 does not) are left out: `logTicksAreD3s` holds those.
    @Test func logLabelsAreD3s() async throws {
        var random = SystemRandomNumberGenerator()
        var domains: [(Double, Double, Double)] = [(1000, 10000, 8), (1000, 10000, 5), (1000, 10000, 2), (1, 1e6, 8)]
        domains += (0..<2000).map { _ in
            let low = pow(10, Double.random(in: -6...8, using: &random))
            let high = low * pow(10, Double.random(in: 0.01...12, using: &random))
            return (low, high, Double(Int.random(in: 1...15, using: &random)))
        }
        let output = try await Self.oracle(
            """
            console.log(JSON.stringify(input.domains.map(([a, b, n]) => {
              const scale = d3.scaleLog().domain([+a, +b]);
              // Where d3-scale 4's ticks differ from 2.2's, nothing to compare.
              const falls = (m) => Math.log10(+b) - Math.log10(+a) < m && scale.ticks(m).length * 2 < m;
              if (falls(+n) || falls(10)) return null;
              // d3-scale 4's tick values (a power of ten below 1 divides, where 2.2 multiplied
              // 0.1 by 3 into 0.30000000000000004), filtered by d3's own tickFormat.
              const ticks4 = (m) => {
                if (!(Math.log10(+b) - Math.log10(+a) < m)) return scale.ticks(m);
                const z = [];
                for (let i = Math.floor(Math.log10(+a)); i <= Math.ceil(Math.log10(+b)); ++i) {
                  for (let k = 1; k < 10; ++k) {
                    const t = i < 0 ? k / Math.pow(10, -i) : k * Math.pow(10, i);
                    if (t < +a) continue;
                    if (t > +b) break;
                    z.push(t);
                  }
                }
                return z;
              };
              const format = scale.tickFormat(+n);
              return ticks4(+n).filter((d) => format(d) !== "").map(String);
            })));
            """, ["domains": domains.map { ["\($0.0)", "\($0.1)", "\($0.2)"] }])
        let expected = try #require(output as? [Any])
        var compared = 0
        for ((low, high, count), d3) in zip(domains, expected) {
            guard let d3 = d3 as? [String] else { continue }
            compared += 1
            let ours = LogScale(domain: (low, high), range: (0, 1)).labelled(count: count)
            let theirs = d3.compactMap(Double.init)
            #expect(
                ours.count == theirs.count && zip(ours, theirs).allSatisfy { abs($0 - $1) <= abs($1) * 1e-15 },
                "\(low) \(high) \(count): \(ours) against \(theirs)")
        }
        #expect(compared > 1000)
        // Worked out by hand for the first: 10 ticks, k = max(1, 10 × 8 / 10) = 8.
        #expect(
            LogScale(domain: (1000, 10000), range: (0, 1)).labelled(count: 8) == [1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 10000])
    }

    /// A chart's time axis asks for d3's default count, 10: a daily series of four years ticks
    /// its 16 quarters, each of d3's `scaleUtc().ticks()` and no other (8 gave four years).
    @Test func aFourYearDailySeriesTicksItsQuartersAsD3Does() async throws {
        let start = Double(CalendarDate(year: 2020, month: 1, day: 1)!.daysSince1970) * 86_400
        let days = (0...(4 * 365)).map { start + Double($0) * 86_400 }
        let output = try await Self.oracle(
            """
            console.log(JSON.stringify(d3.scaleUtc().domain([new Date(input.a * 1000), new Date(input.b * 1000)]).ticks()
              .map((t) => t.getTime() / 1000)));
            """, ["a": days.first!, "b": days.last!])
        let d3 = try #require(output as? [Double])
        // 2020-01-01 to 2023-12-31: January, April, July and October of four years.
        #expect(d3.count == 16)
        var chart = Chart(kind: .line, domain: .times(days), series: [Chart.Series(name: "s", values: days.map { _ in 1 })])
        // Each tick named by its place in d3's list, short enough that every one fits.
        chart.timeLabel = { tick in d3.firstIndex(of: tick.seconds).map(String.init) ?? "not d3's" }
        let read = try SVGRead(chart.svg(id: "c", title: "t", summary: "s"))
        #expect(read.placedTexts.filter { $0.group == "axis x-axis" }.map(\.text) == d3.indices.map(String.init))
    }
}

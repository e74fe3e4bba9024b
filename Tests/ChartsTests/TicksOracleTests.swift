import Charts
import Foundation
import TestSupport
import Testing

/// Ticks, nice domains and histogram bins held to d3-array itself (Debian's `node-d3-array`,
/// 3.2), run in node on thousands of random domains and data: the same doubles, not merely
/// close ones.
@Suite struct TicksOracleTests {
    /// Where d3-array is: `TTSITE_D3_ARRAY`, or where Debian's `node-d3-array` or a global npm
    /// install puts it (`scripts/install-deps` installs it).
    static let d3 =
        ([ProcessInfo.processInfo.environment["TTSITE_D3_ARRAY"]].compactMap { $0 }
        + ["/usr/share/nodejs/d3-array", "/opt/homebrew/lib/node_modules/d3-array", "/usr/local/lib/node_modules/d3-array"])
        .first { FileManager.default.fileExists(atPath: $0 + "/package.json") } ?? "/usr/share/nodejs/d3-array"

    static func oracle(_ body: String, _ input: [String: Any]) async throws -> Any {
        guard FileManager.default.fileExists(atPath: d3 + "/package.json") else {
            throw Node.Failure(
                description:
                    "d3-array is not at \(d3): install Debian's node-d3-array (scripts/install-deps), or name its folder in TTSITE_D3_ARRAY"
            )
        }
        var input = input
        input["d3"] = d3
        // d3-array requires internmap, which Debian installs beside it: its folder is where
        // node must look for modules.
        let load = """
            process.env.NODE_PATH = require("path").dirname(input.d3);
            require("module").Module._initPaths();
            const d3 = require(input.d3);

            """
        return try await Node.run(load + body, input: input)
    }

    /// Domains of every size and sign: integers, fractions, tiny and huge spans, equal and
    /// reversed bounds.
    static func domains(_ count: Int) -> [(Double, Double, Double)] {
        var random = SystemRandomNumberGenerator()
        let counts: [Double] = [1, 2, 3, 4, 5, 7, 10, 12, 15, 20, 40, 0.5, 0]
        return (0..<count).map { number in
            let scale = pow(10, Double(Int.random(in: -12...15, using: &random)))
            var start = Double.random(in: -1...1, using: &random) * scale
            var stop = start + Double.random(in: 0...2, using: &random) * scale * pow(10, Double(Int.random(in: -3...3, using: &random)))
            switch number % 10 {
            case 0: (start, stop) = (start.rounded(), stop.rounded())
            case 1: (start, stop) = (stop, start)
            case 2: stop = start
            case 3:
                (start, stop) = (Double(Int.random(in: -1000...1000, using: &random)), Double(Int.random(in: -1000...1000, using: &random)))
            default: break
            }
            return (start, stop, counts.randomElement(using: &random)!)
        }
    }

    /// Numbers go to node and back as their shortest texts, which read back as the same
    /// doubles on both sides (JSON through Foundation rounds some to 15 digits).
    @Test func ticksIncrementsAndNiceDomainsAreD3s() async throws {
        let domains = Self.domains(4000)
        let output = try await Self.oracle(
            """
            const text = (v) => Array.isArray(v) ? v.map(text) : String(v);
            console.log(JSON.stringify(input.domains.map((d) => {
              const [a, b, n] = d.map(Number);
              let ticks; try { ticks = d3.ticks(a, b, n); } catch (e) { ticks = "threw"; }
              return [ticks, d3.tickIncrement(Math.min(a, b), Math.max(a, b), n), d3.nice(a, b, n)].map(text);
            })));
            """, ["domains": domains.map { ["\($0.0)", "\($0.1)", "\($0.2)"] }])
        let results = try #require(output as? [[Any]])
        #expect(results.count == domains.count)
        var checked = 0
        for ((start, stop, count), result) in zip(domains, results) {
            let context = "ticks(\(start), \(stop), \(count))"
            if let ticks = result[0] as? [String] {
                #expect(Self.same(Ticks.values(from: start, to: stop, count: count), ticks), "\(context): \(ticks)")
                checked += 1
            }
            let increment = Ticks.increment(from: min(start, stop), to: max(start, stop), count: count)
            #expect(Self.same([increment], [result[1] as? String ?? ""]), "\(context): tickIncrement \(increment), d3 \(result[1])")
            let nice = Ticks.nice(start, stop, count: count)
            #expect(Self.same([nice.start, nice.stop], result[2] as? [String] ?? []), "\(context): nice \(nice), d3 \(result[2])")
        }
        #expect(checked > 3000)
    }

    /// Whether the doubles are those JavaScript wrote (`String(x)`, read back exactly by
    /// Swift), NaN being NaN.
    static func same(_ values: [Double], _ texts: [String]) -> Bool {
        values.count == texts.count
            && zip(values, texts).allSatisfy { value, text in
                guard let other = Double(text) else { return false }
                return value == other || (value.isNaN && other.isNaN)
            }
    }

    @Test func histogramBinsAreD3s() async throws {
        var random = SystemRandomNumberGenerator()
        let datasets: [[Double]] = (0..<400).map { number in
            let size = [1, 2, 3, 10, 50, 200, 1000][number % 7]
            let scale = pow(10, Double(Int.random(in: -6...9, using: &random)))
            let offset = Double.random(in: -5...5, using: &random) * scale
            return (0..<size).map { _ in
                switch number % 4 {
                case 0: offset + Double(Int.random(in: 0...20, using: &random)) * scale
                case 1: offset + (0..<6).map { _ in Double.random(in: 0...1, using: &random) }.reduce(0, +) * scale
                case 2: offset
                default: offset + Double.random(in: 0...1, using: &random) * scale
                }
            }
        }
        let output = try await Self.oracle(
            """
            console.log(JSON.stringify(input.datasets.map((values) => d3.bin()(values.map(Number)).map((b) => \
            [b.x0, b.x1, b.length].map(String)))));
            """, ["datasets": datasets.map { $0.map { "\($0)" } }])
        let results = try #require(output as? [[[String]]])
        #expect(results.count == datasets.count)
        for (values, expected) in zip(datasets, results) {
            let bins = Bins(values).bins
            #expect(
                bins.count == expected.count
                    && zip(bins, expected).allSatisfy { bin, bounds in
                        Self.same([bin.lower, bin.upper, Double(bin.count)], bounds)
                    }, "\(values.prefix(5))… (\(values.count) values): \(bins), d3 \(expected)")
        }
        #expect(Bins([]).bins.isEmpty)
        #expect(Bins([.nan, .infinity]).bins.isEmpty)
    }
}

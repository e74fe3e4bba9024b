import Charts
import Foundation
import TestSupport
import Testing

/// A box plot's quartiles held to d3-array's `quantile` (Debian's `node-d3-array`) on random
/// samples, and its whiskers and outliers to Tukey's rule, worked out by hand.
@Suite struct BoxStatsOracleTests {
    @Test func quartilesAreD3s() async throws {
        var random = SystemRandomNumberGenerator()
        let samples: [[Double]] = (0..<300).map { _ in
            (0..<Int.random(in: 1...40, using: &random)).map { _ in (Double.random(in: -1000...1000, using: &random) * 100).rounded() / 100
            }
        }
        let modules = TimeAndLogTicksOracleTests.modules
        guard FileManager.default.fileExists(atPath: modules + "/d3-array/package.json") else {
            throw Node.Failure(description: "d3-array is not in \(modules): install Debian's node-d3-array (scripts/install-deps)")
        }
        let output = try await Node.run(
            """
            process.env.NODE_PATH = input.modules;
            require("module").Module._initPaths();
            const d3 = require("d3-array");
            console.log(JSON.stringify(input.samples.map((s) => [0.25, 0.5, 0.75].map((p) => d3.quantile(s, p)))));
            """, input: ["samples": samples, "modules": modules])
        let expected = try #require(output as? [[Double]])
        for (sample, d3) in zip(samples, expected) {
            let stats = try #require(BoxStats(sample))
            #expect([stats.q1, stats.median, stats.q3].elementsEqual(d3) { abs($0 - $1) <= 1e-9 * max(1, abs($1)) }, "\(sample): \(d3)")
        }
    }

    @Test func whiskersReachTheValuesWithinOneAndAHalfBoxes() throws {
        // Sorted 1 … 9 and 100: Q1 at rank 2.25 is 3.25, Q3 at 6.75 is 7.75, the box 4.5 high;
        // the fences 3.25 − 6.75 = −3.5 and 7.75 + 6.75 = 14.5: the whiskers 1 and 9, 100 beyond.
        let stats = try #require(BoxStats([9, 2, 100, 4, 1, 3, 5, 7, 6, 8, .nan]))
        #expect(stats.count == 10 && stats.q1 == 3.25 && stats.median == 5.5 && stats.q3 == 7.75)
        #expect(stats.low == 1 && stats.high == 9 && stats.outliers == [100])
        #expect(BoxStats([]) == nil && BoxStats([.infinity]) == nil)
        #expect(BoxStats([4])?.median == 4 && BoxStats([4])?.outliers == [])
    }
}

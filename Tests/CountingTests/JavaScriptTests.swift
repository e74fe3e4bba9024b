import Counting
import Foundation
import TestSupport
import Testing
import TextFormatting

/// counter.js, loaded in node, must draw the same curves, reach the same values and write
/// the same numbers as the Swift module. Without node these tests fail: they never pass
/// silently.
@Suite struct JavaScriptTests {
    /// Sources/SiteBuilder/DefaultTemplates/counter.js, found from this file.
    static let script = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/SiteBuilder/DefaultTemplates/counter.js")

    /// 201 evenly spaced points, the middle's neighbours, and points no grid hits.
    static let points: [Double] = {
        let grid: [Double] = (0...200).map { Double($0) / 200 }
        let extra: [Double] = [1e-9, 1.0 / 3, 0.499_999_999, 0.500_000_001, 2.0 / 3, 0.999_999_999, -0.25, 1.25]
        return grid + extra
    }()

    @Test func easingCurvesEqualSwift() async throws {
        let output = try await Node.run(
            """
            const c = require(input.script);
            const out = {};
            for (const name of Object.keys(c.easings)) out[name] = input.points.map((t) => c.ease(name, t));
            out.names = Object.keys(c.easings);
            console.log(JSON.stringify(out));
            """,
            input: ["script": Self.script.path, "points": Self.points])
        let curves = try #require(output as? [String: Any])
        #expect(curves["names"] as? [String] == Easing.allCases.map(\.rawValue))
        for easing in Easing.allCases {
            let js = try #require(curves[easing.rawValue] as? [Double], "counter.js has no \(easing.rawValue)")
            #expect(js.count == Self.points.count)
            for (t, value) in zip(Self.points, js) {
                #expect(
                    abs(value - easing.progress(t)) <= 1e-12, "\(easing.rawValue) at t = \(t): JS \(value), Swift \(easing.progress(t))")
            }
        }
    }

    @Test func valuesOverTimeEqualSwift() async throws {
        let counters = try [
            Counter(from: 0, to: 34, duration: 1.5, easing: .easeOut),
            Counter(from: 100, to: -20, duration: 3, easing: .easeInOut),
            Counter(from: 0.1, to: 0.3, duration: 1, easing: .linear),
            Counter(from: 5, to: 5_000, duration: 0, easing: .easeIn),
            Counter(from: 10, to: 110, duration: 4, easing: .none),
        ]
        let times: [Double] = (-2...40).map { Double($0) / 8 }
        let input: [String: Any] = [
            "script": Self.script.path, "times": times,
            "counters": counters.map { c in
                ["from": c.from, "to": c.to, "duration": c.duration, "easing": c.easing.rawValue]
            },
        ]
        let output = try await Node.run(
            """
            const c = require(input.script);
            console.log(JSON.stringify(input.counters.map((k) => input.times.map((s) => c.valueAt(k, s)))));
            """,
            input: input)
        let values = try #require(output as? [[Double]])
        for (counter, row) in zip(counters, values) {
            for (seconds, value) in zip(times, row) {
                #expect(abs(value - counter.value(at: seconds)) <= 1e-12, "\(counter) at \(seconds) s")
            }
        }
    }

    /// The page's digits (Intl.NumberFormat in node) look like the HTML's final text (Swift).
    @Test func numbersAreWrittenLikeSwift() async throws {
        let languages = ["en", "de", "ru", "uk", "fr", "es", "it", "pl", "nl", "pt", "de-AT", "xx"]
        let values: [Double] = [
            0, -0.0, 0.35, 0.125, 1.005, 2.5, -2.5, -0.4, -0.005, 2.675, 99.5, 999.95, 1234.5,
            12_345.678, -1_234_567.891, 1e-7, 123_456_789.123_456, 34, 0.1 + 0.2, 7.777_7,
        ]
        let decimals = [0, 1, 2, 3]
        let output = try await Node.run(
            """
            const c = require(input.script);
            console.log(JSON.stringify(input.languages.map((l) =>
              input.decimals.map((d) => input.values.map((v) => c.formatNumber(v, d, l))))));
            """,
            input: ["script": Self.script.path, "languages": languages, "values": values, "decimals": decimals])
        let texts = try #require(output as? [[[String]]])
        for (language, byDecimals) in zip(languages, texts) {
            let symbols = NumberSymbols(language: language)
            for (d, row) in zip(decimals, byDecimals) {
                for (value, js) in zip(values, row) {
                    #expect(js == symbols.string(for: value, fractionDigits: d), "\(value) with \(d) decimals in \(language)")
                }
            }
        }
    }

    @Test func formatStringsLikeSwift() async throws {
        let counter = try Counter(to: 1234.5, kind: .decimals(1), format: "{value} % of {value}")
        let output = try await Node.run(
            """
            const c = require(input.script);
            console.log(JSON.stringify(c.textFor({ format: input.format, decimals: 1 }, 1234.5, "ru")));
            """,
            input: ["script": Self.script.path, "format": counter.format])
        #expect(output as? String == counter.finalText(language: "ru"))
    }
}

// Dates parsed per second by ValueTransformers' parsers, against Foundation's
// Date.ISO8601FormatStyle and DateFormatter on the same strings.
// Run: swift run -c release TransformerBenchmark [count]
import Foundation
import ValueTransformers

let count = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 200_000
let utc = TimeZone(identifier: "UTC")!

/// Deterministic instants between 1901 and 2099 with milliseconds.
func makeInstants(_ count: Int) -> [Date] {
    var seed: UInt64 = 0x5EED
    return (0..<count).map { _ in
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let millis = Int64(seed >> 20) % 6_250_000_000_000 - 2_175_000_000_000
        return Date(timeIntervalSince1970: Double(millis) / 1000)
    }
}
let instants = makeInstants(count)

func dateFormatter(_ format: String) -> DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = utc
    formatter.dateFormat = format
    return formatter
}

struct Format {
    let name: String
    let strings: [String]
    let ours: any DateTextParser
    let isoStyle: Date.ISO8601FormatStyle?
    let formatter: DateFormatter?
}

let berlinOffset = 7200
let formats: [Format] = [
    Format(
        name: "ISO 8601 .SSSZ", strings: instants.map { ISO8601DateParser.format($0, fractionDigits: 3) },
        ours: ISO8601DateParser(), isoStyle: Date.ISO8601FormatStyle(includingFractionalSeconds: true),
        formatter: dateFormatter("yyyy-MM-dd'T'HH:mm:ss.SSSXXXXX")),
    Format(
        name: "ISO 8601 Z", strings: instants.map { ISO8601DateParser.format($0, fractionDigits: 0) },
        ours: ISO8601DateParser(), isoStyle: Date.ISO8601FormatStyle(),
        formatter: dateFormatter("yyyy-MM-dd'T'HH:mm:ssXXXXX")),
    Format(
        name: "ISO 8601 +02:00", strings: instants.map { ISO8601DateParser.format($0, utcOffset: berlinOffset, fractionDigits: 0) },
        ours: ISO8601DateParser(), isoStyle: Date.ISO8601FormatStyle(),
        formatter: dateFormatter("yyyy-MM-dd'T'HH:mm:ssXXXXX")),
    Format(
        name: "ISO 8601 date", strings: instants.map { String(ISO8601DateParser.format($0).prefix(10)) },
        ours: ISO8601DateParser(), isoStyle: Date.ISO8601FormatStyle().year().month().day(),
        formatter: dateFormatter("yyyy-MM-dd")),
    Format(
        name: "RFC 1123", strings: instants.map { HTTPDateParser(.rfc1123).format($0) },
        ours: HTTPDateParser(.rfc1123), isoStyle: nil, formatter: dateFormatter("EEE, dd MMM yyyy HH:mm:ss zzz")),
    Format(
        name: "RFC 850", strings: instants.map { HTTPDateParser(.rfc850).format($0) },
        ours: HTTPDateParser(.rfc850), isoStyle: nil, formatter: dateFormatter("EEEE, dd-MMM-yy HH:mm:ss zzz")),
    Format(
        name: "asctime", strings: instants.map { HTTPDateParser(.asctime).format($0) },
        ours: HTTPDateParser(.asctime), isoStyle: nil, formatter: dateFormatter("EEE MMM d HH:mm:ss yyyy")),
    Format(
        name: "dd.MM.yyyy", strings: instants.map { try! DatePattern("dd.MM.yyyy").format($0) },
        ours: try! DatePattern("dd.MM.yyyy"), isoStyle: nil, formatter: dateFormatter("dd.MM.yyyy")),
]

/// Runs `parse` over `strings` (at most `limit` of them) and returns dates per second.
func rate(_ strings: [String], limit: Int = .max, _ parse: (String) -> Date?) -> (perSecond: Double, failures: Int) {
    let sample = strings.prefix(limit)
    var failures = 0
    var checksum = 0.0
    let clock = ContinuousClock()
    let elapsed = clock.measure {
        for string in sample {
            if let date = parse(string) { checksum += date.timeIntervalSince1970 } else { failures += 1 }
        }
    }
    if checksum == .pi { print("") }  // keeps the work from being optimized away
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return (Double(sample.count) / seconds, failures)
}

func formatted(_ perSecond: Double?) -> String {
    guard let perSecond else { return "—".padding(toLength: 12, withPad: " ", startingAt: 0) }
    return String(format: "%12.0f", perSecond)
}

func ratio(_ ours: Double, _ theirs: Double?) -> String {
    guard let theirs else { return "     —" }
    return String(format: "%5.1f×", ours / theirs)
}

let dates = try CompoundTransformer.dates(formats: ["dd.MM.yyyy"])
let foundationLimit = max(1, count / 10)  // Foundation is slow: time it on a tenth of the strings

print("\(count) strings per format (Foundation timed on \(foundationLimit)); dates per second, release build")
print("format               parser    compound  ISO8601Style DateFormatter  vs Style  vs DateFormatter")
for format in formats {
    let ours = rate(format.strings) { try? format.ours.parse($0).date() }
    let compound = rate(format.strings) { try? dates.transform($0, to: Date.self) }
    let style = format.isoStyle.map { style in rate(format.strings, limit: foundationLimit) { try? style.parse($0) } }
    let formatter = format.formatter.map { formatter in rate(format.strings, limit: foundationLimit) { formatter.date(from: $0) } }
    let failures = ours.failures + compound.failures + (style?.failures ?? 0) + (formatter?.failures ?? 0)
    print(
        format.name.padding(toLength: 16, withPad: " ", startingAt: 0),
        formatted(ours.perSecond), formatted(compound.perSecond),
        formatted(style?.perSecond), formatted(formatter?.perSecond),
        "  ", ratio(ours.perSecond, style?.perSecond), "   ", ratio(ours.perSecond, formatter?.perSecond),
        failures > 0 ? "  (\(failures) strings not parsed)" : ""
    )
}

let unixStrings = instants.map { String($0.timeIntervalSince1970) }
let unix = UNIXTimeTransformer()
let unixRate = rate(unixStrings) { try? unix.transform($0, to: Date.self) }
let unixCompound = rate(unixStrings) { try? dates.transform($0, to: Date.self) }
let unixNaive = rate(unixStrings) { Double($0).map(Date.init(timeIntervalSince1970:)) }
print(
    "UNIX time string".padding(toLength: 16, withPad: " ", startingAt: 0),
    formatted(unixRate.perSecond), formatted(unixCompound.perSecond), formatted(nil), formatted(nil),
    "   (Double(String) alone: \(Int(unixNaive.perSecond))/s)"
)

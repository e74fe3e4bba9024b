import CivilTime
import Foundation
import Testing

@testable import ValueTransformers

@Suite("Compound transformers")
struct CompoundTransformerTests {
    static func constant(_ name: String, _ result: String) -> BlockTransformer {
        BlockTransformer.converting(String.self, to: String.self, name: name) { _ in result }
    }

    static let failing = BlockTransformer.converting(String.self, to: String.self, name: "failing") { value -> String in
        throw TransformationError.badInput(value, for: String.self, "never works")
    }

    @Test("The first member that handles the pair and succeeds wins")
    func ordering() throws {
        let compound = CompoundTransformer(name: "text", [Self.failing, Self.constant("first", "1"), Self.constant("second", "2")])
        #expect(try compound.transform("x", to: String.self) == "1")
    }

    @Test("Members that do not handle the pair are skipped")
    func skipsUnrelated() throws {
        let compound = CompoundTransformer(name: "mixed", [UNIXTimeTransformer(), Self.constant("text", "t")])
        #expect(try compound.transform("x", to: String.self) == "t")
        #expect(try compound.transform("0", to: Date.self) == Date(timeIntervalSince1970: 0))
    }

    @Test("Inserting at a priority, adding and removing")
    func priority() throws {
        let compound = CompoundTransformer(name: "text", [Self.constant("a", "A")])
        #expect(try compound.transform("x", to: String.self) == "A")
        compound.insert(Self.constant("b", "B"), atPriority: 0)
        #expect(try compound.transform("x", to: String.self) == "B")
        compound.add(Self.constant("c", "C"))
        compound.insert(Self.constant("d", "D"), atPriority: 99)
        #expect(compound.transformers.map(\.name) == ["b", "a", "c", "d"])
        #expect(compound.remove(named: "b"))
        #expect(!compound.remove(named: "zzz"))
        #expect(try compound.transform("x", to: String.self) == "A")
        compound.insert(Self.constant("e", "E"), atPriority: 1)
        #expect(compound.transformers.map(\.name) == ["a", "e", "c", "d"])
    }

    @Test("The cached look-up follows changes of members")
    func cacheInvalidation() throws {
        let compound = CompoundTransformer(name: "date", [])
        #expect(!compound.canTransform(from: String.self, to: Date.self))
        compound.add(UNIXTimeTransformer())
        #expect(compound.canTransform(from: String.self, to: Date.self))
        compound.remove(named: "UNIX time")
        #expect(!compound.canTransform(from: String.self, to: Date.self))
    }

    @Test("The error lists what each member said")
    func errorText() throws {
        let dates = try CompoundTransformer.dates(formats: ["dd.MM.yyyy"], now: .oracleNow)
        let error = #expect(throws: TransformationError.self) { try dates.transform("31-02-1990", to: Date.self) }
        #expect(error?.reason == .badInput)
        #expect(error?.message == #""31-02-1990" is not a date (tried: ISO 8601, UNIX time, RFC 1123, RFC 850, asctime, dd.MM.yyyy)"#)
        #expect(error?.attempts.map(\.transformer) == ["ISO 8601", "UNIX time", "RFC 1123", "RFC 850", "asctime", "dd.MM.yyyy"])
        #expect(
            error?.detailedDescription == """
                "31-02-1990" is not a date (tried: ISO 8601, UNIX time, RFC 1123, RFC 850, asctime, dd.MM.yyyy)
                  ISO 8601: "31-02-1990" is not a date in ISO 8601 format: expected a four-digit year at the start
                  UNIX time: "31-02-1990" is not a date: UNIX time must be a number of seconds
                  RFC 1123: "31-02-1990" is not a date in RFC 1123 format: expected the day of the month
                  RFC 850: "31-02-1990" is not a date in RFC 850 format: expected a weekday name
                  asctime: "31-02-1990" is not a date in asctime format: expected a weekday name
                  dd.MM.yyyy: "31-02-1990" is not a date in dd.MM.yyyy format: expected "." before "-02-1990"
                """)
    }

    @Test("No member for the pair: an unsupported-destination error")
    func unsupported() throws {
        let dates = try CompoundTransformer.dates()
        let error = #expect(throws: TransformationError.self) { try dates.transform("x", to: URL.self) }
        #expect(error?.reason == .unsupportedDestination)
        #expect(error?.message == #""x" is not a URL (no date transformer turns a string into a URL)"#)
    }

    @Test(
        "The default date compound reads every input form",
        arguments: [
            ("1992-03-08T15:13:16.688Z", 700_067_596.688),
            ("1983-07-14 07:29:45", 427_015_785),
            ("1983-07-14", 426_988_800),
            ("1378767519.18176508", 1_378_767_519.181_765_08),
            ("Sun, 06 Nov 1994 08:49:37 GMT", 784_111_777),
            ("Sunday, 06-Nov-94 08:49:37 GMT", 784_111_777),
            ("Sun Nov  6 08:49:37 1994", 784_111_777),
            ("06.11.1994", 784_080_000),
        ])
    func defaultDates(text: String, seconds: Double) throws {
        // Instants from Python: datetime(...,tzinfo=timezone.utc).timestamp()
        let dates = try CompoundTransformer.dates(formats: ["dd.MM.yyyy"], now: .oracleNow)
        #expect(try dates.transform(text, to: Date.self).timeIntervalSince1970 == seconds)
    }

    @Test("Written dates keep the calendar date as written, whatever the zone")
    func writtenDates() throws {
        let dates = try CompoundTransformer.dates(zoneless: .timeZone(TimeZone(identifier: "Pacific/Kiritimati")!))
        let late = try dates.transform("1990-02-28T23:30:00-05:00", to: WrittenDate.self)
        #expect(late.calendarDate == CalendarDate(year: 1990, month: 2, day: 28))
        #expect(late.utcOffset == -18_000)
        let plain = try dates.transform("1990-02-28", to: WrittenDate.self)
        #expect(plain.calendarDate.description == "1990-02-28")
        #expect(plain.utcOffset == nil && !plain.hasTime)
        let unix = try dates.transform(636_163_200, to: WrittenDate.self)  // Python: 1990-02-28T00:00:00Z
        #expect(unix.calendarDate == CalendarDate(year: 1990, month: 2, day: 28))
    }

    @Test("The standard compound routes each pair to its transformer")
    func standard() throws {
        let all = CompoundTransformer.standard()
        #expect(try all.transform("2013-04-23T16:29:05Z", to: Date.self) == Date(timeIntervalSince1970: 1_366_734_545))
        #expect(try all.transform("https://example.org", to: URL.self) == URL(string: "https://example.org"))
        #expect(try all.transform("2.5", to: Double.self) == 2.5)
        #expect(try all.transform("yes", to: Bool.self) == true)
        #expect(try all.transform(NSNull(), to: Int?.self) == nil)
        #expect(try all.transform("a", to: [String].self) == ["a"])
        #expect(try all.transform(42, to: String.self) == "42")
    }

    @Test("A block transformer reports foreign errors as failures")
    func blockFailure() {
        struct Oops: Error, CustomStringConvertible { var description: String { "oops" } }
        let block = BlockTransformer(name: "broken", canTransform: { _, _ in true }, transform: { _, _ in throw Oops() })
        let error = #expect(throws: TransformationError.self) { try block.transform("x", to: Int.self) }
        #expect(error?.reason == .failed)
        #expect(error?.message == #"broken could not turn "x" into an integer: oops"#)
        #expect(error?.input == #""x""#)
        #expect(error?.destination == "Int")
    }

    @Test("A compound is usable from many tasks at once")
    func concurrentUse() async throws {
        let dates = try CompoundTransformer.dates()
        try await withThrowingTaskGroup(of: Date.self) { group in
            for index in 0..<100 {
                group.addTask { try dates.transform(String(index), to: Date.self) }
            }
            var count = 0
            for try await _ in group { count += 1 }
            #expect(count == 100)
        }
    }
}

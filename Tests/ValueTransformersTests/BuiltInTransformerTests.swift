import Foundation
import OrderedCollections
import Testing

@testable import ValueTransformers

/// The seed's test-suite style: per transformer, validation both ways, transformation both
/// ways, and each kind of error.
@Suite("Built-in transformers")
struct BuiltInTransformerTests {
    static let url = URLTransformer()
    static let webURL = URLTransformer(allowedSchemes: ["http", "https"], allowsRelative: true)
    static let number = NumberTransformer()
    static let decimal = DecimalTransformer()
    static let null = NullTransformer()
    static let unix = UNIXTimeTransformer()
    static let iso = DateTransformer(ISO8601DateParser())
    static let rfc1123 = DateTransformer(HTTPDateParser(.rfc1123))
    static let pattern = DateTransformer(try! DatePattern("dd.MM.yyyy"))
    static let stringForm = StringFormTransformer()
    static let single = SingleValueToCollectionTransformer()
    static let collection = CollectionTransformer()
    static let boolean = BooleanTransformer()

    static let validations: [ValidationCase] = [
        .init(url, String.self, URL.self, true), .init(url, URL.self, String.self, true),
        .init(url, String.self, Date.self, false), .init(url, Int.self, URL.self, false),
        .init(number, String.self, Double.self, true), .init(number, Int.self, String.self, true),
        .init(number, NSNumber.self, Int.self, true), .init(number, String.self, String.self, false),
        .init(number, Date.self, Double.self, false),
        .init(decimal, String.self, Decimal.self, true), .init(decimal, Decimal.self, String.self, true),
        .init(decimal, Double.self, Decimal.self, true), .init(decimal, Decimal.self, Double.self, true),
        .init(decimal, String.self, Double.self, false),
        .init(null, NSNull.self, Date?.self, true), .init(null, Date?.self, NSNull.self, true),
        .init(null, NSNull.self, Date.self, false), .init(null, String.self, String?.self, false),
        .init(unix, Double.self, Date.self, true), .init(unix, String.self, Date.self, true),
        .init(unix, Date.self, Int.self, true), .init(unix, Date.self, String.self, true),
        .init(unix, Int.self, WrittenDate.self, true), .init(unix, Date.self, URL.self, false),
        .init(iso, String.self, Date.self, true), .init(iso, Date.self, String.self, true),
        .init(iso, String.self, WrittenDate.self, true), .init(iso, Double.self, Date.self, false),
        .init(rfc1123, String.self, Date.self, true), .init(rfc1123, Date.self, String.self, true),
        .init(pattern, String.self, Date.self, true), .init(pattern, Date.self, Int.self, false),
        .init(stringForm, Int.self, String.self, true), .init(stringForm, String.self, Int.self, true),
        .init(stringForm, URL.self, String.self, true), .init(stringForm, String.self, Date.self, false),
        .init(stringForm, NSNull.self, String.self, false),
        .init(single, String.self, [String].self, true), .init(single, Int.self, Set<Int>.self, true),
        .init(single, String.self, [Int].self, false), .init(single, [String].self, [String].self, false),
        .init(collection, [Int].self, Set<Int>.self, true), .init(collection, Set<Int>.self, [Int].self, true),
        .init(collection, [String].self, OrderedSet<String>.self, true),
        .init(collection, OrderedSet<String>.self, [String].self, true), .init(collection, String.self, [String].self, false),
        .init(boolean, String.self, Bool.self, true), .init(boolean, Int.self, Bool.self, true),
        .init(boolean, Bool.self, String.self, true), .init(boolean, Bool.self, Int.self, true),
        .init(boolean, Date.self, Bool.self, false),
    ]

    @Test("Validation of type pairs", arguments: validations)
    func validation(row: ValidationCase) {
        #expect(row.transformer.canTransform(from: row.source, to: row.destination) == row.expected)
    }

    static let instant = Date(timeIntervalSince1970: 1_366_734_545)
    static let fractional = Date(timeIntervalSince1970: 1_378_767_519.181_765_08)

    static let transformations: [TransformCase] = [
        // URL
        .init(url, "https://example.org/a?b=1", URL.self, URL(string: "https://example.org/a?b=1")!),
        .init(url, URL(string: "https://example.org/")!, String.self, "https://example.org/"),
        .init(webURL, "/people/", URL.self, URL(string: "/people/")!),
        .init(webURL, "javascript:alert(1)", URL.self, fails: .badInput),
        .init(webURL, "data:text/html,hi", URL.self, fails: .badInput),
        .init(URLTransformer(allowsRelative: false), "img/a.png", URL.self, fails: .badInput),
        .init(url, "", URL.self, fails: .badInput),
        .init(url, "https://exa mple.org", URL.self, fails: .badInput),
        .init(url, 42, URL.self, fails: .badInput),
        .init(url, "https://example.org", Date.self, fails: .unsupportedDestination),
        // Numbers, locale-independent
        .init(number, "1378767519.18176508", Double.self, 1_378_767_519.181_765_08),
        .init(number, "-12", Int.self, -12),
        .init(number, "1e3", Int.self, 1000),
        .init(number, "3.0", Int.self, 3),
        .init(number, "255", UInt8.self, UInt8(255)),
        .init(number, 3.5, Float.self, Float(3.5)),
        .init(number, NSNumber(value: 42), Int.self, 42),
        .init(number, 42, String.self, "42"),
        .init(number, 2.5, String.self, "2.5"),
        .init(number, 1e21, String.self, "1e+21"),
        .init(number, "3.5", Int.self, fails: .badInput),
        .init(number, "300", Int8.self, fails: .badInput),
        .init(number, "1,5", Double.self, fails: .badInput),
        .init(number, " 1", Double.self, fails: .badInput),
        .init(number, "inf", Double.self, fails: .badInput),
        .init(number, "1e400", Double.self, fails: .badInput),  // valid JSON, beyond Double's range
        .init(number, "-1e400", Float.self, fails: .badInput),
        .init(number, "1e-400", Double.self, 0.0),  // underflows to zero: still a number
        .init(number, "", Double.self, fails: .badInput),
        .init(number, true, Double.self, fails: .badInput),
        .init(number, "12", Date.self, fails: .unsupportedDestination),
        // Decimal
        .init(decimal, "3.4593895835", Decimal.self, Decimal(string: "3.4593895835")!),
        .init(decimal, Decimal(string: "3.4593895835")!, String.self, "3.4593895835"),
        .init(decimal, 2.5, Decimal.self, Decimal(string: "2.5")!),
        .init(decimal, Decimal(string: "2.5")!, Double.self, 2.5),
        .init(decimal, Decimal(7), Int.self, 7),
        .init(decimal, "3,45", Decimal.self, fails: .badInput),
        .init(decimal, "12abc", Decimal.self, fails: .badInput),
        .init(decimal, "12", Double.self, fails: .unsupportedDestination),
        // Null
        .init(null, NSNull(), Date?.self, Date?.none as Any),
        .init(null, Date?.none as Any, NSNull.self, NSNull()),
        .init(null, Date?.some(instant) as Any, NSNull.self, fails: .badInput),
        .init(null, NSNull(), Date.self, fails: .unsupportedDestination),
        // UNIX time
        .init(unix, "1378767519.18176508", Date.self, fractional),
        .init(unix, 1_366_734_545, Date.self, instant),
        .init(unix, NSNumber(value: 1_366_734_545), Date.self, instant),
        .init(unix, instant, Int.self, 1_366_734_545),
        .init(unix, fractional, Int.self, 1_378_767_519),
        .init(unix, instant, Double.self, 1_366_734_545.0),
        .init(unix, instant, String.self, "1366734545"),
        .init(unix, "13 Sep 2013", Date.self, fails: .badInput),
        .init(unix, 1e20, Date.self, fails: .badInput),
        .init(unix, true, Date.self, fails: .badInput),
        .init(unix, "0", URL.self, fails: .unsupportedDestination),
        .init(unix, Date(timeIntervalSince1970: 1e12), Int8.self, fails: .failed),
        // ISO 8601 and RFC 1123 through DateTransformer
        .init(iso, "2013-04-23T16:29:05Z", Date.self, instant),
        .init(iso, instant, String.self, "2013-04-23T16:29:05Z"),
        .init(iso, "2013-02-30T16:29:05Z", Date.self, fails: .badInput),
        .init(iso, 1_366_734_545, Date.self, fails: .badInput),
        .init(iso, "2013-04-23T16:29:05Z", Int.self, fails: .unsupportedDestination),
        .init(rfc1123, "Tue, 23 Apr 2013 16:29:05 GMT", Date.self, instant),
        .init(rfc1123, instant, String.self, "Tue, 23 Apr 2013 16:29:05 GMT"),
        .init(rfc1123, "Tue, 23 Apr 2013 16:29:05", Date.self, fails: .badInput),
        .init(pattern, "23.04.2013", Date.self, Date(timeIntervalSince1970: 1_366_675_200)),
        .init(pattern, instant, String.self, "23.04.2013"),
        .init(pattern, "30.02.2013", Date.self, fails: .badInput),
        // String form
        .init(stringForm, 42, String.self, "42"),
        .init(stringForm, 0.1, String.self, "0.1"),
        .init(stringForm, instant, String.self, "2013-04-23T16:29:05Z"),
        .init(stringForm, URL(string: "https://example.org/")!, String.self, "https://example.org/"),
        .init(stringForm, "17", Int.self, 17),
        .init(stringForm, "true", Bool.self, true),
        .init(stringForm, "x", Character.self, Character("x")),
        .init(stringForm, "seventeen", Int.self, fails: .badInput),
        .init(stringForm, NSNull(), String.self, fails: .badInput),
        .init(stringForm, 17, Int.self, fails: .badInput),
        .init(stringForm, "x", Date.self, fails: .unsupportedDestination),
        // Single value → collection
        .init(single, "a", [String].self, ["a"]),
        .init(single, 1, Set<Int>.self, Set([1])),
        .init(single, "a", OrderedSet<String>.self, OrderedSet(["a"])),
        .init(single, "a", [Int].self, fails: .badInput),
        .init(single, ["a"], [String].self, fails: .badInput),
        .init(single, "a", String.self, fails: .unsupportedDestination),
        // Array ⇄ Set ⇄ OrderedSet
        .init(collection, [1, 2, 2, 3], Set<Int>.self, Set([1, 2, 3])),
        .init(collection, ["b", "a", "b"], OrderedSet<String>.self, OrderedSet(["b", "a"])),
        .init(collection, OrderedSet(["b", "a"]), [String].self, ["b", "a"]),
        .init(collection, OrderedSet(["b", "a"]), Set<String>.self, Set(["a", "b"])),
        .init(collection, ["a", 1] as [Any], Set<String>.self, fails: .badInput),
        .init(collection, "a", Set<String>.self, fails: .badInput),
        .init(collection, [1], Int.self, fails: .unsupportedDestination),
        // Booleans
        .init(boolean, "true", Bool.self, true), .init(boolean, "No", Bool.self, false),
        .init(boolean, "YES", Bool.self, true), .init(boolean, "0", Bool.self, false),
        .init(boolean, 1, Bool.self, true), .init(boolean, 0.0, Bool.self, false),
        .init(boolean, true, String.self, "true"), .init(boolean, false, Int.self, 0),
        .init(boolean, "maybe", Bool.self, fails: .badInput), .init(boolean, 2, Bool.self, fails: .badInput),
        .init(boolean, 1, String.self, fails: .badInput),
        .init(boolean, true, Date.self, fails: .unsupportedDestination),
    ]

    @Test("Transformations and errors", arguments: transformations)
    func transformation(row: TransformCase) {
        row.check()
    }

    @Test("A Set becomes an array with the same elements")
    func setToArray() throws {
        let array: [Int] = try Self.collection.transform(Set([1, 2, 3]))
        #expect(array.sorted() == [1, 2, 3])
    }

    @Test("JSON true from JSONSerialization is a Boolean, not the number 1")
    func serializationBooleans() throws {
        let object = try JSONSerialization.jsonObject(with: Data(#"{"t":true,"one":1}"#.utf8)) as! [String: Any]
        #expect(try Self.boolean.transform(object["t"]!, to: Bool.self) == true)
        #expect(try Self.boolean.transform(object["one"]!, to: Bool.self) == true)
        #expect(throws: TransformationError.self) { try Self.number.transform(object["t"]!, to: Int.self) }
        #expect(try Self.number.transform(object["one"]!, to: Int.self) == 1)
    }

    @Test("Numbers parse the same under a German locale")
    func localeIndependent() throws {
        // Nothing in the library reads the current locale; this pins the behaviour down.
        #expect(try Self.number.transform("1378767519.18176508", to: Double.self) == 1_378_767_519.181_765_08)
        #expect(try Self.decimal.transform(Decimal(string: "1234.5")!, to: String.self) == "1234.5")
    }

    @Test("The typed transform checks the result type")
    func typedTransform() throws {
        let missing: Date? = try Self.null.transform(NSNull(), to: Date?.self)
        #expect(missing == nil)
        let date: Date = try Self.unix.transform("0")
        #expect(date == Date(timeIntervalSince1970: 0))
    }
}

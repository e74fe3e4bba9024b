import Foundation
import TemplateEngine
import Testing

/// `TemplateValueEncoder` against Foundation's `JSONEncoder` as the oracle for what both
/// encode (structs, lists, maps, numbers, optionals, coding keys, nested containers), and by
/// hand for what only it does (`.link`, `OrFalse`, `Inline`, `Omitted`, template values).
@Suite struct TemplateValueEncoderTests {
    enum Colour: String, Encodable { case red, green }

    struct Inner: Encodable {
        let label: String
        let count: Int
    }

    struct Plain: Encodable {
        let text: String
        let flag: Bool
        let whole: Int
        let small: UInt8
        let fraction: Double
        let missing: String?
        let present: String?
        let colour: Colour
        let inner: Inner
        let list: [Inner]
        let nested: [[Int]]
        let withNil: [Int?]
        let byName: [String: Int]
        let renamed: Int

        enum CodingKeys: String, CodingKey {
            case text, flag, whole, small, fraction, missing, present, colour, inner, list, nested, withNil, byName
            case renamed = "other_name"
        }
    }

    /// A value whose own `encode(to:)` uses nested containers and a super encoder.
    struct Containers: Encodable {
        enum Keys: String, CodingKey { case head, rows, base, tail }
        enum InnerKeys: String, CodingKey { case a, b }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            var head = container.nestedContainer(keyedBy: InnerKeys.self, forKey: .head)
            try head.encode(1, forKey: .a)
            var rows = container.nestedUnkeyedContainer(forKey: .rows)
            try rows.encode("first")
            var row = rows.nestedContainer(keyedBy: InnerKeys.self)
            try row.encode(true, forKey: .b)
            var inner = rows.nestedUnkeyedContainer()
            try inner.encode(2.5)
            try rows.encodeNil()
            try Inner(label: "base", count: 3).encode(to: container.superEncoder(forKey: .base))
            try container.encode("end", forKey: .tail)
            // Written after the nested containers were asked for: they still get their values.
            try head.encode("later", forKey: .b)
        }
    }

    /// The value as Foundation JSON, keys sorted: what `JSONEncoder` writes for the same value.
    private func json(_ value: TemplateValue) throws -> String {
        func object(_ value: TemplateValue) -> Any {
            switch value {
            case .string(let text): text
            case .int(let number): number
            case .double(let number): number
            case .bool(let flag): flag
            case .null: NSNull()
            case .list(let values): values.map(object)
            case .map(let values): values.mapValues(object)
            case .link(let path): "link:" + path
            case .links(let text): "links:" + text.written(after: "")
            }
        }
        let data = try JSONSerialization.data(withJSONObject: object(value), options: [.sortedKeys, .fragmentsAllowed])
        return String(decoding: data, as: UTF8.self)
    }

    private func oracle<Value: Encodable>(_ value: Value) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(value)
        // Both through JSONSerialization, so that numbers are written alike.
        let object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        return String(
            decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed]), as: UTF8.self)
    }

    @Test func encodesWhatJSONEncoderEncodesAlike() throws {
        let value = Plain(
            text: "Anna \"A\" </b>", flag: true, whole: -42, small: 7, fraction: 0.25, missing: nil, present: "here", colour: .green,
            inner: Inner(label: "x", count: 1), list: [Inner(label: "y", count: 2), Inner(label: "z", count: 3)],
            nested: [[1, 2], [], [3]], withNil: [1, nil, 3], byName: ["b": 2, "a": 1], renamed: 9)
        let encoded = try TemplateValueEncoder().encode(value)
        #expect(try json(encoded) == oracle(value))
        // And by hand, the parts that say what a template sees.
        #expect(encoded["missing"] == nil)
        #expect(encoded["present"] == .string("here"))
        #expect(encoded["colour"] == .string("green"))
        #expect(encoded["other_name"] == .int(9) && encoded["renamed"] == nil)
        #expect(encoded["withNil"] == .list([.int(1), .null, .int(3)]))
        #expect(encoded["small"] == .int(7))
        #expect(encoded["fraction"] == .double(0.25))
    }

    @Test func nestedContainersAndSuperEncodersGetTheirValues() throws {
        let encoded = try TemplateValueEncoder().encode(Containers())
        #expect(try json(encoded) == oracle(Containers()))
        #expect(
            encoded
                == .map([
                    "head": .map(["a": .int(1), "b": .string("later")]),
                    "rows": .list([.string("first"), .map(["b": .bool(true)]), .list([.double(2.5)]), .null]),
                    "base": .map(["label": .string("base"), "count": .int(3)]),
                    "tail": .string("end"),
                ]))
    }

    @Test func topLevelValuesThatAreNotMaps() throws {
        let encoder = TemplateValueEncoder()
        #expect(try encoder.encode("text") == .string("text"))
        #expect(try encoder.encode(3) == .int(3))
        #expect(try encoder.encode([true, false]) == .list([.bool(true), .bool(false)]))
        #expect(try encoder.encode(String?.none) == .null)
        #expect(try encoder.encode(UInt64.max) == .double(Double(UInt64.max)))
    }

    struct Heading: Encodable, Sendable {
        let name: String
        let unit: String
        @LinkPath var href: String
    }

    struct View: Encodable {
        @Inline var heading: Heading
        /// Declared after the heading: wins over its key of the same name.
        let unit: String
        @LinkPath var list: String
        @LinkPath var optionalLink: String?
        @LinkPath var noLink: String?
        @OrFalse var image: Heading?
        @OrFalse var caption: String?
        @OrFalse var note: String?
        @Omitted var forTheBuild: [Int]
        let site: TemplateValue
        let srcset: LinkText
    }

    @Test func propertiesSayWhatElseAValueIsToItsTemplate() throws {
        let view = View(
            heading: Heading(name: "Road", unit: "km", href: "timelines/road/"), unit: "mi", list: "timelines/",
            optionalLink: "people/", noLink: nil, image: nil, caption: "A caption", note: nil, forTheBuild: [1, 2],
            site: .map(["title": .string("Site"), "home": .link("")]),
            srcset: LinkText([.path("a.webp"), .text(" 64w")]))
        let encoded = try TemplateValueEncoder().encode(view)
        #expect(
            encoded
                == .map([
                    // The heading's keys are the view's own; the view's `unit` is written over its.
                    "name": .string("Road"), "href": .link("timelines/road/"), "unit": .string("mi"),
                    "list": .link("timelines/"), "optionalLink": .link("people/"),
                    // No `noLink`, no `forTheBuild`; `false` for the missing image and note.
                    "image": .bool(false), "caption": .string("A caption"), "note": .bool(false),
                    "site": .map(["title": .string("Site"), "home": .link("")]),
                    "srcset": .links(LinkText([.path("a.webp"), .text(" 64w")])),
                ]))
    }

    @Test func anInlineValueInAListIsAValueOfItsOwn() throws {
        // Only a view's property joins the view's keys; an element of a list stays an element.
        let list = [Inline(wrappedValue: Inner(label: "a", count: 1))]
        #expect(try TemplateValueEncoder().encode(list) == .list([.map(["label": .string("a"), "count": .int(1)])]))
    }

    struct Shared: Encodable {
        @Inline var heading: Inner
        @LinkPath var list: String
        @OrFalse var note: String?
        let site: TemplateValue
        let srcset: LinkText
    }

    @Test func otherEncodersSeeTemplateValuesAsTheirText() throws {
        // What a JSON encoder gets: paths as text, an inline view under its own key.
        let view = Shared(
            heading: Inner(label: "a", count: 1), list: "list/", note: nil,
            site: .map(["home": .link("index.html"), "n": .int(2), "none": .null]), srcset: LinkText([.path("a.webp"), .text(" 64w")]))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let text = String(decoding: try encoder.encode(view), as: UTF8.self)
        #expect(
            text
                == #"{"heading":{"count":1,"label":"a"},"list":"list/","note":false,"#
                + #""site":{"home":"index.html","n":2,"none":null},"srcset":"a.webp 64w"}"#)
    }
}

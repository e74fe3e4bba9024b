import Foundation
import TemplateEngine
import Testing

/// The official Mustache spec (`Fixtures/mustache-spec/`, from the public mustache/spec
/// repository, MIT): every case of the required modules and of `~inheritance` must give the
/// spec's expected bytes; `~dynamic-names` is optional and its results are listed.
struct MustacheSpecTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let module: String
        let name: String
        let template: String
        let data: TemplateValue
        let partials: [String: String]
        let expected: String

        var testDescription: String { "\(module): \(name)" }
    }

    static let required = ["comments", "delimiters", "interpolation", "inverted", "partials", "sections", "~inheritance"]

    private struct Suite: Decodable {
        struct Test: Decodable {
            let name: String
            let template: String
            let data: JSONValue
            let partials: [String: String]?
            let expected: String
        }

        let tests: [Test]
    }

    /// JSON as a template value: numbers without a fraction are integers, as the spec means.
    private struct JSONValue: Decodable {
        let value: TemplateValue

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                value = .null
            } else if let flag = try? container.decode(Bool.self) {
                value = .bool(flag)
            } else if let number = try? container.decode(Int.self) {
                value = .int(number)
            } else if let number = try? container.decode(Double.self) {
                value = .double(number)
            } else if let text = try? container.decode(String.self) {
                value = .string(text)
            } else if let list = try? container.decode([JSONValue].self) {
                value = .list(list.map(\.value))
            } else {
                value = .map(try container.decode([String: JSONValue].self).mapValues(\.value))
            }
        }
    }

    static func cases(_ module: String) -> [Case] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/mustache-spec/\(module).json")
        let suite = try! JSONDecoder().decode(Suite.self, from: Data(contentsOf: url))
        return suite.tests.map { test in
            Case(
                module: module, name: test.name, template: test.template, data: test.data.value,
                partials: test.partials ?? [:], expected: test.expected)
        }
    }

    static func render(_ test: Case) throws -> String {
        var library = TemplateLibrary()
        for (name, source) in test.partials { try library.add(name, source: source) }
        return library.render(try Template(test.template), test.data)
    }

    @Test(arguments: required.flatMap(cases))
    func requiredCase(_ test: Case) throws {
        #expect(try Self.render(test) == test.expected, "template: \(test.template.debugDescription)")
    }

    @Test func dynamicNamesCasesThatPass() throws {
        let cases = Self.cases("~dynamic-names")
        let passing = try cases.filter { try Self.render($0) == $0.expected }.map(\.name)
        let failing = cases.map(\.name).filter { !passing.contains($0) }
        print("~dynamic-names: \(passing.count) of \(cases.count) pass; failing: \(failing)")
        #expect(passing.count == cases.count, "failing: \(failing)")
    }

    @Test func theSuitesAreAllThere() {
        #expect(Self.required.map { Self.cases($0).count }.reduce(0, +) + Self.cases("~dynamic-names").count == 184)
    }
}

import CivilTime
import Foundation
import TestSupport
import Testing
import TextFormatting

@testable import IntervalText

/// ttsite's plural rules against Babel's (see Oracle/generate_plural_oracle.py).
struct PluralRulesTests {
    static let languages: [(code: String, rules: PluralRules)] = [
        ("en", .oneOther), ("de", .oneOther), ("ru", .eastSlavic), ("uk", .eastSlavic),
    ]

    @Test func oracleCoversTheRequiredNumbers() {
        let literals = Set(PluralOracle.table.map(\.literal))
        let required = (0...200).map(String.init) + ["1000", "1001", "1011", "1021", "0.5", "1.5", "2.5", "21.5"]
        #expect(required.allSatisfy(literals.contains))
        #expect(!PluralOracle.cldrVersion.isEmpty && !PluralOracle.babelVersion.isEmpty)
    }

    @Test(arguments: languages.map(\.code))
    func matchesBabel(code: String) throws {
        let rules = try #require(PluralRules.named(code))
        for row in PluralOracle.table {
            let operands = try #require(PluralOperands(literal: row.literal))
            #expect(rules.category(for: operands) == row.categories[code], "\(code) \(row.literal)")
        }
    }

    @Test(arguments: [
        ("1", 1.0, 1, 0, 0, 0), ("1.50", 1.5, 1, 2, 50, 5), ("21.5", 21.5, 21, 1, 5, 5), ("0.05", 0.05, 0, 2, 5, 5),
    ])
    func operands(literal: String, n: Double, i: Int, v: Int, f: Int, t: Int) throws {
        let operands = try #require(PluralOperands(literal: literal))
        #expect(operands.n == n && operands.i == i && operands.v == v && operands.f == f && operands.t == t)
    }

    /// Operands of a Double follow what is written: trailing zeros dropped, so 1.0 is one.
    @Test func operandsOfWrittenValues() {
        #expect(PluralRules.oneOther.category(for: 1.0) == .one)
        #expect(PluralRules.oneOther.category(for: 1.5) == .other)
        #expect(PluralRules.eastSlavic.category(for: 21.0) == .one)
        #expect(PluralRules.eastSlavic.category(for: 2.5) == .other)
    }

    @Test(arguments: ["en", "de-AT", "ru_RU", "UK", "one_other", "east_slavic", "other_only"])
    func namesAndCodesFindRules(name: String) {
        #expect(PluralRules.named(name) != nil)
    }

    @Test func unknownNamesFindNothing() {
        #expect(PluralRules.named("fr") == nil)
        #expect(PluralRules.named("klingon") == nil)
    }
}

import IntervalText
import Testing

/// Plural rules read from CLDR's notation: every language Babel knows (Oracle/
/// generate_cldr_rules_oracle.py), in the older and in today's keywords, must give Babel's
/// category for every number of the oracle.
struct PluralRuleSyntaxTests {
    @Test func theOracleCoversEveryLanguageAndEveryCategory() {
        #expect(CLDRRulesOracle.languageCount > 300)
        #expect(CLDRRulesOracle.ruleSets.count > 30)
        let seen = Set(CLDRRulesOracle.ruleSets.flatMap(\.categories))
        #expect(seen == Set("zotfmx"))
        #expect(CLDRRulesOracle.ruleSets.allSatisfy { $0.categories.count == CLDRRulesOracle.literals.count })
    }

    @Test(arguments: CLDRRulesOracle.ruleSets.indices)
    func everyLanguagesRulesGiveBabelsCategories(index: Int) throws {
        let set = CLDRRulesOracle.ruleSets[index]
        for conditions in [set.babel, set.modern] {
            let rules = try PluralRules(name: set.languages[0], conditions: conditions)
            let categories = CLDRRulesOracle.literals.map { literal -> Character in
                guard let operands = PluralOperands(literal: literal) else { return "?" }
                return Self.initial[rules.category(for: operands)]!
            }
            for (offset, literal) in CLDRRulesOracle.literals.enumerated() {
                let expected = set.categories[set.categories.index(set.categories.startIndex, offsetBy: offset)]
                #expect(categories[offset] == expected, "\(set.languages[0]) \(conditions) \(literal)")
            }
        }
    }

    static let initial: [PluralCategory: Character] = [.zero: "z", .one: "o", .two: "t", .few: "f", .many: "m", .other: "x"]

    /// French as CLDR's plurals.xml writes it, samples included: each sample falls in its
    /// category (samples with a compact exponent, such as 1c6, are left out).
    @Test func cldrsOwnTextWithSamples() throws {
        let french = try PluralRules(
            name: "fr",
            conditions: [
                .one: "i = 0,1 @integer 0, 1 @decimal 0.0~1.5",
                .many:
                    "e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5 @integer 1000000, 1c6, 2c6, 3c6, 4c6, 5c6, 6c6, "
                    + "… @decimal 1.0000001c6, 1.1c6, 2.0000001c6, 2.1c6, 3.0000001c6, 3.1c6, …",
                .other:
                    " @integer 2~17, 100, 1000, 10000, 100000, 1c3, 2c3, 3c3, 4c3, 5c3, 6c3, "
                    + "… @decimal 2.0~3.5, 2.1c6, 3c6, 3.1c6, 4c6, 5c6, 6c6, …",
            ])
        #expect(french.categories == [.one, .many, .other])
        for literal in ["0", "1", "0.0", "1.5", "1.99"] {
            #expect(french.category(for: PluralOperands(literal: literal)!) == .one, "\(literal)")
        }
        for literal in ["1000000", "2000000"] { #expect(french.category(for: PluralOperands(literal: literal)!) == .many, "\(literal)") }
        for literal in ["2", "17", "100", "1000001", "2.0", "3.5"] {
            #expect(french.category(for: PluralOperands(literal: literal)!) == .other, "\(literal)")
        }
    }

    /// `within` takes numbers between the ends; `in` and `=` only whole ones; `is` one value.
    @Test func withinInAndIs() throws {
        let within = try PluralRules(name: "t", conditions: [.one: "n within 0..2", .few: "n % 10 not within 5..9"])
        let inRange = try PluralRules(name: "t", conditions: [.one: "n in 0..2", .two: "n is not 7", .few: "i mod 10 is 7"])
        let operands = { (literal: String) in PluralOperands(literal: literal)! }
        #expect(within.category(for: operands("1.5")) == .one)
        #expect(within.category(for: operands("15.5")) == .other)
        #expect(within.category(for: operands("13.5")) == .few)
        #expect(inRange.category(for: operands("1.5")) == .two)
        #expect(inRange.category(for: operands("2")) == .one)
        #expect(inRange.category(for: operands("7")) == .few)
        #expect(inRange.category(for: operands("7.0")) == .few)
        #expect(inRange.category(for: operands("17")) == .two)
        #expect(inRange.category(for: operands("7.5")) == .two)
    }

    @Test(arguments: [
        ("i = 1 andd v = 0", 7, "expected `and`, `or` or the end of the condition"),
        ("x = 1", 1, "expected an operand (one of n, i, v, w, f, t, e, c)"),
        ("in = 1", 1, "expected an operand (one of n, i, v, w, f, t, e, c)"),
        ("i % 0 = 1", 5, "the modulus must be more than 0"),
        ("i = 5..2", 5, "the range 5..2 is empty"),
        ("i = ", 5, "expected a number"),
        ("i == 1", 4, "expected a number"),
        ("i < 1", 3, "expected =, !=, in, not in, within or is"),
        ("i = 1 and", 10, "expected an operand (one of n, i, v, w, f, t, e, c)"),
        ("i = 99999999999999999999", 5, "the number is too large"),
        ("é = 1", 1, "expected an operand (one of n, i, v, w, f, t, e, c)"),
        ("", 1, "the condition is empty"),
    ])
    func aBadConditionIsNamedWithWhereAndWhy(text: String, offset: Int, reason: String) {
        #expect(throws: PluralRuleError(category: .one, condition: text, offset: offset, reason: reason)) {
            try PluralRules(name: "t", conditions: [.one: text])
        }
    }

    @Test func otherTakesNoCondition() {
        #expect(
            throws: PluralRuleError(
                category: .other, condition: "i = 1", offset: 1,
                reason: "`other` is what no other condition holds for, so it takes no condition")
        ) {
            try PluralRules(name: "t", conditions: [.other: "i = 1"])
        }
    }

    @Test func theErrorSaysCategoryConditionAndPlace() {
        let error = PluralRuleError(
            category: .few, condition: "i = 1 andd", offset: 7, reason: "expected `and`, `or` or the end of the condition")
        #expect(error.description == "few: \"i = 1 andd\": at character 7, expected `and`, `or` or the end of the condition")
    }
}

/// One category's condition of a CLDR plural rule, as parsed from its text (UTS #35, "Plural
/// rules syntax"): relations joined by `and`, and those groups joined by `or`.
struct PluralCondition: Sendable, Equatable {
    /// Any of these groups holds when every relation in it holds.
    var groups: [[Relation]]

    /// `operand [% modulus] (= | != | in | not in | within | not within | is | is not) ranges`.
    struct Relation: Sendable, Equatable {
        var operand: PluralOperand
        var modulus: Int?
        /// `within` also accepts non-integer values inside a range; `in` and `=` only integers.
        var within: Bool
        var negated: Bool
        var ranges: [ClosedRange<Int>]
    }
}

/// The operands a rule may name: `n` the absolute value, `i` its integer digits, `v` and `w`
/// the number of visible fraction digits with and without trailing zeros, `f` and `t` those
/// digits as an integer with and without trailing zeros, `e` and `c` the compact exponent.
enum PluralOperand: Character, Sendable, Equatable, CaseIterable {
    case n = "n"
    case i = "i"
    case v = "v"
    case w = "w"
    case f = "f"
    case t = "t"
    case e = "e"
    case c = "c"
}

/// A rule's conditions laid out flat for asking: three arrays of plain values, so that asking
/// for a category touches no reference counts. (Asked through the tree of arrays above, a
/// category took 280 ns, against 13 ns for the hand-written rules this replaced; a page asks
/// for several.)
struct CompiledPluralRule: Sendable {
    private struct Entry: Sendable {
        var category: PluralCategory
        var tests: Range<Int>
    }

    private struct Test: Sendable {
        var operand: PluralOperand
        /// 0 for none.
        var modulus: Int
        var within: Bool
        var negated: Bool
        var ranges: Range<Int>
        /// The last relation of an `and` group.
        var endsGroup: Bool
    }

    private var entries: [Entry] = []
    private var tests: [Test] = []
    private var ranges: [ClosedRange<Int>] = []

    /// The conditions in the order they are tried.
    init(_ conditions: [(category: PluralCategory, condition: PluralCondition)]) {
        for (category, condition) in conditions {
            let first = tests.count
            for group in condition.groups {
                for (index, relation) in group.enumerated() {
                    let start = ranges.count
                    ranges += relation.ranges
                    tests.append(
                        Test(
                            operand: relation.operand, modulus: relation.modulus ?? 0, within: relation.within,
                            negated: relation.negated, ranges: start..<ranges.count, endsGroup: index == group.count - 1
                        ))
                }
            }
            entries.append(Entry(category: category, tests: first..<tests.count))
        }
    }

    /// The first category one of whose groups holds entirely, else `other`.
    func category(for operands: PluralOperands) -> PluralCategory {
        for entry in entries {
            var holds = true
            for index in entry.tests {
                let test = tests[index]
                if holds { holds = self.holds(test, for: operands) }
                if test.endsGroup {
                    if holds { return entry.category }
                    holds = true
                }
            }
        }
        return .other
    }

    private func holds(_ test: Test, for operands: PluralOperands) -> Bool {
        var matched = false
        if test.operand == .n && operands.t != 0 {
            // n has a fraction: no integer range holds it, but `within` still may.
            if test.within {
                var value = operands.n
                if test.modulus != 0 { value = value.truncatingRemainder(dividingBy: Double(test.modulus)) }
                for index in test.ranges where Double(ranges[index].lowerBound) <= value && value <= Double(ranges[index].upperBound) {
                    matched = true
                    break
                }
            }
        } else {
            var value = Self.integer(test.operand, of: operands)
            if test.modulus != 0 { value %= test.modulus }
            for index in test.ranges where ranges[index].contains(value) {
                matched = true
                break
            }
        }
        return matched != test.negated
    }

    /// The operand's value when it is a whole number (n is then its integer digits).
    private static func integer(_ operand: PluralOperand, of operands: PluralOperands) -> Int {
        switch operand {
        case .n, .i: operands.i
        case .v: operands.v
        case .w: operands.w
        case .f: operands.f
        case .t: operands.t
        case .e, .c: operands.e
        }
    }
}

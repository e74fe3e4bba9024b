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

    func holds(for operands: PluralOperands) -> Bool {
        groups.contains { group in group.allSatisfy { $0.holds(for: operands) } }
    }
}

/// The operands a rule may name: `n` the absolute value, `i` its integer digits, `v` and `w`
/// the number of visible fraction digits with and without trailing zeros, `f` and `t` those
/// digits as an integer with and without trailing zeros, `e` and `c` the compact exponent.
enum PluralOperand: Character, Sendable, Equatable, CaseIterable {
    case n = "n", i = "i", v = "v", w = "w", f = "f", t = "t", e = "e", c = "c"
}

extension PluralCondition.Relation {
    func holds(for operands: PluralOperands) -> Bool {
        let matched: Bool
        if operand == .n && operands.t != 0 {
            // n has a fraction: no integer range holds it, but `within` still may.
            if within {
                var value = operands.n
                if let modulus { value = value.truncatingRemainder(dividingBy: Double(modulus)) }
                matched = ranges.contains { Double($0.lowerBound) <= value && value <= Double($0.upperBound) }
            } else {
                matched = false
            }
        } else {
            var value = integer(operand, of: operands)
            if let modulus { value %= modulus }
            matched = ranges.contains { $0.contains(value) }
        }
        return matched != negated
    }

    /// The operand's value when it is a whole number (n is then its integer digits).
    private func integer(_ operand: PluralOperand, of operands: PluralOperands) -> Int {
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

/// Reads one category's condition in CLDR's plural rule syntax (UTS #35, "Plural rules
/// syntax"), e.g. `v = 0 and i % 10 = 2..4 and i % 100 != 12..14`:
///
///     condition       = and_condition ('or' and_condition)*
///     and_condition   = relation ('and' relation)*
///     relation        = expr ('=' | '!=' | 'in' | 'not in' | 'within' | 'not within') range_list
///                     | expr 'is' 'not'? value
///     expr            = operand (('%' | 'mod') value)?
///     range_list      = (value | value '..' value) (',' range_list)*
///
/// The older keywords (`in`, `is`, `mod`, `within`) are read as well as `=`, `!=` and `%`,
/// and the samples after `@integer` or `@decimal` are passed over.
struct PluralRuleParser {
    private let bytes: [UInt8]
    private var position = 0

    /// The condition, or nil for an empty text (as `other` is written).
    static func condition(_ text: String) throws(PluralRuleParser.Failure) -> PluralCondition? {
        var parser = PluralRuleParser(bytes: Array(text.utf8))
        return try parser.parseCondition()
    }

    /// Where and why a text is not a condition; `offset` counts characters from 1.
    struct Failure: Error, Equatable {
        var offset: Int
        var reason: String
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private mutating func parseCondition() throws(Failure) -> PluralCondition? {
        skipSpaces()
        if atEnd { return nil }
        var groups: [[PluralCondition.Relation]] = []
        repeat {
            var group = [try parseRelation()]
            while take(word: "and") { group.append(try parseRelation()) }
            groups.append(group)
        } while take(word: "or")
        guard atEnd else { throw fail("expected `and`, `or` or the end of the condition") }
        return PluralCondition(groups: groups)
    }

    private mutating func parseRelation() throws(Failure) -> PluralCondition.Relation {
        skipSpaces()
        guard position < bytes.count, let operand = PluralOperand(rawValue: Character(UnicodeScalar(bytes[position]))),
            !isLetter(at: position + 1)
        else { throw fail("expected an operand (one of n, i, v, w, f, t, e, c)") }
        position += 1
        var modulus: Int?
        if take(symbol: "%") || take(word: "mod") {
            skipSpaces()
            let start = position
            let value = try parseValue()
            guard value > 0 else { throw fail("the modulus must be more than 0", at: start) }
            modulus = value
        }
        let negated: Bool
        var within = false
        if take(symbol: "!=") {
            negated = true
        } else if take(symbol: "=") {
            negated = false
        } else if take(word: "is") {
            // `is` takes one value, never a range.
            let isNot = take(word: "not")
            let value = try parseValue()
            return .init(operand: operand, modulus: modulus, within: false, negated: isNot, ranges: [value...value])
        } else {
            negated = take(word: "not")
            if take(word: "within") {
                within = true
            } else if !take(word: "in") {
                throw fail("expected =, !=, in, not in, within or is")
            }
        }
        return .init(operand: operand, modulus: modulus, within: within, negated: negated, ranges: try parseRanges())
    }

    private mutating func parseRanges() throws(Failure) -> [ClosedRange<Int>] {
        var ranges: [ClosedRange<Int>] = []
        repeat {
            skipSpaces()
            let start = position
            let low = try parseValue()
            var high = low
            if take(symbol: "..") {
                high = try parseValue()
                guard low <= high else { throw fail("the range \(low)..\(high) is empty", at: start) }
            }
            ranges.append(low...high)
        } while take(symbol: ",")
        return ranges
    }

    private mutating func parseValue() throws(Failure) -> Int {
        skipSpaces()
        let start = position
        var value = 0
        while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
            let (product, overflow) = value.multipliedReportingOverflow(by: 10)
            guard !overflow, product <= Int.max - Int(bytes[position] - UInt8(ascii: "0")) else {
                throw fail("the number is too large", at: start)
            }
            value = product + Int(bytes[position] - UInt8(ascii: "0"))
            position += 1
        }
        guard position > start else { throw fail("expected a number") }
        return value
    }

    // MARK: Tokens

    /// At the end of the text, or at its samples (`@integer …`, `@decimal …`).
    private var atEnd: Bool {
        mutating get {
            skipSpaces()
            return position == bytes.count || bytes[position] == UInt8(ascii: "@")
        }
    }

    private mutating func skipSpaces() {
        while position < bytes.count,
            bytes[position] == UInt8(ascii: " ") || bytes[position] == UInt8(ascii: "\t")
                || bytes[position] == UInt8(ascii: "\n") || bytes[position] == UInt8(ascii: "\r")
        {
            position += 1
        }
    }

    private func isLetter(at index: Int) -> Bool {
        index < bytes.count && ((UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[index] | 0x20))
    }

    private mutating func take(symbol: String) -> Bool {
        skipSpaces()
        let symbol = Array(symbol.utf8)
        guard bytes.count - position >= symbol.count, Array(bytes[position..<position + symbol.count]) == symbol else { return false }
        position += symbol.count
        return true
    }

    /// A keyword, which must end where a letter would go on.
    private mutating func take(word: String) -> Bool {
        let start = position
        guard take(symbol: word) else { return false }
        if isLetter(at: position) {
            position = start
            return false
        }
        return true
    }

    /// A failure at `index`, or where the next token starts.
    private mutating func fail(_ reason: String, at index: Int? = nil) -> Failure {
        skipSpaces()
        let offset = String(decoding: bytes[0..<(index ?? position)], as: UTF8.self).count + 1
        return Failure(offset: offset, reason: reason)
    }
}

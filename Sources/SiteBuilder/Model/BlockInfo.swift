/// The info string of a report block, ```` ```ttsite KIND name=value … ````: its kind and its
/// arguments by name; a value may be quoted (`named="Route 66"`).
enum BlockInfo {
    /// What a block's info string asks for: the kind, and the arguments by name.
    static func parse(_ info: String, fail: (String) -> BuildError) throws -> (kind: String, arguments: [String: String]) {
        let words = try Self.words(info, fail: fail)
        guard words.count >= 2 else { throw fail("a `ttsite` block names what it shows: one of \(BlockKind.listed)") }
        var arguments: [String: String] = [:]
        for word in words.dropFirst(2) {
            guard let equals = word.firstIndex(of: "="), equals != word.startIndex else {
                throw fail("`\(word)` is not an argument; write `name=value`")
            }
            let name = String(word[..<equals])
            guard arguments[name] == nil else {
                throw fail("`\(name)` is given twice (`\(name)=\(arguments[name]!)` and `\(word)`); give it once")
            }
            arguments[name] = String(word[word.index(after: equals)...])
        }
        return (words[1], arguments)
    }

    /// The words of an info string; a value may be quoted (`named="Route 66"`).
    private static func words(_ info: String, fail: (String) -> BuildError) throws -> [String] {
        var words: [String] = []
        var word = ""
        var quoted = false
        for character in info {
            if character == "\"" {
                quoted.toggle()
                continue
            }
            if (character == " " || character == "\t") && !quoted {
                if !word.isEmpty { words.append(word) }
                word = ""
            } else {
                word.append(character)
            }
        }
        guard !quoted else { throw fail("a quote in the block's line is not closed") }
        if !word.isEmpty { words.append(word) }
        return words
    }

}

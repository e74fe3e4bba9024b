import Foundation

/// Letters of Latin, Cyrillic (Russian and Ukrainian) and Greek script written in `a-z`, for
/// page names. Other scripts (Persian, Devanagari, Chinese, …) have no entry: `latin(_:)`
/// returns nil for them and the caller falls back to a hash.
///
/// Latin letters lose their diacritics as in most site generators ("Müller" → "muller",
/// "Łódź" → "lodz"); letters that are not a base letter plus a mark have entries of their own
/// (ß → ss, ø → o, æ → ae, þ → th). Cyrillic follows the common passport-style romanisation;
/// a text with і, ї, є or ґ is read as Ukrainian (г → h, и → y), any other as Russian.
/// Greek follows ELOT 743 for single letters, with ου → ou, αυ → av, ευ → ev.
public enum Transliteration {
    /// The text in lower-case `a-z`, `0-9`, with every other character that is neither a letter
    /// nor a digit kept as is (the slug maker decides what separates words); nil when a
    /// letter or digit has no transliteration.
    public static func latin(_ text: String) -> String? {
        let lower = text.lowercased()
        if lower.utf8.allSatisfy({ $0 < 0x80 }) { return lower }
        let ukrainian = lower.contains { "іїєґ".contains($0) }
        let cyrillic = ukrainian ? Self.ukrainian : Self.russian
        var output = ""
        output.reserveCapacity(lower.utf8.count)
        var characters = Array(lower)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character.isASCII {
                output.append(character)
                index += 1
                continue
            }
            if character.isGreek, index + 1 < characters.count,
                let digraph = greekDigraphs[String([character, characters[index + 1]]).strippingMarks]
            {
                output += digraph
                index += 2
                continue
            }
            if let mapped = special[character] ?? cyrillic[character] ?? greek[character] {
                output += mapped
            } else if !(character.isLetter || character.isNumber) {
                output.append(character)  // punctuation and spaces: the caller's business
            } else {
                // A base letter plus marks ("é" = "e" + "́"): the base letter, if it is known.
                let base = String(character).strippingMarks
                guard !base.isEmpty, base != String(character) else { return nil }
                characters.replaceSubrange(index...index, with: Array(base))
                continue
            }
            index += 1
        }
        return output
    }

    private static let special: [Character: String] = [
        "ß": "ss", "ẞ": "ss", "ø": "o", "æ": "ae", "œ": "oe", "đ": "d", "ð": "d", "þ": "th",
        "ł": "l", "ı": "i", "ŋ": "n", "ħ": "h", "ŧ": "t", "ĸ": "k", "ſ": "s", "ŀ": "l",
        "ĳ": "ij", "ƒ": "f", "ə": "e", "ɛ": "e", "ɔ": "o", "ʃ": "sh", "ʒ": "zh",
    ]

    private static let russian: [Character: String] = [
        "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "e", "ж": "zh", "з": "z",
        "и": "i", "й": "y", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r",
        "с": "s", "т": "t", "у": "u", "ф": "f", "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh",
        "щ": "shch", "ъ": "", "ы": "y", "ь": "", "э": "e", "ю": "yu", "я": "ya",
    ]

    private static let ukrainian: [Character: String] = russian.merging([
        "г": "h", "ґ": "g", "е": "e", "є": "ye", "и": "y", "і": "i", "ї": "yi", "й": "y",
        "х": "kh", "щ": "shch", "ь": "", "ю": "yu", "я": "ya",
    ]) { _, ukrainian in ukrainian }

    private static let greek: [Character: String] = [
        "α": "a", "β": "v", "γ": "g", "δ": "d", "ε": "e", "ζ": "z", "η": "i", "θ": "th", "ι": "i",
        "κ": "k", "λ": "l", "μ": "m", "ν": "n", "ξ": "x", "ο": "o", "π": "p", "ρ": "r", "σ": "s",
        "ς": "s", "τ": "t", "υ": "y", "φ": "f", "χ": "ch", "ψ": "ps", "ω": "o",
    ]

    /// Looked up with marks stripped, so "ού" matches "ου".
    private static let greekDigraphs: [String: String] = ["ου": "ou", "αυ": "av", "ευ": "ev"]
}

extension Character {
    var isGreek: Bool {
        guard let scalar = unicodeScalars.first?.value else { return false }
        return (0x0370...0x03FF).contains(scalar) || (0x1F00...0x1FFF).contains(scalar)
    }
}

extension String {
    /// The text without combining marks: "é" → "e", "ў" → "у", "ά" → "α", "й" → "и".
    var strippingMarks: String {
        let scalars = decomposedStringWithCanonicalMapping.unicodeScalars.filter {
            $0.properties.generalCategory != .nonspacingMark && $0.properties.generalCategory != .enclosingMark
                && $0.properties.generalCategory != .spacingMark
        }
        return String(String.UnicodeScalarView(scalars))
    }
}

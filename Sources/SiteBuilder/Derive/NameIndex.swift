import Foundation
import ReportData

/// The people of a site by family name, under the letters of an index, in the order of the
/// page's language: Latin, Greek, Cyrillic, Arabic and Devanagari names each under letters of
/// their own script.
///
/// Sorting and grouping use ICU collation through Foundation
/// (`compare(_:options:range:locale:)`), never code points: "Øvergård" and "Oliver" are both
/// under O in English and German, "Ёлкин" comes before "Иванов", and a Danish site would put
/// Ø after Z. A name's letter is its family name's first letter; letters that collation counts
/// as the same at the primary level (o, ø, ö) make one entry, shown in upper case; other
/// Latin letters (æ) go under the a–z letter they follow, as in ICU's alphabetic index.
///
/// One exception to primary equality: Й and Ї are letters of their own in the Russian and
/// Ukrainian alphabets (CLDR's index characters list them), though collation counts them as
/// И and І with a mark. Names that start with no letter (a digit, a sign) come last, under
/// `otherLabel`.
struct NameIndex: Sendable {
    struct Letter: Sendable {
        /// As shown: "A", "К", "श".
        let label: String
        /// In URLs: `a` for the letters a–z, `u` and the hexadecimal code point for the others
        /// (`u43a` for к), `other` for names without a letter, so paths stay `[a-z0-9-]`.
        let slug: String
        /// The people under this letter, in index order.
        let people: [PersonFacts]

        /// The script of the letter, as far as telling scripts apart on a page needs: Latin
        /// Z and Greek Ζ look alike, so the letters of each script are shown as a group.
        var script: Script { slug == NameIndex.otherSlug ? .other : Script(of: label) }
    }

    /// The scripts whose letters an index shows apart, by their Unicode blocks.
    enum Script: Sendable, Equatable {
        case latin, greek, cyrillic, armenian, hebrew, arabic, indic, other

        init(of letter: String) {
            guard let value = letter.unicodeScalars.first?.value else {
                self = .other
                return
            }
            switch value {
            case 0x0041...0x024F, 0x1E00...0x1EFF: self = .latin
            case 0x0370...0x03FF, 0x1F00...0x1FFF: self = .greek
            case 0x0400...0x052F, 0x1C80...0x1C8F, 0x2DE0...0x2DFF, 0xA640...0xA69F: self = .cyrillic
            case 0x0530...0x058F: self = .armenian
            case 0x0590...0x05FF: self = .hebrew
            case 0x0600...0x06FF, 0x0750...0x077F, 0x08A0...0x08FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF: self = .arabic
            case 0x0900...0x0DFF: self = .indic
            default: self = .other
            }
        }
    }

    /// In index order.
    let letters: [Letter]
    /// Everyone, in index order: by letter, then family name, given name and page name.
    let ordered: [PersonFacts]

    /// The slug of the letter of names that start with no letter.
    static let otherSlug = "other"

    init(_ people: [PersonFacts], language: String, otherLabel: String) {
        let locale = Locale(identifier: language)
        let ordered = Self.sorted(people, locale: locale)

        // The distinct first letters in collation order, then runs of the same letter merged.
        var bases: [String: String] = [:]
        let firstLetters = ordered.map { facts -> String? in
            guard let letter = Self.firstLetter(of: Self.familyName(facts.person)) else { return nil }
            if let base = bases[letter] { return base }
            let base = Self.baseLetter(of: letter, locale: locale)
            bases[letter] = base
            return base
        }
        let distinct = Set(firstLetters.compactMap { $0 })
        let sortedLetters = distinct.sorted { Self.collate($0, $1, locale: locale) == .orderedAscending }
        var entryOfLetter: [String: String] = [:]
        var entries: [String] = []
        for letter in sortedLetters {
            if let last = entries.last, !Self.ownLetters.contains(letter), !Self.ownLetters.contains(last),
                Self.isPrimaryEqual(letter, last, locale: locale)
                    || Self.isLatinBeyondAZ(letter) && Self.isAZ(last) && Self.collate(letter, "z", locale: locale) == .orderedAscending
            {
                entryOfLetter[letter] = last
            } else {
                entries.append(letter)
                entryOfLetter[letter] = letter
            }
        }

        var members: [String: [PersonFacts]] = [:]
        var others: [PersonFacts] = []
        for (facts, letter) in zip(ordered, firstLetters) {
            if let letter, let entry = entryOfLetter[letter] {
                members[entry, default: []].append(facts)
            } else {
                others.append(facts)
            }
        }
        var letters = entries.map { entry in
            Letter(label: entry.uppercased(with: locale), slug: Self.slug(of: entry), people: members[entry] ?? [])
        }
        if !others.isEmpty {
            letters.append(Letter(label: otherLabel, slug: Self.otherSlug, people: others))
        }
        self.letters = letters
        // Names without a letter sort before every letter, yet their entry comes last.
        self.ordered = letters.flatMap(\.people)
    }

    /// The name the index sorts by: the family name, or the given name of someone who has
    /// only one.
    static func familyName(_ person: Person) -> String {
        person.last.isEmpty ? person.first : person.last
    }

    /// The letter an index shows for names starting with `letter`: the letter without its
    /// marks when collation counts them the same (å → a, ё → е), a–z for a Latin letter that
    /// collation counts as one of them (ø → o in English, not in Danish), else `letter`.
    private static func baseLetter(of letter: String, locale: Locale) -> String {
        guard !ownLetters.contains(letter) else { return letter }
        if let first = letter.decomposedStringWithCanonicalMapping.unicodeScalars.first {
            let stripped = String(first)
            if stripped != letter, isPrimaryEqual(stripped, letter, locale: locale) { return stripped }
        }
        if isLatinBeyondAZ(letter), let plain = azLetters.first(where: { isPrimaryEqual($0, letter, locale: locale) }) {
            return plain
        }
        return letter
    }

    private static let azLetters = (UInt8(ascii: "a")...UInt8(ascii: "z")).map { String(UnicodeScalar($0)) }

    private static func isPrimaryEqual(_ a: String, _ b: String, locale: Locale) -> Bool {
        a.compare(b, options: [.caseInsensitive, .diacriticInsensitive], range: nil, locale: locale) == .orderedSame
    }

    /// Whether `letter` is one of a–z.
    private static func isAZ(_ letter: String) -> Bool {
        letter.unicodeScalars.count == 1 && ("a"..."z").contains(letter.unicodeScalars.first!)
    }

    /// A Latin letter that collation does not count as one of a–z (æ, þ): like ICU's
    /// alphabetic index, the index puts it under the a–z letter it follows (Æ under A).
    private static func isLatinBeyondAZ(_ letter: String) -> Bool {
        guard let scalar = letter.unicodeScalars.first, !isAZ(letter) else { return false }
        return (0x00C0...0x024F).contains(scalar.value) || (0x1E00...0x1EFF).contains(scalar.value)
    }

    /// Й and Ї: see the type's documentation.
    private static let ownLetters: Set<String> = ["й", "ї"]

    /// The first letter of `name`, lower-cased; nil when it starts with no letter. The first
    /// scalar rather than the first grapheme: "प्रिया" is under प, not under the cluster प्रि.
    static func firstLetter(of name: String) -> String? {
        var visible = name
        visible.unicodeScalars.removeAll { $0.properties.generalCategory == .format }
        guard let first = visible.unicodeScalars.first(where: { !$0.properties.isWhitespace }),
            first.properties.isAlphabetic
        else { return nil }
        return String(first).lowercased()
    }

    private static func slug(of letter: String) -> String {
        let scalars = Array(letter.unicodeScalars)
        if scalars.count == 1, ("a"..."z").contains(scalars[0]) { return letter }
        return "u" + scalars.map { String($0.value, radix: 16) }.joined(separator: "-")
    }

    /// Collation order, ignoring case ("müller" and "Müller" are the same family).
    private static func collate(_ a: String, _ b: String, locale: Locale) -> ComparisonResult {
        a.compare(b, options: [.caseInsensitive], range: nil, locale: locale)
    }

    /// `people` by family name, given name and page name, collated in `locale`. Names repeat
    /// in big data sets, so each distinct pair of names is collated once, and people are then
    /// sorted by the pair's rank.
    private static func sorted(_ people: [PersonFacts], locale: Locale) -> [PersonFacts] {
        struct Key: Hashable {
            let family: String
            let given: String
        }
        let keys = people.map { Key(family: familyName($0.person), given: $0.person.last.isEmpty ? "" : $0.person.first) }
        let distinct = Array(Set(keys)).sorted { a, b in
            let family = collate(a.family, b.family, locale: locale)
            if family != .orderedSame { return family == .orderedAscending }
            let given = collate(a.given, b.given, locale: locale)
            if given != .orderedSame { return given == .orderedAscending }
            return (a.family, a.given) < (b.family, b.given)
        }
        let rankOfKey = Dictionary(uniqueKeysWithValues: distinct.enumerated().map { ($1, $0) })
        let ranks = keys.map { rankOfKey[$0]! }
        let order = people.indices.sorted { a, b in
            ranks[a] != ranks[b] ? ranks[a] < ranks[b] : people[a].person.slug < people[b].person.slug
        }
        return order.map { people[$0] }
    }
}

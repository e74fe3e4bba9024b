import DataSources

/// Page names: lower-case `a-z`, `0-9` and single hyphens, never at either end.
public enum Slug {
    /// The longest slug made from a name; longer names are cut at a hyphen where possible.
    public static let maximumLength = 80

    /// `"Zoë O'Brien-Smith"` → `"zoe-obrien-smith"`, `"Сергій Ткаченко"` → `"serhiy-tkachenko"`;
    /// nil when the text has no letter or digit, or a letter of a script with no
    /// transliteration (Persian, Devanagari, …): the caller then uses a hash.
    public static func make(from text: String) -> String? {
        // Invisible format characters (zero-width joiners and spaces, direction overrides,
        // byte order marks) are not part of a name as read: "evil\u{200D}" is "evil", and a
        // joiner glued to a letter must not make the name untransliterable.
        var visible = text
        if !text.utf8.allSatisfy({ $0 < 0x80 }) {
            visible.unicodeScalars.removeAll { $0.properties.generalCategory == .format }
        }
        guard let latin = Transliteration.latin(visible) else { return nil }
        var slug = ""
        var pendingHyphen = false
        for scalar in latin.unicodeScalars {
            switch scalar {
            case "a"..."z", "0"..."9":
                if pendingHyphen, !slug.isEmpty { slug += "-" }
                pendingHyphen = false
                slug.unicodeScalars.append(scalar)
            case "'", "\u{2019}", "\u{02BC}", "`", "\u{00B4}":
                break  // "O'Brien" is one word: obrien
            default:
                pendingHyphen = true
            }
        }
        guard !slug.isEmpty else { return nil }
        return shortened(slug)
    }

    /// Whether `slug` names a page of a list rather than of a record: `2` is the people list's
    /// second page (`people/2/`), `by-month` and `by-name` hold its indexes. A record that
    /// would get one is given `person-<slug>` or `scenario-<slug>` instead.
    public static func isTakenByLists(_ slug: String) -> Bool {
        slug == "by-month" || slug == "by-name" || slug.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// A slug from a stable hash of `parts`, for names no table can write in `a-z`:
    /// `prefix-` and 16 hexadecimal digits.
    public static func hashed(_ prefix: String, _ parts: [String]) -> String {
        prefix + "-" + StableHash.hex(parts)
    }

    private static func shortened(_ slug: String) -> String {
        guard slug.count > maximumLength else { return slug }
        let cut = slug.prefix(maximumLength)
        if let hyphen = cut.lastIndex(of: "-"), cut.distance(from: cut.startIndex, to: hyphen) > maximumLength / 2 {
            return String(cut[..<hyphen])
        }
        return String(cut)
    }
}

import CivilTime
import Foundation

/// A person from a randomuser.me document, with only the fields a report may show.
///
/// Nothing else leaves the decoder: e-mail, phone, address, login credentials and national
/// ids are never read, so no template can print them.
public struct Person: Sendable, Hashable {
    /// `login.uuid` (lower-cased) when present, else a stable hash of name and birth date.
    public let id: String
    /// The page name: only `a-z`, `0-9` and `-`, unique among the people decoded together.
    public var slug: String
    /// "Mr", "Ms", "Miss", … ; empty when missing.
    public let title: String
    /// Empty when missing.
    public let first: String
    /// Empty when missing.
    public let last: String
    /// `first + " " + last`, trimmed.
    public let fullName: String
    /// The name as pages show it: `fullName`, except that a name written entirely in lower
    /// case (randomuser.me ≤ 1.1: "gertrude franklin") is shown in title case ("Gertrude
    /// Franklin"). Any other name is kept exactly as written. Ids and slugs use `fullName`.
    public let displayName: String
    /// `title`, title-cased like `displayName` when written in lower case ("ms" → "Ms").
    public let displayTitle: String
    /// The first grapheme of the first and of the last word of the full name, upper-cased.
    public let initials: String
    /// The calendar date as written in the source, never shifted through a time zone; nil
    /// when missing or unreadable (pages show "n/a").
    public let birthDate: CalendarDate?
    /// Picture URLs (http and https only); nil when the source had none.
    public let picture: Picture?
    /// `nat` (`nationality` in the old shape), e.g. "US"; nil when missing.
    public let nationality: String?
    /// The source and JSON path of the record, for messages.
    public let origin: RecordOrigin

    public init(
        id: String, slug: String, title: String = "", first: String = "", last: String = "",
        birthDate: CalendarDate? = nil, picture: Picture? = nil,
        nationality: String? = nil, origin: RecordOrigin = RecordOrigin(source: "", path: "")
    ) {
        self.id = id
        self.slug = slug
        self.title = title
        self.first = first
        self.last = last
        self.fullName = Self.fullName(first: first, last: last)
        self.displayName = Self.titleCasedIfLowercase(fullName)
        self.displayTitle = Self.titleCasedIfLowercase(title)
        self.initials = Self.initials(of: fullName)
        self.birthDate = birthDate
        self.picture = picture
        self.nationality = nationality
        self.origin = origin
    }

    /// A person's picture in the three sizes randomuser.me gives.
    public struct Picture: Sendable, Hashable {
        public let large: URL?
        public let medium: URL?
        public let thumbnail: URL?

        public init(large: URL? = nil, medium: URL? = nil, thumbnail: URL? = nil) {
            self.large = large
            self.medium = medium
            self.thumbnail = thumbnail
        }

        /// The largest one there is.
        public var best: URL? { large ?? medium ?? thumbnail }
    }

    /// The seed's full name: `first + " " + last`, trimmed.
    public static func fullName(first: String, last: String) -> String {
        (first + " " + last).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `text` in title case when it is written entirely in lower case and has a letter with
    /// an upper case: every word's first letter, words being parted by spaces, hyphens and
    /// apostrophes ("müller-lüdenscheidt" → "Müller-Lüdenscheidt", "o'brien" → "O'Brien").
    /// Any other text is kept as written ("van der Berg", "McDonald", "Ольга", "प्रिया").
    public static func titleCasedIfLowercase(_ text: String) -> String {
        guard !text.contains(where: \.isUppercase), text.contains(where: \.isLowercase) else { return text }
        var result = ""
        var startsWord = true
        for character in text {
            result += startsWord ? String(character).uppercased() : String(character)
            startsWord = character.isWhitespace || "-'\u{2019}\u{02BC}".contains(character)
        }
        return result
    }

    /// The seed's initials: the first grapheme of the first and of the last word, upper-cased
    /// ("Jennie Nichols" → "JN", "Cher" → "C", "Мария-Анна Петрова" → "МП", "" → "").
    public static func initials(of fullName: String) -> String {
        let words = fullName.split(whereSeparator: { $0.isWhitespace })
        guard let firstWord = words.first, let lastWord = words.last else { return "" }
        let head = firstWord.first.map { String($0).uppercased() } ?? ""
        guard words.count > 1 else { return head }
        return head + (lastWord.first.map { String($0).uppercased() } ?? "")
    }
}

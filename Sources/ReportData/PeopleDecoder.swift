import CivilTime
import DataSources
import Foundation
import ValueTransformers

/// Reads people from randomuser.me JSON of every API version found in the wild:
///
/// - 1.3/1.4: `{"results": [{"name": {…}, "dob": {"date": "1992-03-08T15:13:16.688Z", "age": 30}, …}]}`
/// - 1.2: `dob` `{"date": "1983-07-14T07:29:45Z", "age": 35}`; 1.1: `dob` `"1983-07-14 07:29:45"`;
///   1.0: `dob` a UNIX time number; the old 0.x shape: `results[].user`, `dob` a numeric string,
///   `nationality` instead of `nat`;
/// - a bare array of person objects; responses made with `inc=` that lack fields.
///
/// Only name, date of birth, age, picture, nationality and `login.uuid` are read; nothing
/// else of a record is kept or quoted in a problem.
///
/// Rules: a record that is not an object, or has neither a name nor a readable date of birth,
/// is left out with a warning. A missing or unreadable date of birth gives `birthDate == nil`
/// and a warning; a bad picture URL is dropped with a warning; the person is kept.
public struct PeopleDecoder: RecordDecoder {
    private let dates: CompoundTransformer
    private let pictureURLs = URLTransformer(allowedSchemes: ["http", "https"], allowsRelative: false)

    /// - Parameter dateFormats: extra date patterns (`date_formats` of `ttsite.yml`), tried
    ///   after ISO 8601, UNIX time and the HTTP formats.
    /// - Throws: when a format is not a supported pattern.
    ///   - urls: what a person's page name is made from: the name (`lukas-schafer`), or the
    ///     record's `login.uuid`. Either falls back to the other, then to a hash.
    public init(dateFormats: [String] = [], urls: PersonURLs = .name) throws(DateTextError) {
        // The zone does not matter: a birth date is taken as written, never shifted.
        dates = try CompoundTransformer.dates(formats: dateFormats, zoneless: .utc)
        self.urls = urls
    }

    private let urls: PersonURLs

    public static let kind = RecordKind.people

    /// The people of the record nodes of a checked document.
    public func decode(_ records: [JSONNode], of document: JSONDocument, source: String) -> Decoding<Person> {
        var people: [Person] = []
        people.reserveCapacity(records.count)
        var skipped = 0
        var nameSlugs: [String: String?] = [:]
        for record in records {
            if let person = person(record, source: source, nameSlugs: &nameSlugs) { people.append(person) } else { skipped += 1 }
        }
        var problems = document.problems.all.map { DataProblem($0, source: source) }
        let unique = SlugAllocator.unique(people)
        problems += unique.problems
        return Decoding(records: unique.people, problems: problems, skippedRecords: skipped)
    }

    /// - Parameter nameSlugs: the slugs of the full names seen so far in the document: names
    ///   repeat, and transliterating one is the dearest part of reading a person.
    private func person(_ record: JSONNode, source: String, nameSlugs: inout [String: String?]) -> Person? {
        guard case .object = record.value else {
            record.report("expected a person (an object), found \(record.value?.kindDescription ?? "nothing"); the record is left out")
            return nil
        }
        let fields = record["user"].isPresent ? record["user"] : record  // the old 0.x shape
        let name = expectingObject(fields["name"])
        let title = trimmed(name["title"].string())
        let first = trimmed(name["first"].string())
        let last = trimmed(name["last"].string())

        let dob = fields["dob"]
        let isObject = if case .object = dob.value { true } else { false }
        let dateNode = isObject ? dob["date"] : dob
        var birthDate: CalendarDate?
        if dateNode.isPresent {
            birthDate = dateNode.writtenDate(using: dates)?.calendarDate
        } else {
            dateNode.report("the date of birth is missing; pages show \"n/a\"")
        }

        guard !(first.isEmpty && last.isEmpty && birthDate == nil) else {
            record.report("the person has neither a name nor a date of birth; the record is left out")
            return nil
        }

        let uuid = trimmed(expectingObject(fields["login"])["uuid"].string()).lowercased()
        let hash = StableHash.hex([first, last, birthDate?.description ?? ""])
        let id = uuid.isEmpty ? hash : uuid
        // Each source of a page name is only worked out when it is the one used.
        func fromName() -> String? {
            let fullName = Person.fullName(first: first, last: last)
            if let known = nameSlugs[fullName] { return known }
            let slug = Slug.make(from: fullName)
            nameSlugs[fullName] = slug
            return slug
        }
        func fromID() -> String? { uuid.isEmpty ? nil : Slug.make(from: uuid) }
        var slug = (urls == .name ? fromName() ?? fromID() : fromID() ?? fromName()) ?? "person-" + hash
        if Slug.isTakenByLists(slug) { slug = "person-" + slug }

        let nationality = trimmed(fields["nat"].isPresent ? fields["nat"].string() : fields["nationality"].string()).uppercased()
        return Person(
            id: id, slug: slug, title: title, first: first, last: last, birthDate: birthDate,
            picture: picture(fields["picture"]),
            nationality: nationality.isEmpty ? nil : nationality,
            origin: RecordOrigin(source: source, path: record.path.description)
        )
    }

    /// `picture.large/medium/thumbnail`; a plain string (very old responses) is the large one.
    private func picture(_ node: JSONNode) -> Person.Picture? {
        if case .string = node.value {
            return node.url(using: pictureURLs).map { Person.Picture(large: $0) }
        }
        _ = expectingObject(node)
        let picture = Person.Picture(
            large: node["large"].url(using: pictureURLs),
            medium: node["medium"].url(using: pictureURLs),
            thumbnail: node["thumbnail"].url(using: pictureURLs)
        )
        return picture.best == nil ? nil : picture
    }

    /// `node`, after reporting it when it is present but not an object: `"name": 42` would
    /// otherwise read as a person without a name, silently.
    private func expectingObject(_ node: JSONNode) -> JSONNode {
        if node.isPresent, case .object = node.value {
        } else if node.isPresent {
            node.report("expected an object, found \(node.value!.kindDescription); it is ignored")
        }
        return node
    }

    private func trimmed(_ text: String?) -> String {
        text?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    }
}

/// What a person's page name (`people/<slug>/`) is made from (`people_urls:` in `ttsite.yml`).
public enum PersonURLs: String, Sendable {
    /// `people/lukas-schafer/`: the name, transliterated; names no table can write in `a-z`
    /// (Persian, Devanagari) use the id.
    case name
    /// `people/<login.uuid>/`: the record's id, as before readable URLs.
    case id
}

import CivilTime
import Foundation
import IntervalText
import ReportData
import Testing

@Suite struct PeopleDecoderTests {
    struct Expected: Sendable, CustomStringConvertible {
        let fixture: String
        let index: Int
        let title: String, first: String, last: String, fullName: String, initials: String
        let birthDate: String?
        let id: String
        let slug: String
        let nationality: String?
        let largePicture: String?
        var description: String { "\(fixture)[\(index)] \(fullName)" }
    }

    /// One row per API version and shape; dates as written in the fixture, never shifted.
    static let versions: [Expected] = [
        .init(
            fixture: "people-v1.4.json", index: 0, title: "Miss", first: "Jennie", last: "Nichols",
            fullName: "Jennie Nichols", initials: "JN", birthDate: "1992-03-08",
            id: "7a0eed16-9430-4d68-901f-c0d4c1c3bf00", slug: "jennie-nichols",
            nationality: "US", largePicture: "https://randomuser.me/api/portraits/women/75.jpg"),
        // 23:59:59.999Z stays December 31 in every zone. A Persian name has no transliteration:
        // the page name is the uuid.
        .init(
            fixture: "people-v1.4.json", index: 1, title: "Mr", first: "آرمین", last: "کریمی",
            fullName: "آرمین کریمی", initials: "آک", birthDate: "1959-12-31",
            id: "b3e5f0a2-1c4d-4e6f-8a9b-0c1d2e3f4a5b", slug: "b3e5f0a2-1c4d-4e6f-8a9b-0c1d2e3f4a5b",
            nationality: "IR", largePicture: "https://randomuser.me/api/portraits/men/11.jpg"),
        .init(
            fixture: "people-v1.4.json", index: 2, title: "Ms", first: "Мирослава", last: "Кравчук",
            fullName: "Мирослава Кравчук", initials: "МК", birthDate: "2000-02-29",
            id: "c4f6a1b3-2d5e-4f70-9bac-1d2e3f4a5b6c", slug: "miroslava-kravchuk",
            nationality: "UA", largePicture: "https://randomuser.me/api/portraits/women/33.jpg"),
        // No uuid and a name in Devanagari: id and slug from the stable hash.
        .init(
            fixture: "people-v1.4.json", index: 3, title: "Ms", first: "अनन्या", last: "शर्मा",
            fullName: "अनन्या शर्मा", initials: "अश", birthDate: "1988-11-05",
            id: fnv("अनन्या", "शर्मा", "1988-11-05"), slug: "person-" + fnv("अनन्या", "शर्मा", "1988-11-05"),
            nationality: "IN", largePicture: "https://randomuser.me/api/portraits/women/61.jpg"),
        .init(
            fixture: "people-v1.3.json", index: 0, title: "Mr", first: "Seán", last: "O'Connor",
            fullName: "Seán O'Connor", initials: "SO", birthDate: "1970-01-01",
            id: "1d8d0a3e-5b6c-4f7a-8e9d-2a3b4c5d6e7f", slug: "sean-oconnor",
            nationality: "IE", largePicture: "https://randomuser.me/api/portraits/men/3.jpg"),
        .init(
            fixture: "people-v1.3.json", index: 1, title: "Mme", first: "Marie-Ève", last: "Lefèbvre-Dupont",
            fullName: "Marie-Ève Lefèbvre-Dupont", initials: "ML", birthDate: "1964-06-21",
            id: "2e9e1b4f-6c7d-4a8b-9fae-3b4c5d6e7f80", slug: "marie-eve-lefebvre-dupont",
            nationality: "FR", largePicture: "https://randomuser.me/api/portraits/women/8.jpg"),
        .init(
            fixture: "people-v1.2.json", index: 0, title: "herr", first: "Björn", last: "Ærøskøbing",
            fullName: "Björn Ærøskøbing", initials: "BÆ", birthDate: "1983-07-14",
            id: "3f0f2c5a-7d8e-4b9c-a0bf-4c5d6e7f8091", slug: "bjorn-aeroskobing",
            nationality: "DE", largePicture: "https://randomuser.me/api/portraits/men/52.jpg"),
        .init(
            fixture: "people-v1.1.json", index: 0, title: "ms", first: "louise", last: "straße",
            fullName: "louise straße", initials: "LS", birthDate: "1983-07-14",
            id: "4a1a3d6b-8e9f-4cad-b1c0-5d6e7f8091a2", slug: "louise-strasse",
            nationality: "DE", largePicture: "https://randomuser.me/api/portraits/women/20.jpg"),
        // 1.0: a UNIX time (932871968 = 1999-07-25T03:06:08Z), no uuid: slug from the Greek name.
        .init(
            fixture: "people-v1.0.json", index: 0, title: "mr", first: "Αλέξανδρος", last: "Παπαδόπουλος",
            fullName: "Αλέξανδρος Παπαδόπουλος", initials: "ΑΠ", birthDate: "1999-07-25",
            id: fnv("Αλέξανδρος", "Παπαδόπουλος", "1999-07-25"), slug: "alexandros-papadopoulos",
            nationality: "GR", largePicture: "http://api.randomuser.me/portraits/men/9.jpg"),
        .init(
            fixture: "people-v1.0.json", index: 1, title: "mrs", first: "Ольга", last: "Щербакова",
            fullName: "Ольга Щербакова", initials: "ОЩ", birthDate: "1969-12-31",
            id: fnv("Ольга", "Щербакова", "1969-12-31"), slug: "olga-shcherbakova",
            nationality: "RU", largePicture: "http://api.randomuser.me/portraits/women/44.jpg"),
        // The old results[].user shape: dob a numeric string, nationality instead of nat.
        .init(
            fixture: "people-v0-user.json", index: 0, title: "ms", first: "carolyn", last: "d'angelo",
            fullName: "carolyn d'angelo", initials: "CD", birthDate: "1999-07-25",
            id: fnv("carolyn", "d'angelo", "1999-07-25"), slug: "carolyn-dangelo",
            nationality: "US", largePicture: "http://api.randomuser.me/portraits/women/36.jpg"),
        // -315619200 = 1960-01-01T00:00:00Z; a picture given as a plain string (0.4).
        .init(
            fixture: "people-v0-user.json", index: 1, title: "mr", first: "jesse", last: "ramos-hill",
            fullName: "jesse ramos-hill", initials: "JR", birthDate: "1960-01-01",
            id: fnv("jesse", "ramos-hill", "1960-01-01"), slug: "jesse-ramos-hill",
            nationality: "US", largePicture: "http://api.randomuser.me/portraits/men/7.jpg"),
        .init(
            fixture: "people-bare-array.json", index: 0, title: "Mr", first: "Ignacio", last: "Gómez",
            fullName: "Ignacio Gómez", initials: "IG", birthDate: "1975-10-12",
            id: "5b2b4e7c-9fa0-4dbe-82d1-6e7f8091a2b3", slug: "ignacio-gomez",
            nationality: "ES", largePicture: nil),
        // An RFC 1123 date of birth.
        .init(
            fixture: "people-bare-array.json", index: 1, title: "Ms", first: "Søs", last: "Ørsted",
            fullName: "Søs Ørsted", initials: "SØ", birthDate: "1994-11-06",
            id: "6c3c5f8d-a0b1-4ecf-93e2-7f8091a2b3c4", slug: "sos-orsted",
            nationality: "DK", largePicture: nil),
    ]

    /// FNV-1a 64 of the parts joined by U+001F, written out here independently of the module.
    static func fnv(_ parts: String...) -> String {
        var hash: UInt64 = 14_695_981_039_346_656_037
        for byte in parts.joined(separator: "\u{1F}").utf8 { hash = (hash ^ UInt64(byte)) &* 1_099_511_628_211 }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    @Test(arguments: versions)
    func everyVersionAndShape(_ expected: Expected) throws {
        let decoding = try Fixture.people(expected.fixture)
        let person = try #require(decoding.people.count > expected.index ? decoding.people[expected.index] : nil)
        #expect(person.title == expected.title)
        #expect(person.first == expected.first)
        #expect(person.last == expected.last)
        #expect(person.fullName == expected.fullName)
        #expect(person.initials == expected.initials)
        #expect(person.birthDate?.description == expected.birthDate)
        #expect(person.id == expected.id)
        #expect(person.slug == expected.slug)
        #expect(person.nationality == expected.nationality)
        #expect(person.picture?.large?.absoluteString == expected.largePicture)
        #expect(person.origin.source == expected.fixture)
        #expect(decoding.problems.isEmpty, "\(decoding.problems)")
        #expect(decoding.skippedRecords == 0)
    }

    /// `people_urls: id`: the uuid, lower-cased, where there is one; the name where not.
    @Test func pageNamesFromIDs() throws {
        let data = try Fixture.data("people-v1.4.json")
        let people = try PeopleDecoder(urls: .id).decode(data, source: "people-v1.4.json").people
        #expect(
            people.map(\.slug) == [
                "7a0eed16-9430-4d68-901f-c0d4c1c3bf00", "b3e5f0a2-1c4d-4e6f-8a9b-0c1d2e3f4a5b",
                "c4f6a1b3-2d5e-4f70-9bac-1d2e3f4a5b6c", "person-" + Self.fnv("अनन्या", "शर्मा", "1988-11-05"),
            ])
        let old = try PeopleDecoder(urls: .id).decode(Fixture.data("people-v1.0.json"), source: "people-v1.0.json").people
        #expect(old.map(\.slug) == ["alexandros-papadopoulos", "olga-shcherbakova"])
    }

    /// A slug that names a list's own page (`people/2/`, `people/by-month/`) is never a person's.
    @Test func pageNamesOfListsAreNotGivenToPeople() throws {
        let data = Data(
            (#"[{"name":{"first":"2","last":""},"dob":"1990-01-01"},{"name":{"first":"By","last":"Month"},"dob":"1990-01-01"},"#
                + #"{"name":{"first":"By","last":"Name"},"dob":"1990-01-01"},{"name":{"first":"By","last":"Monthly"},"dob":"1990-01-01"}]"#)
                .utf8)
        let people = try PeopleDecoder().decode(data, source: "p.json").people
        #expect(people.map(\.slug) == ["person-2", "person-by-month", "person-by-name", "by-monthly"])
    }

    @Test func recordCounts() throws {
        #expect(try DocumentCheck.check(Fixture.data("people-v1.4.json"), kind: .people, previousRecordCount: nil) == 4)
        #expect(try DocumentCheck.check(Fixture.data("people-v0-user.json"), kind: .people, previousRecordCount: nil) == 2)
        #expect(try DocumentCheck.check(Fixture.data("people-bare-array.json"), kind: .people, previousRecordCount: nil) == 2)
        #expect(try DocumentCheck.check(Fixture.data("people-problems.json"), kind: .people, previousRecordCount: nil) == 6)
    }

    @Test func oldShapeHasAllThreePictureSizes() throws {
        let carolyn = try Fixture.people("people-v0-user.json").people[0]
        #expect(carolyn.picture?.medium?.absoluteString == "http://api.randomuser.me/portraits/med/women/36.jpg")
        #expect(carolyn.picture?.thumbnail?.absoluteString == "http://api.randomuser.me/portraits/thumb/women/36.jpg")
    }

    /// `inc=name,nat` lacks dob and login: people kept, birth date nil, one warning each.
    @Test func responseWithIncLacksFields() throws {
        let decoding = try Fixture.people("people-inc.json")
        #expect(decoding.people.map(\.fullName) == ["Wolfgang Amadeus", "Clara Schumann", ""])
        #expect(decoding.people.map(\.slug) == ["wolfgang-amadeus", "clara-schumann", "person-" + Self.fnv("", "", "1990-05-17")])
        #expect(decoding.people[0].birthDate == nil)
        #expect(decoding.people[2].birthDate == CalendarDate(year: 1990, month: 5, day: 17))
        #expect(
            decoding.problems.map(\.description) == [
                "people-inc.json results[0].dob: the date of birth is missing; pages show \"n/a\"",
                "people-inc.json results[1].dob: the date of birth is missing; pages show \"n/a\"",
            ])
        #expect(decoding.problems.allSatisfy { $0.severity == .warning })
        #expect(decoding.skippedRecords == 0)
    }
}

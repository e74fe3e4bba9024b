import DataSources
import Foundation
import ReportData
import Testing

@Suite struct SlugTests {
    @Test(arguments: [
        ("Jennie Nichols", "jennie-nichols"),
        ("Seán O'Connor", "sean-oconnor"),
        ("D’Angelo", "dangelo"),
        ("Marie-Ève Lefèbvre-Dupont", "marie-eve-lefebvre-dupont"),
        ("Zoë Müller", "zoe-muller"),
        ("Straße", "strasse"),
        // Invisible format characters vanish (checked by hand: U+202E, U+200B, U+200D, U+FEFF are category Cf).
        ("\u{202E}evil\u{200D}", "evil"),
        ("Zoë\u{200D} Zero\u{200B}Width\u{FEFF}", "zoe-zerowidth"),
        ("Søren Kierkegaard", "soren-kierkegaard"),
        ("Ærøskøbing", "aeroskobing"),
        ("Œuvre", "oeuvre"),
        ("Łódź", "lodz"),
        ("Þórr Ðórsson", "thorr-dorsson"),
        ("İstanbul ılık", "istanbul-ilik"),
        ("Dvořák Čapek Ťažký", "dvorak-capek-tazky"),
        ("Nguyễn Thị", "nguyen-thi"),
        ("Ольга Щербакова", "olga-shcherbakova"),
        ("Юрий Гагарин", "yuriy-gagarin"),
        ("Фёдор Ёлкин", "fedor-elkin"),
        ("Мирослава Кравчук", "miroslava-kravchuk"),
        ("Сергій Їжаченко", "serhiy-yizhachenko"),
        ("Григорій Гетьман", "hryhoriy-hetman"),
        ("Αλέξανδρος Παπαδόπουλος", "alexandros-papadopoulos"),
        ("Ευάγγελος Σούλης", "evaggelos-soulis"),
        ("Ψυχή Χάος", "psychi-chaos"),
        ("  --Hello,   World!--  ", "hello-world"),
        ("Apollo 11", "apollo-11"),
        ("moonlanding", "moonlanding"),
        ("7A0EED16-9430-4D68-901F-C0D4C1C3BF00", "7a0eed16-9430-4d68-901f-c0d4c1c3bf00"),
    ])
    func transliterates(_ text: String, _ slug: String) {
        #expect(Slug.make(from: text) == slug)
        #expect(Slug.make(from: text)?.wholeMatch(of: /[a-z0-9]+(-[a-z0-9]+)*/) != nil)
    }

    @Test(arguments: ["آرمین کریمی", "अनन्या शर्मा", "李小龍", "", "  ", "!!!", "Jean 李"])
    func noSlugForScriptsWithoutATable(_ text: String) {
        #expect(Slug.make(from: text) == nil)
    }

    @Test func longNamesAreCutAtAHyphen() throws {
        let slug = try #require(Slug.make(from: String(repeating: "abcdefghi ", count: 20)))
        #expect(slug.count <= Slug.maximumLength)
        #expect(!slug.hasSuffix("-"))
        #expect(slug.hasPrefix("abcdefghi-abcdefghi"))
    }

    @Test func hashesAreStableAndFixedLength() {
        #expect(StableHash.hex([]) == "cbf29ce484222325")  // FNV-1a 64 offset basis
        #expect(StableHash.hex(["a"]) == "af63dc4c8601ec8c")  // published FNV-1a 64 test vector
        #expect(StableHash.hex(of: Array("a".utf8)) == "af63dc4c8601ec8c")
        #expect(StableHash.hex(of: [UInt8]()) == "cbf29ce484222325")
        #expect(StableHash.hex(of: Array("foobar".utf8)) == "85944171f73967e8")  // published FNV-1a 64 test vector
        #expect(StableHash.hex(["ab", "c"]) != StableHash.hex(["a", "bc"]))
        #expect(Slug.hashed("person", ["a"]) == "person-af63dc4c8601ec8c")
    }

    @Test func allocatorKeepsFirstAndNumbersTheRest() {
        let (slugs, collisions) = SlugAllocator.allocate(["anna", "bob", "anna", "anna-2", "anna", "bob"])
        // "anna-2" is wanted by record 3, so the second "anna" skips it.
        #expect(slugs == ["anna", "bob", "anna-3", "anna-2", "anna-4", "bob-2"])
        #expect(collisions.map(\.index) == [2, 4, 5])
        #expect(collisions.map(\.holderIndex) == [0, 0, 1])
        #expect(collisions.map(\.assigned) == ["anna-3", "anna-4", "bob-2"])
        #expect(Set(slugs).count == slugs.count)
    }

    @Test func keysDecideWhoKeepsTheSlugWhateverTheInputOrder() {
        let forward = SlugAllocator.allocate(["anna", "anna"], rankedBy: ["b-id", "a-id"])
        #expect(forward.slugs == ["anna-2", "anna"])
        #expect(forward.collisions.map(\.holderIndex) == [1])
        let reversed = SlugAllocator.allocate(["anna", "anna"], rankedBy: ["a-id", "b-id"])
        #expect(reversed.slugs == ["anna", "anna-2"])
    }

    @Test func peopleFromTwoSourcesAreMadeUnique() throws {
        let a = try Fixture.people("people-inc.json").people
        let b = try Fixture.people("people-inc.json").people
        let (people, problems) = SlugAllocator.unique(a + b)
        #expect(people.map(\.slug).prefix(2) == ["wolfgang-amadeus", "clara-schumann"])
        #expect(people[3].slug == "wolfgang-amadeus-2")
        // Page names made from names are numbered quietly; the nameless person's page name is
        // a hash of the record, so a second one is the same record twice.
        #expect(
            problems.map(\.description) == [
                #"people-inc.json results[2]: the page name "person-\#(PeopleDecoderTests.fnv("", "", "1990-05-17"))" is already taken by "#
                    + #"people-inc.json results[2] (""); "" gets "person-\#(PeopleDecoderTests.fnv("", "", "1990-05-17"))-2""#
            ])
        // The same records twice have the same ids: each second one is named.
        #expect(
            SlugAllocator.duplicateIDs(people).map(\.description) == [
                #"people-inc.json results[0]: the id "\#(PeopleDecoderTests.fnv("Wolfgang", "Amadeus", ""))" "#
                    + #"is also the id of people-inc.json results[0] ("Wolfgang Amadeus"); both keep their pages, "#
                    + #"and the birthday calendar tells them apart by page name"#,
                #"people-inc.json results[1]: the id "\#(PeopleDecoderTests.fnv("Clara", "Schumann", ""))" "#
                    + #"is also the id of people-inc.json results[1] ("Clara Schumann"); both keep their pages, "#
                    + #"and the birthday calendar tells them apart by page name"#,
                #"people-inc.json results[2]: the id "\#(PeopleDecoderTests.fnv("", "", "1990-05-17"))" "#
                    + #"is also the id of people-inc.json results[2] (""); both keep their pages, "#
                    + #"and the birthday calendar tells them apart by page name"#,
            ])
    }
}

/// How pages show names: the old API versions' all-lower-case names in title case, every
/// other name exactly as written.
@Suite struct DisplayNameTests {
    @Test(arguments: [
        ("gertrude franklin", "Gertrude Franklin"),
        ("karl-heinz müller-lüdenscheidt", "Karl-Heinz Müller-Lüdenscheidt"),
        ("seán o'brien", "Seán O'Brien"),
        ("пётр ёлкин", "Пётр Ёлкин"),
        ("ms", "Ms"),
        // Not all lower case, or no case at all: as written.
        ("Emma van der Berg", "Emma van der Berg"),
        ("Ronald McDonald", "Ronald McDonald"),
        ("ANN LEE", "ANN LEE"),
        ("प्रिया शर्मा", "प्रिया शर्मा"),
        ("مهدی کریمی", "مهدی کریمی"),
        ("", ""),
    ])
    func titleCaseOnlyForLowerCase(written: String, shown: String) {
        #expect(Person.titleCasedIfLowercase(written) == shown)
    }

    @Test func idsAndSlugsKeepTheNameAsWritten() throws {
        let data = Data(#"[{"name":{"title":"ms","first":"gertrude","last":"franklin"},"dob":"1975-07-14 12:00:00"}]"#.utf8)
        let person = try #require(try PeopleDecoder().decode(data, source: "p.json").people.first)
        #expect(person.fullName == "gertrude franklin")
        #expect(person.displayName == "Gertrude Franklin")
        #expect(person.displayTitle == "Ms")
        #expect(person.slug == "gertrude-franklin")
        #expect(person.id == PeopleDecoderTests.fnv("gertrude", "franklin", "1975-07-14"))
    }
}

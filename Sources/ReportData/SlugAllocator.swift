/// Gives every record a page name of its own, deterministically.
///
/// Records are taken in the order given (the order of the sources, then of the records in
/// each). The first record that wants a slug gets it; each later one gets the first of
/// `slug-2`, `slug-3`, … that no record has and no record wants. Every such collision is
/// reported, naming both records, so that a site author can see why a page moved.
public enum SlugAllocator {
    /// A record that could not have the slug it wanted.
    public struct Collision: Sendable, Hashable {
        /// The slug both records wanted.
        public let wanted: String
        /// The slug this record got instead.
        public let assigned: String
        /// The position of this record in the input.
        public let index: Int
        /// The position of the record that kept `wanted`.
        public let holderIndex: Int
    }

    /// Unique slugs for `wanted` (one per record, in order), and the collisions.
    public static func allocate(_ wanted: [String]) -> (slugs: [String], collisions: [Collision]) {
        let everyWanted = Set(wanted)
        var holders: [String: Int] = [:]
        var slugs: [String] = []
        var collisions: [Collision] = []
        slugs.reserveCapacity(wanted.count)
        for (index, slug) in wanted.enumerated() {
            guard let holder = holders[slug] else {
                holders[slug] = index
                slugs.append(slug)
                continue
            }
            var number = 2
            while holders["\(slug)-\(number)"] != nil || everyWanted.contains("\(slug)-\(number)") {
                number += 1
            }
            let assigned = "\(slug)-\(number)"
            holders[assigned] = index
            slugs.append(assigned)
            collisions.append(Collision(wanted: slug, assigned: assigned, index: index, holderIndex: holder))
        }
        return (slugs, collisions)
    }

    /// `people` with unique slugs, and a warning per collision naming both records. Use it on
    /// the people of all sources together; a decoder already does it within one document.
    public static func unique(_ people: [Person]) -> (people: [Person], problems: [DataProblem]) {
        let (slugs, collisions) = allocate(people.map(\.slug))
        var result = people
        for index in result.indices { result[index].slug = slugs[index] }
        let problems = collisions.map { collision in
            problem(collision, record: people[collision.index].origin, name: people[collision.index].fullName,
                    holder: people[collision.holderIndex].origin, holderName: people[collision.holderIndex].fullName)
        }
        return (result, problems)
    }

    /// `scenarios` with unique slugs, and a warning per collision naming both scenarios.
    public static func unique(_ scenarios: [Scenario]) -> (scenarios: [Scenario], problems: [DataProblem]) {
        let (slugs, collisions) = allocate(scenarios.map(\.slug))
        var result = scenarios
        for index in result.indices { result[index].slug = slugs[index] }
        let problems = collisions.map { collision in
            problem(collision, record: scenarios[collision.index].origin, name: scenarios[collision.index].named,
                    holder: scenarios[collision.holderIndex].origin, holderName: scenarios[collision.holderIndex].named)
        }
        return (result, problems)
    }

    /// `people.json results[4]: the page name "anna-muller" is already taken by people.json
    /// results[1] ("Anna Müller"); "Anna Muller" gets "anna-muller-2"`.
    private static func problem(
        _ collision: Collision, record: RecordOrigin, name: String, holder: RecordOrigin, holderName: String
    ) -> DataProblem {
        DataProblem(
            source: record.source, path: record.path, value: nil,
            message: "the page name \"\(collision.wanted)\" is already taken by \(holder) (\"\(holderName)\"); "
                + "\"\(name)\" gets \"\(collision.assigned)\"",
            severity: .warning
        )
    }
}

/// Gives every record a page name of its own, deterministically.
///
/// Records that want the same slug are sorted by a stable key (a person's `id`, a scenario's
/// `named` and origin), then by input order: the first gets the slug, each later one the first
/// of `slug-2`, `slug-3`, … that no record has and no record wants. Sorting by the key means
/// that two "Anna Müller" keep their pages when a source lists them in another order. Every
/// collision is reported, naming both records, so that a site author can see why.
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

    /// Unique slugs for `wanted` (one per record, in input order), and the collisions in input
    /// order. `keys` (one per record) decide who keeps a contested slug; without them, input order.
    public static func allocate(_ wanted: [String], rankedBy keys: [String]? = nil) -> (slugs: [String], collisions: [Collision]) {
        let everyWanted = Set(wanted)
        var holders: [String: Int] = [:]
        var next: [String: Int] = [:]
        var slugs = wanted
        var collisions: [Collision] = []
        var order = Array(wanted.indices)
        if let keys {
            precondition(keys.count == wanted.count, "one key per record")
            order.sort { (keys[$0], $0) < (keys[$1], $1) }
        }
        for index in order {
            let slug = wanted[index]
            guard let holder = holders[slug] else {
                holders[slug] = index
                continue
            }
            // Numbers below `next[slug]` are taken already: a name shared by many people
            // is numbered in one pass, not by counting up from 2 for each.
            var number = next[slug] ?? 2
            // Not per page: a set's `contains`, not a text search.
            while holders["\(slug)-\(number)"] != nil || everyWanted.contains("\(slug)-\(number)") {
                number += 1
            }
            next[slug] = number + 1
            let assigned = "\(slug)-\(number)"
            holders[assigned] = index
            slugs[index] = assigned
            collisions.append(Collision(wanted: slug, assigned: assigned, index: index, holderIndex: holder))
        }
        collisions.sort { $0.index < $1.index }
        return (slugs, collisions)
    }

    /// `people` with unique slugs, and a warning per collision of slugs made from ids (two
    /// records with one id) naming both records. Two people of the same name are no problem:
    /// the second "Anna Schmidt" quietly gets `anna-schmidt-2`. Use it on the people of all
    /// sources together; a decoder already does it within one document.
    public static func unique(_ people: [Person]) -> (people: [Person], problems: [DataProblem]) {
        let (slugs, collisions) = allocate(people.map(\.slug), rankedBy: people.map(\.id))
        var result = people
        for index in result.indices { result[index].slug = slugs[index] }
        // A slug made from the record's id (its uuid, or the hash of a record without one) that
        // is taken means two records with one id; a slug made from a name is just a shared name.
        let fromID = { (person: Person, slug: String) in slug == person.id || slug == "person-" + person.id }
        let problems = collisions.filter { fromID(people[$0.index], $0.wanted) }.map { collision in
            problem(
                collision, record: people[collision.index].origin, name: people[collision.index].fullName,
                holder: people[collision.holderIndex].origin, holderName: people[collision.holderIndex].fullName)
        }
        return (result, problems)
    }

    /// A warning per record whose id an earlier record has. Where page names come from ids,
    /// `unique` already reports these as page names taken; where they come from names, this
    /// does, for all sources together.
    public static func duplicateIDs(_ people: [Person]) -> [DataProblem] {
        var holders: [String: Int] = [:]
        var problems: [DataProblem] = []
        for (index, person) in people.enumerated() {
            guard let holder = holders[person.id] else {
                holders[person.id] = index
                continue
            }
            problems.append(
                DataProblem(
                    source: person.origin.source, path: person.origin.path, value: nil,
                    message: "the id \"\(person.id)\" is also the id of \(people[holder].origin) (\"\(people[holder].fullName)\"); "
                        + "both keep their pages, and the birthday calendar tells them apart by page name",
                    severity: .warning
                ))
        }
        return problems
    }

    /// `scenarios` with unique slugs, and a warning per collision naming both scenarios.
    public static func unique(_ scenarios: [Scenario]) -> (scenarios: [Scenario], problems: [DataProblem]) {
        let (slugs, collisions) = allocate(scenarios.map(\.slug), rankedBy: scenarios.map { $0.named + "\u{1F}" + $0.origin.description })
        var result = scenarios
        for index in result.indices { result[index].slug = slugs[index] }
        let problems = collisions.map { collision in
            problem(
                collision, record: scenarios[collision.index].origin, name: scenarios[collision.index].named,
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

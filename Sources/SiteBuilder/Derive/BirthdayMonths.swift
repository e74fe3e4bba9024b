/// The people of a site by the month of their birthday: each month by day, people born on
/// the same day in the order of the name index. People without a birth date are a group of
/// their own, so that every person is under exactly one month page.
struct BirthdayMonths: Sendable {
    /// Twelve groups, January first.
    let months: [[PersonFacts]]
    /// People without a birth date.
    let unknown: [PersonFacts]

    /// - Parameter nameOrder: everyone, in the order of the name index.
    init(nameOrder: [PersonFacts]) {
        var months = Array(repeating: [(day: Int, rank: Int, facts: PersonFacts)](), count: 12)
        var unknown: [PersonFacts] = []
        for (rank, facts) in nameOrder.enumerated() {
            if let born = facts.person.birthDate {
                months[born.month - 1].append((born.day, rank, facts))
            } else {
                unknown.append(facts)
            }
        }
        self.months = months.map { month in
            month.sorted { ($0.day, $0.rank) < ($1.day, $1.rank) }.map(\.facts)
        }
        self.unknown = unknown
    }

    /// How many people have their birthday in each month, January first.
    var counts: [Int] { months.map(\.count) }
}

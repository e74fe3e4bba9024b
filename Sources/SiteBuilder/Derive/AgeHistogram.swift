/// People counted by decade of age (0–9, 10–19, …), for the bar chart on the people page.
struct AgeHistogram: Sendable, Equatable {
    struct Bar: Sendable, Equatable {
        /// The decade's first age: 30 for 30–39.
        let from: Int
        let count: Int
    }

    /// Every decade from the youngest to the oldest person's, empty ones included.
    let bars: [Bar]
    /// People without a known age, left out of the bars.
    let unknown: Int

    init(ages: [Int?]) {
        let known = ages.compactMap { $0 }
        unknown = ages.count - known.count
        guard let low = known.min(), let high = known.max() else {
            bars = []
            return
        }
        var counts: [Int: Int] = [:]
        for age in known { counts[age / 10 * 10, default: 0] += 1 }
        bars = stride(from: low / 10 * 10, through: high / 10 * 10, by: 10).map { Bar(from: $0, count: counts[$0] ?? 0) }
    }

    var largest: Int { bars.map(\.count).max() ?? 0 }
}

extension Chart {
    /// What an author sets of an axis, where the data alone would choose: its ends, whether
    /// it reaches zero, and about how many ticks it has.
    public struct Axis: Sendable, Equatable {
        /// The ends of the axis: the data's (niced to its ticks) where nil. A value beyond an
        /// end is cut off at the plot's edge.
        public var min: Double?
        public var max: Double?
        /// Whether the value axis reaches zero: nil takes the kind's rule (bars, columns,
        /// areas and histograms do; lines and points span their values).
        public var zero: Bool?
        /// About how many ticks (a hint, as d3's `ticks(count)`: fewer where labels would
        /// overlap); nil takes the kind's own.
        public var ticks: Int?

        public init(min: Double? = nil, max: Double? = nil, zero: Bool? = nil, ticks: Int? = nil) {
            self.min = min
            self.max = max
            self.zero = zero
            self.ticks = ticks
        }

        /// Whether an end is set, beyond which marks are cut off.
        var bounded: Bool { min != nil || max != nil }
    }

    /// A reference line (a rule) or a band the author draws over a chart: a target on the
    /// value axis, a date or a span of dates along x, each with a label of its own. The value
    /// axis and an x axis of numbers or times reach every rule and band.
    public struct Annotation: Sendable, Equatable {
        /// The axis a rule marks a place of: on a bar chart, `values` runs across and `x` (the
        /// categories) down.
        public enum Along: Sendable, Equatable {
            case x, values
        }

        /// A place on an axis: a number (seconds on a wall clock, for a time axis, as
        /// `Domain.times`), or a category by its name.
        public enum Place: Sendable, Equatable {
            case number(Double)
            case category(String)
        }

        public var along: Along
        public var from: Place
        /// The band's other end; nil for a rule.
        public var to: Place?
        public var label: String?

        public init(along: Along, from: Place, to: Place? = nil, label: String? = nil) {
            self.along = along
            self.from = from
            self.to = to
            self.label = label
        }

        /// The annotation with its places along x as the categories that `name` writes
        /// (`Chart.categorized`).
        func named(by name: (Double) -> String) -> Annotation {
            guard along == .x else { return self }
            func category(_ place: Place) -> Place {
                if case .number(let value) = place { return .category(name(value)) }
                return place
            }
            return Annotation(along: along, from: category(from), to: to.map(category), label: label)
        }

        /// The numbers of its places (not its categories).
        public var numbers: [Double] {
            [from, to].compactMap { place in
                if case .number(let value)? = place, value.isFinite { return value }
                return nil
            }
        }
    }
}

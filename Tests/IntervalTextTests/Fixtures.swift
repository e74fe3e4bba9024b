import CivilTime
import Foundation
import TestSupport
import TextFormatting

@testable import IntervalText

/// Lengths in seconds for readable tables (fixed lengths: a year is 365 days).
let second: TimeInterval = 1
let minute: TimeInterval = 60
let hour: TimeInterval = 3_600
let day: TimeInterval = 86_400
let week: TimeInterval = 7 * day
let month: TimeInterval = 365 * day / 12
let year: TimeInterval = 365 * day
let century: TimeInterval = 100 * year
let millennium: TimeInterval = 1_000 * year

extension Language {
    /// This language writing one unit without a number.
    var withoutNumberForOne: Language {
        var language = self
        language.showsNumberForOne = false
        return language
    }

    /// The words for a signed fixed-length interval, as the seed's `stringRepresentation`.
    func text(_ interval: TimeInterval, rounding: Rounding = .truncate) -> String? {
        configuration(rounding: rounding).stringRepresentation(for: interval)
    }
}

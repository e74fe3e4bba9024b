import CivilTime
import Foundation
import ReportData

/// What the pages say about a person on the build's day: age, next birthday and how far off
/// it is, all computed in the site's time zone from `--now` (never from the source's `age`).
/// A class, never changed once made: the list, the indexes and the search hold the same
/// facts in several orders, and copying a reference is one retain where a `Person` is many.
final class PersonFacts: Sendable {
    let person: Person
    /// Whole years on `today`; nil without a birth date.
    let age: Int?
    /// The next birthday on or after `today` (Feb 29 birthdays fall on Feb 28 in common years).
    let nextBirthday: CalendarDate?
    /// 0 on the birthday itself.
    let daysUntilBirthday: Int?

    init(_ person: Person, today: CalendarDate) {
        self.person = person
        guard let born = person.birthDate, born <= today else {
            // No date, or a date after today (bad data): nothing to count.
            age = nil
            nextBirthday = nil
            daysUntilBirthday = nil
            return
        }
        let birthday = Birthday(born)
        age = birthday.age(on: today)
        // Someone born today has their first birthday a year from now.
        let next = birthday.nextBirthday(onOrAfter: born == today ? today.adding(days: 1) : today)
        nextBirthday = next
        daysUntilBirthday = today.days(to: next)
    }

    /// People in birthday order: the next birthday first, ties by name, people without a
    /// birth date last.
    static func inBirthdayOrder(_ people: [Person], today: CalendarDate) -> [PersonFacts] {
        people.map { PersonFacts($0, today: today) }.sorted { a, b in
            switch (a.daysUntilBirthday, b.daysUntilBirthday) {
            case (let x?, let y?) where x != y: return x < y
            case (_?, nil): return true
            case (nil, _?): return false
            default:
                let order = a.person.fullName.localizedStandardCompare(b.person.fullName)
                return order == .orderedSame ? a.person.slug < b.person.slug : order == .orderedAscending
            }
        }
    }
}

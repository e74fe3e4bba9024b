import CivilTime
import Foundation
import ReportData
import TextFormatting

/// `people/birthdays.ics`: everyone's birthday as an iCalendar file (RFC 5545) that calendar
/// apps can import or subscribe to, written into every build whose site has people sources
/// (also when they hold nobody yet, so that a subscribed address never disappears).
///
/// One calendar for the whole site, not one per language: a subscription is one address,
/// and the people are the same in every language. Its words (the summary "Anna Alpha's
/// birthday") are those of the site's default language.
///
/// Each person with a known date of birth is one yearly all-day event starting on that date.
/// Dates are floating DATE values, as written in the source: a birthday is a day on the
/// subscriber's own calendar, never shifted through a time zone. Feb 29 birthdays use
/// `FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1`, the last day of February: Feb 29 in leap years,
/// Feb 28 in common years — the days ttsite's pages count with. A plain `FREQ=YEARLY` on
/// Feb 29 would skip common years altogether (RFC 5545 3.3.10: invalid dates are ignored),
/// and `BYSETPOS` or `RSCALE` tricks are not understood by every app.
struct BirthdayCalendar {

    /// The file's bytes: CRLF line ends, folded lines, escaped TEXT values.
    let bytes: [UInt8]

    /// Nil when the site has no people sources (and so no people pages to link it from).
    /// `now` becomes every event's DTSTAMP, so that the same `--now` gives the same bytes;
    /// `today` (its day in the site's zone) decides who has been born yet.
    init?(people: [Person], config: SiteConfig, routes: Routes, now: Date, today: CalendarDate) {
        guard !config.people.isEmpty else { return nil }
        let labels = config.pack(for: config.defaultLanguage).labels
        let stamp = CivilText.iCalendarUTC(now)

        var calendar = ICalendarText()
        calendar.component("VCALENDAR") { calendar in
            calendar.add("VERSION", "2.0")
            calendar.addText("PRODID", "-//ttsite//Birthday calendar//EN")
            calendar.add("CALSCALE", "GREGORIAN")
            calendar.add("METHOD", "PUBLISH")
            calendar.addText("NAME", config.title)
            calendar.addText("X-WR-CALNAME", config.title)
            if let baseURL = config.baseURL {
                calendar.add("SOURCE", baseURL.absoluteString + Routes.calendar)
            }
            // The site is rebuilt nightly: asking subscribers to refresh daily is enough.
            calendar.add("REFRESH-INTERVAL", "P1D", parameters: "VALUE=DURATION")
            calendar.add("X-PUBLISHED-TTL", "P1D")
            for (index, uid) in Self.eventPeople(people, today: today) {
                let person = people[index]
                let born = person.birthDate!
                calendar.component("VEVENT") { event in
                    event.addText("UID", uid)
                    event.add("DTSTAMP", stamp)
                    event.add("DTSTART", CivilText.iCalendarDate(born), parameters: "VALUE=DATE")
                    event.add("DTEND", CivilText.iCalendarDate(born.adding(days: 1)), parameters: "VALUE=DATE")
                    event.add("RRULE", Self.rule(for: born))
                    event.addText("SUMMARY", Self.summary(person, labels: labels))
                    if let baseURL = config.baseURL {
                        event.add("URL", Routes.absolute(routes.person(person.slug, language: config.defaultLanguage), baseURL: baseURL))
                    }
                    // A birthday does not make anyone busy.
                    event.add("TRANSP", "TRANSPARENT")
                }
            }
        }
        bytes = calendar.bytes
    }

    /// The people the pages show a next birthday for (a date of birth that is known, not after
    /// today, and writable as a four-digit year), with their UIDs, in UID order, so neither
    /// the order of the sources nor the build's day moves an event in the file.
    ///
    /// A UID is `birthday-<person id>@ttsite`: the id is the record's `login.uuid`, or a hash
    /// of name and birth date, so it survives nightly rebuilds. Should two records share an
    /// id, the later ones (by slug) add their slug, which is unique.
    /// By index in `people`: copies of 100,000 records, filtered and sorted, were 70 MB.
    static func eventPeople(_ people: [Person], today: CalendarDate) -> [(index: Int, uid: String)] {
        let known = people.indices.filter { index in
            guard let born = people[index].birthDate else { return false }
            return born <= today && (1...9999).contains(born.year)
        }
        var seen: Set<String> = []
        return known.sorted { (people[$0].id, people[$0].slug) < (people[$1].id, people[$1].slug) }.map { index in
            let person = people[index]
            let uid = seen.insert(person.id).inserted ? "birthday-\(person.id)@ttsite" : "birthday-\(person.id)-\(person.slug)@ttsite"
            return (index, uid)
        }
    }

    /// The recurrence of a birthday: yearly on the date of birth, or on the last day of
    /// February for Feb 29 (see the type's comment).
    static func rule(for born: CalendarDate) -> String {
        born.month == 2 && born.day == 29 ? "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1" : "FREQ=YEARLY"
    }

    /// "Anna Alpha's birthday" in the default language; "Birthday" for a person without a name.
    static func summary(_ person: Person, labels: Labels) -> String {
        person.displayName.isEmpty ? labels.birthday : labels.birthdayOf.replacingEvery("<NAME>", with: person.displayName)
    }
}

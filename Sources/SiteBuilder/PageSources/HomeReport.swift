/// The report a home page shows on a site of people or timelines (`home.mustache`): counters,
/// and the birthdays of the next 30 days with a link to where the rest begin.
enum HomeReport {
    /// How many of the next 30 days' birthdays the home page lists; the people list, which
    /// starts with the next birthday, has the rest.
    static let upcomingOnHome = 12

    static func view(_ ordered: [PersonFacts], data: SiteData, views: PeopleViews, hasPeople: Bool) -> HomeReportView {
        let upcoming = ordered.filter { ($0.daysUntilBirthday ?? .max) <= 30 }
        let shown = upcoming.prefix(upcomingOnHome)
        let labels = views.labels
        let counters: [(Int, String)] = [
            (data.people.count, views.counted(labels.peopleCount, data.people.count)),
            (data.scenarios.count, views.counted(labels.scenarioCount, data.scenarios.count)),
            (data.eventCount, views.counted(labels.eventCount, data.eventCount)),
        ]
        return HomeReportView(
            hasPeople: hasPeople,
            peopleHref: Routes.file(views.routes.list(.people, language: views.language)),
            counters: counters.map { count, label in
                HomeReportView.Count(counter: views.counter(to: Double(count), format: "{value}"), label: label)
            },
            upcoming: shown.map(views.person),
            hasUpcoming: !upcoming.isEmpty,
            moreUpcoming: upcoming.count > shown.count
                ? HomeReportView.More(
                    text: labels.moreUpcoming.replacingEvery(
                        "<COUNT>", with: views.numbers.localizingDigits(String(upcoming.count - shown.count))),
                    // The month page where the birthdays the home page leaves out begin.
                    href: Routes.file(views.routes.birthdayMonth(upcoming[shown.count].nextBirthday?.month, language: views.language))
                ) : nil
        )
    }
}

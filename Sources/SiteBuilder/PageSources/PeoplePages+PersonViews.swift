import Foundation
import ReportData
import TemplateEngine

/// The views of the people on person pages and list pages, made as the pages are rendered.
extension PeoplePages {
    /// What the person pages of a language are made from, held once for all of them: each
    /// page's maker holds this and its position (a maker that held the language's views
    /// itself was 4.5 KB a person).
    final class PersonPageValues: Sendable {
        let views: PeopleViews
        let ordered: [PersonFacts]
        let personViews: PersonViews

        init(views: PeopleViews, ordered: [PersonFacts], personViews: PersonViews) {
            self.views = views
            self.ordered = ordered
            self.personViews = personViews
        }

        /// The values of the page of the person at `position`, whose list page's file is `list`,
        /// with the digests of the three people's views.
        func values(_ position: Int, list: String) -> PageValues {
            var shown: [String: (view: TemplateValue, digest: BuildDigest)] = [:]
            for (key, index) in [("previous", position - 1), ("person", position), ("next", position + 1)]
            where ordered.indices.contains(index) {
                shown[key] = personViews.made(index)
            }
            let view = PersonPageView(
                list: list, hasCounters: ordered[position].age != nil, description: views.description(ordered[position]),
                previous: shown["previous"]?.view, person: shown["person"]?.view, next: shown["next"]?.view
            )
            return PageValues(view, digests: shown.mapValues(\.digest))
        }
    }

    /// Each person's view, made when a page first asks for it and kept while the pages near
    /// it are rendered: pages are rendered in order, so a person's page finds its neighbours
    /// made, and a list page the people it shows. Views far behind the furthest one made are
    /// let go, so that a report of 100,000 people holds a window of them, not all.
    final class PersonViews: @unchecked Sendable {
        private let make: @Sendable (Int) -> TemplateValue
        private let lock = NSLock()
        private var made: [Int: (view: TemplateValue, digest: BuildDigest)] = [:]
        private var furthest = 0
        /// How many positions behind the furthest a view is kept: more than a list page
        /// shows (`page_size.people`) and more than the render workers are apart; a view let
        /// go too soon is only made again.
        private let window: Int
        /// Whether every view made is kept (a preview renders the same pages again).
        private let keepingEvery: Bool

        init(window: Int, keepingEvery: Bool = false, make: @escaping @Sendable (Int) -> TemplateValue) {
            self.window = window
            self.keepingEvery = keepingEvery
            self.make = make
        }

        subscript(position: Int) -> TemplateValue {
            made(position).view
        }

        /// The view of the person at `position`, and its digest (a page's digest takes it).
        func made(_ position: Int) -> (view: TemplateValue, digest: BuildDigest) {
            if let found = lock.withLock({ made[position] }) { return found }
            let view = make(position)
            let found = (view: view, digest: BuildDigest { $0.add(view) })
            lock.withLock {
                made[position] = found
                furthest = max(furthest, position)
                if !keepingEvery, made.count > 2 * window {
                    made = made.filter { $0.key + window >= furthest }
                }
            }
            return found
        }
    }
}

import DataSources
import Dispatch
import Foundation

/// `ttsite check --external`: asks every external link once, eight at a time, through the
/// same HTTP client the data sources use. A link is broken when it answers 400 or more
/// after redirects, or does not answer in time. Off by default: other people's servers
/// come and go, and a nightly build should not fail for them.
struct ExternalLinkCheck {
    let fetcher: any Fetcher
    var timeoutSeconds = 15.0
    var parallel = 8

    func check(_ links: [(url: String, page: String)]) -> (checked: Int, broken: [LinkCheck.Link]) {
        let results = Results(count: links.count)
        let queue = DispatchQueue(label: "ttsite.external-links", attributes: .concurrent)
        let slots = DispatchSemaphore(value: parallel)
        let group = DispatchGroup()
        for (index, link) in links.enumerated() {
            slots.wait()
            queue.async(group: group) {
                defer { slots.signal() }
                results.set(index, reason(for: link.url))
            }
        }
        group.wait()
        var broken: [LinkCheck.Link] = []
        for (index, link) in links.enumerated() {
            if let reason = results.get(index) { broken.append(LinkCheck.Link(page: link.page, link: link.url, reason: reason)) }
        }
        return (links.count, broken)
    }

    /// Why the link is broken, or nil when it answered.
    private func reason(for link: String) -> String? {
        guard let url = URL(string: link), url.host != nil else { return "not a valid URL" }
        let request = FetchRequest(url: url, timeoutSeconds: timeoutSeconds, maxBytes: 20_000_000)
        do {
            let response = try fetcher.fetch(request)
            return response.status >= 400 ? "HTTP \(response.status)" : nil
        } catch {
            return "\(error)"
        }
    }

    /// One slot per link, filled from several threads.
    private final class Results: @unchecked Sendable {
        private var reasons: [String?]
        private let lock = NSLock()
        init(count: Int) { reasons = Array(repeating: nil, count: count) }
        func set(_ index: Int, _ reason: String?) { lock.withLock { reasons[index] = reason } }
        func get(_ index: Int) -> String? { lock.withLock { reasons[index] } }
    }
}

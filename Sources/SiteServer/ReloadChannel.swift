import Foundation

/// The server-sent events every open preview page listens to (`/_ttsite/events`): `build`
/// after each successful rebuild (the page reloads) and `failure` with the error text while
/// a build is broken (the page shows it over the last good output).
///
/// Each event is sent to each open page as it happens; a page that connects late gets the
/// current state at once (`hello` with the id of the last good build, and the standing
/// failure, if any), so a rebuild between loading a page and connecting is not missed.
actor ReloadChannel {
    private var listeners: [UUID: AsyncStream<[UInt8]>.Continuation] = [:]

    /// A new listener's stream of encoded events, starting with `initial`. The listener is
    /// dropped when its connection closes.
    func listen(initial: [ServerEvent]) -> AsyncStream<[UInt8]> {
        let id = UUID()
        let (stream, continuation) = AsyncStream.makeStream(of: [UInt8].self, bufferingPolicy: .bufferingNewest(64))
        continuation.yield(Array("retry: 1000\n\n".utf8))
        for event in initial { continuation.yield(event.encoded) }
        continuation.onTermination = { [weak self] _ in
            Task { await self?.drop(id) }
        }
        listeners[id] = continuation
        return stream
    }

    func send(_ event: ServerEvent) {
        for continuation in listeners.values { continuation.yield(event.encoded) }
    }

    /// Ends every stream, so their connections close and the server can stop.
    func close() {
        for continuation in listeners.values { continuation.finish() }
        listeners = [:]
    }

    var count: Int { listeners.count }

    private func drop(_ id: UUID) {
        listeners[id] = nil
    }
}

/// One server-sent event: a name and a text (which may span lines).
struct ServerEvent: Sendable, Equatable {
    var name: String
    var data: String

    /// The wire form (HTML Living Standard, "server-sent events"): each line of the text as
    /// its own `data:` field, which the browser joins with newlines again.
    var encoded: [UInt8] {
        var text = "event: \(name)\n"
        for line in data.split(separator: "\n", omittingEmptySubsequences: false) {
            text += "data: \(line.replacingOccurrences(of: "\r", with: ""))\n"
        }
        return Array((text + "\n").utf8)
    }
}

import ReportData
import TextFormatting

/// Where each event of a scenario sits on its proportional axis and when it appears in the
/// replay: the numbers of a timeline page, before any text.
///
///     position = (event.start − start) / (end − start)          (0 … 1 on the axis)
///     delay    = replay_seconds / (end − start) × (event.start − start)   (`Replay`)
///
/// Rules where the seed is silent:
/// - Events are shown in time order; events at the same instant keep their document order.
/// - An event before the start sits at 0 and one after the end at 1, marked as outside.
/// - A scenario of zero or negative length is a single point: every event sits at 0 and
///   appears when the replay starts (as `Replay` has it).
struct TimelineLayout {
    struct Entry {
        let event: ScenarioEvent
        /// Share of the axis, 0 … 1.
        let position: Double
        /// Share of the axis since the previous entry (the first: since the start), 0 … 1:
        /// the spacing of the vertical list.
        let gap: Double
        /// Second of the replay at which the event appears.
        let delay: Double
        let isBeforeStart: Bool
        let isAfterEnd: Bool
    }

    let scenario: Scenario
    /// The replay's length in seconds: the scenario's `replaySeconds`, else the site's.
    let replaySeconds: Double
    /// The events in time order.
    let entries: [Entry]

    init(_ scenario: Scenario, siteReplaySeconds: Double) {
        self.scenario = scenario
        let replay = scenario.replay(seconds: scenario.replaySeconds ?? siteReplaySeconds)
        replaySeconds = replay.seconds
        let start = scenario.start.double
        let length = scenario.length
        let ordered = scenario.events.enumerated().sorted { a, b in
            (a.element.start.double, a.offset) < (b.element.start.double, b.offset)
        }
        var entries: [Entry] = []
        var previous = 0.0
        for (offset, event) in ordered {
            let raw = length > 0 && length.isFinite ? (event.start.double - start) / length : 0
            let position = raw.isFinite ? min(max(raw, 0), 1) : 0
            entries.append(
                Entry(
                    event: event, position: position, gap: max(position - previous, 0), delay: replay.timings[offset],
                    isBeforeStart: event.start.double < start,
                    isAfterEnd: length >= 0 && event.start.double > scenario.end.double
                ))
            previous = position
        }
        self.entries = entries
    }

    /// The per-event values as CSS custom properties, one rule per event, for the page head:
    /// `.event-3{--at:12.35%;--gap:0.1235;--delay:7.41s}`. Numbers have fixed decimals so
    /// the output is the same everywhere.
    ///
    /// Why a `<style>` block: positions and delays are continuous, so classes cannot carry
    /// them, and `style="…"` attributes need `'unsafe-inline'` (style-src-attr) under a CSP.
    /// One `<style>` element per page, with no data text in it, is allowed by a strict
    /// policy through its hash (`style-src 'self' 'sha256-…'`); the page has no script.
    var styleRules: String {
        var rules = ".timeline-replay{--replay:\(Self.fixed(replaySeconds, 2))s}\n"
        for entry in entries {
            // Two appends, not one line of two strings joined: no string is made to be copied.
            rules += ".event-\(entry.event.index){--at:\(Self.fixed(entry.position * 100, 2))%;"
            rules += "--gap:\(Self.fixed(entry.gap, 4));--delay:\(Self.fixed(entry.delay, 2))s}\n"
        }
        return rules
    }

    static func fixed(_ value: Double, _ digits: Int) -> String {
        let text = CFormat.fixed(value, decimals: digits)
        return text.hasPrefix("-") && Double(text) == 0 ? String(text.dropFirst()) : text
    }
}

import CSQLite
import Foundation

/// The clock of the queries that SQLite's progress handler cannot be. The handler is asked
/// between the steps of SQLite's virtual machine, and one step can run for hours: a single
/// function call (`instr` over a text of ten million characters) does not come back to it.
///
/// One thread looks at the queries running four times a second. At a query's time limit it
/// interrupts its connection (`sqlite3_interrupt`, which SQLite also checks in its own long
/// loops, such as a sort); a query still running `grace` later is stuck in code that checks
/// nothing, and is told to the handler of `RunawayQueries` — the command ends the build
/// there, the published site left as it was.
final class QueryWatchdog: @unchecked Sendable {
    static let shared = QueryWatchdog()

    private struct Watch {
        let connection: OpaquePointer
        let sql: String
        let limits: SQLLimits
        let deadline: ContinuousClock.Instant
        let giveUp: ContinuousClock.Instant
        var interrupted = false
        var told = false
    }

    private let condition = NSCondition()
    private var watched: [ObjectIdentifier: Watch] = [:]
    private var runaway: (@Sendable (String) -> Void)?
    private var started = false

    /// How long a query may go on past its limit after the interrupt, before it is a runaway:
    /// its own limit again, and at least five seconds.
    static func grace(_ limits: SQLLimits) -> Double { max(5, min(limits.seconds, 1e6)) }

    /// Watches the query `guardian` keeps, running `sql` on `connection`, until `release`.
    func watch(_ guardian: QueryGuard, connection: OpaquePointer, sql: String) {
        let grace = Duration.nanoseconds(Int64(Self.grace(guardian.limits) * 1e9))
        condition.withLock {
            watched[ObjectIdentifier(guardian)] = Watch(
                connection: connection, sql: sql, limits: guardian.limits, deadline: guardian.deadline,
                giveUp: guardian.deadline + grace)
            if !started {
                started = true
                let thread = Thread { [self] in run() }
                thread.name = "ttsite query watchdog"
                thread.start()
            }
        }
    }

    /// The query has ended: its connection is not interrupted after this returns.
    func release(_ guardian: QueryGuard) {
        condition.withLock { _ = watched.removeValue(forKey: ObjectIdentifier(guardian)) }
    }

    func onRunaway(_ handler: @escaping @Sendable (String) -> Void) {
        condition.withLock { runaway = handler }
    }

    private func run() {
        while true {
            let (handler, stuck) = condition.withLock { () -> ((@Sendable (String) -> Void)?, [Watch]) in
                // Never woken by a query: one that takes less than a look costs nothing more
                // than its place in the dictionary (a build runs 20,000 of them).
                _ = condition.wait(until: Date(timeIntervalSinceNow: 0.25))
                let now = ContinuousClock.now
                var stuck: [Watch] = []
                for (key, watch) in watched {
                    if !watch.interrupted, now >= watch.deadline {
                        // Under the lock: the query cannot end, and its connection close,
                        // while it is interrupted.
                        sqlite3_interrupt(watch.connection)
                        watched[key]?.interrupted = true
                    }
                    if !watch.told, now >= watch.giveUp {
                        watched[key]?.told = true
                        stuck.append(watch)
                    }
                }
                return (runaway, stuck)
            }
            guard let handler else { continue }
            for watch in stuck {
                let first = watch.sql.split(whereSeparator: \.isNewline).first.map { String($0.prefix(60)) } ?? ""
                handler(
                    "a query ran past its time limit of \(SQLError.seconds(watch.limits.seconds)) (`queries.seconds`) "
                        + "inside one call SQLite cannot interrupt, "
                        + "and was still running \(SQLError.seconds(Self.grace(watch.limits))) later: `\(first)…`"
                )
            }
        }
    }
}

/// What becomes of a query that runs on past its time limit in a call SQLite cannot
/// interrupt (`QueryWatchdog`): by default it is left to run; `ttsite` ends the build.
public enum RunawayQueries {
    /// `handler` is called, once for each such query, with a message that names it.
    public static func onRunaway(_ handler: @escaping @Sendable (String) -> Void) {
        QueryWatchdog.shared.onRunaway(handler)
    }
}

/// How much one query may take: wall time, rows and the bytes of its result (each value's
/// own size and its text's or blob's).
/// A query over a limit stops with an error, it is never cut short silently; the site's
/// config sets them.
public struct SQLLimits: Sendable, Hashable {
    public var seconds: Double = 10
    public var rows: Int = 100_000
    public var bytes: Int = 100 * 1024 * 1024

    public init(seconds: Double = 10, rows: Int = 100_000, bytes: Int = 100 * 1024 * 1024) {
        self.seconds = seconds
        self.rows = rows
        self.bytes = bytes
    }
}

/// Remarks a transformer makes about a value it did transform: the value is usable, but the
/// author should hear something (an RFC 850 date whose weekday fits no century). A reader that
/// wants them binds a `NoteSink` around the transformation; without one they are dropped.
///
///     let sink = NoteSink()
///     let date = try TransformationNotes.$sink.withValue(sink) { try dates.transform(text, to: Date.self) }
///     for note in sink.notes { … }
public enum TransformationNotes {
    @TaskLocal public static var sink: NoteSink?

    /// Adds a remark to the sink bound here, if any.
    static func record(_ note: String) {
        sink?.append(note)
    }
}

/// The remarks made while it was bound. Used by one reader at a time.
public final class NoteSink: @unchecked Sendable {
    public private(set) var notes: [String] = []

    public init() {}

    func append(_ note: String) {
        notes.append(note)
    }
}

/// What `PeopleDecoder` made of one document.
public struct PeopleDecoding: Sendable {
    /// The people kept, in document order, with slugs unique within the document.
    public var people: [Person]
    /// Every problem, in document order: errors for the document as a whole, warnings for
    /// records and fields.
    public var problems: [DataProblem]
    /// Records left out (not an object, or neither a name nor a date of birth).
    public var skippedRecords: Int
    /// Records found in the document, kept or not: compare it with the cached copy's to catch
    /// a fetch that suddenly returns nothing.
    public var recordCount: Int

    public init(people: [Person] = [], problems: [DataProblem] = [], skippedRecords: Int = 0, recordCount: Int = 0) {
        self.people = people
        self.problems = problems
        self.skippedRecords = skippedRecords
        self.recordCount = recordCount
    }
}

/// What `ScenarioDecoder` made of one document.
public struct ScenarioDecoding: Sendable {
    /// The scenarios kept, in document order, with slugs unique within the document.
    public var scenarios: [Scenario]
    /// Every problem, in document order: errors for the document and for scenarios that
    /// have no usable unit (missing or unknown); warnings otherwise (an unreadable start or end
    /// leaves the scenario out with a warning).
    public var problems: [DataProblem]
    /// Scenarios and events left out.
    public var skippedRecords: Int
    /// Scenarios found in the document, kept or not.
    public var recordCount: Int

    public init(scenarios: [Scenario] = [], problems: [DataProblem] = [], skippedRecords: Int = 0, recordCount: Int = 0) {
        self.scenarios = scenarios
        self.problems = problems
        self.skippedRecords = skippedRecords
        self.recordCount = recordCount
    }
}

/// Where a build is, for a progress bar: the stage, and for rendering how many pages of how
/// many are done. Reported from several threads.
public struct BuildProgress: Sendable, Equatable {
    public enum Stage: String, Sendable, CaseIterable {
        case data = "reading data"
        case pictures = "processing pictures"
        case content = "scanning content"
        case templates = "loading templates"
        case render = "rendering pages"
        case files = "writing files"
        case links = "checking links"
        case publish = "publishing"
    }

    public var stage: Stage
    public var done = 0
    public var total = 0

    public init(stage: Stage, done: Int = 0, total: Int = 0) {
        self.stage = stage
        self.done = done
        self.total = total
    }
}

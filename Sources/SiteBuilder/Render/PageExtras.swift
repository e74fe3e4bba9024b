import TemplateEngine

/// The extra template values of data pages (people, counters, a timeline …) by output
/// path. Most are made only when their page is rendered, on the render worker's thread:
/// a data site's thousands of timelines and person pages then build their view models in
/// parallel, and the values of a page are released once it is written.
struct PageExtras: Sendable {
    private var makers: [String: @Sendable () -> [String: TemplateValue]] = [:]

    /// The values of the page at `outputPath`, made now; nil for a page without any.
    subscript(outputPath: String) -> [String: TemplateValue]? {
        makers[outputPath]?()
    }

    /// Values known already.
    mutating func set(_ outputPath: String, _ values: [String: TemplateValue]) {
        makers[outputPath] = { values }
    }

    /// Values made when the page is rendered.
    mutating func later(_ outputPath: String, _ make: @escaping @Sendable () -> [String: TemplateValue]) {
        makers[outputPath] = make
    }
}

/// The extra template values of report pages (people, counters, a timeline …) by output
/// path. Most are made only when their page is rendered, on the render worker's thread:
/// a data site's thousands of timelines and person pages then build their view models in
/// parallel, and the values of a page are released once it is written.
///
/// The values are plain dictionaries (`[String: Any]`), which Swift cannot prove
/// `Sendable`; each closure builds new values from `Sendable` inputs, so workers share none.
struct PageExtras: @unchecked Sendable {
    private var makers: [String: () -> [String: Any]] = [:]

    /// The values of the page at `outputPath`, made now; nil for a page without any.
    subscript(outputPath: String) -> [String: Any]? {
        makers[outputPath]?()
    }

    /// Values known already.
    mutating func set(_ outputPath: String, _ values: [String: Any]) {
        makers[outputPath] = { values }
    }

    /// Values made when the page is rendered.
    mutating func later(_ outputPath: String, _ make: @escaping () -> [String: Any]) {
        makers[outputPath] = make
    }
}

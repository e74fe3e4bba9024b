/// A parser of outside input fed arbitrary bytes: by libFuzzer (`scripts/fuzz`, through the
/// `ttsite-fuzz` executable) to find inputs that crash it, trip a sanitizer, leak or take
/// more than a second; and by `FuzzTargetsTests`, which replays the committed seeds and every
/// input a fuzzing run saved, for ever.
///
/// A target returns normally for any input, accepted or rejected; only a crash (or a broken
/// property it checks with `precondition`) is a finding.
public struct FuzzTarget: Sendable {
    /// The name `scripts/fuzz` and the folders under `Fuzz/` use.
    public let name: String
    public let run: @Sendable ([UInt8]) -> Void

    public init(_ name: String, run: @escaping @Sendable ([UInt8]) -> Void) {
        self.name = name
        self.run = run
    }

    /// Every target, in the order `scripts/fuzz` runs them.
    public static let all: [FuzzTarget] = [
        .json, .people, .scenarios, .frontMatter, .markdown, .config, .dates, .intervalText, .pluralRules, .requestPaths, .imageHeaders,
        .pictureMetadata, .csv, .queryBlocks, .chart, .postgresValues, .mysqlValues, .pageText,
        .inputOptions,
    ]

    public static func named(_ name: String) -> FuzzTarget? {
        all.first { $0.name == name }
    }
}

extension String {
    /// The bytes as UTF-8 text, invalid sequences replaced: what a reader of files makes of them.
    init(fuzzed bytes: [UInt8]) {
        self.init(decoding: bytes, as: UTF8.self)
    }
}

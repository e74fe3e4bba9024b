import ReportData

/// What `--strict` changes, decided here for every stage of the pipeline:
///
/// - a remote source that cannot be fetched is an error even when a cached copy exists;
/// - a warning of the sources stage stops the build as a source error (exit 3);
/// - a warning of a decoder (a skipped record, a bad field) is an error (exit 1);
/// - any other warning (content, templates, links) stops the build before it publishes.
///
/// Without `--strict` every warning is reported and the build goes on.
struct StrictMode: Sendable {
    let isOn: Bool

    init(_ options: BuildOptions) {
        isOn = options.strict
    }

    /// Whether a failed fetch may use the cached copy (the source reader's `strict` is the
    /// opposite).
    var fallsBackToCache: Bool { !isOn }

    /// Throws the first of `warnings` as an error of `kind`, under `--strict`.
    func check(_ warnings: [String], as kind: BuildError.Kind) throws {
        if isOn, let first = warnings.first {
            throw BuildError(kind, "--strict: \(first)")
        }
    }

    /// The warnings among a decoder's problems; throws the first error (under `--strict`,
    /// the first problem of any severity).
    func warnings(from problems: [DataProblem]) throws -> [String] {
        if let stop = problems.first(where: { isOn || $0.isError }) {
            throw BuildError(.content, stop.description)
        }
        return problems.map(\.description)
    }
}

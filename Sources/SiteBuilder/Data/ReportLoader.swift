import DataSources
import Foundation
import ReportData
import ValueTransformers

/// Reads every `people` and `scenarios` source of the config and decodes them into a
/// `Report`: the sources stage and the decode stage of the pipeline.
///
/// A fetched copy replaces the cached one only when the real decoder accepts it (it is
/// JSON of the right shape, not an error object, not empty where the last copy had records).
struct ReportLoader {
    let config: SiteConfig
    let reader: SourceReader
    let strict: Bool

    init(config: SiteConfig, options: BuildOptions) {
        self.config = config
        self.strict = options.strict
        var settings = config.fetch
        settings.userAgent = "ttsite/\(SiteBuilderVersion.current) (+https://github.com/ttsite/ttsite)"
        reader = SourceReader(
            siteFolder: options.siteFolder,
            fetcher: options.fetcher ?? URLSessionFetcher(),
            settings: settings,
            offline: options.offline,
            strict: options.strict
        )
    }

    func load() throws -> Report {
        var report = Report()
        let peopleDecoder: PeopleDecoder
        let scenarioDecoder: ScenarioDecoder
        do {
            peopleDecoder = try PeopleDecoder(dateFormats: config.dateFormats)
            scenarioDecoder = try ScenarioDecoder(timeZone: config.timeZone, dateFormats: config.dateFormats)
        } catch {
            throw BuildError(.configuration, "`date_formats`: \(error)", in: "ttsite.yml")
        }

        for location in config.people {
            var parsed = ParsedDocuments()
            let reading = try read(location) { candidate, cached in
                let previous = cached.flatMap { parsed.parse($0) }.flatMap { try? DocumentCheck.people($0, previousRecordCount: nil) }
                _ = try DocumentCheck.people(try parsed.parseOrThrow(candidate), previousRecordCount: previous)
            }
            report.warnings += reading.warnings
            var sourceCount = SourceCount(kind: .people, source: location.description, records: 0)
            for document in reading.documents {
                let decoding = parsed.take(document.data).map { peopleDecoder.decode($0, source: document.name) }
                    ?? peopleDecoder.decode(document.data, source: document.name)
                try take(decoding.problems, into: &report)
                sourceCount.records += decoding.people.count
                report.people += decoding.people
                report.skippedRecords += decoding.skippedRecords
                report.sourceLines.append("\(document.name): \(count(decoding.people.count, "person", "people")), \(decoding.skippedRecords) skipped, \(count(decoding.problems.count, "warning")) (\(describe(document.origin)))")
            }
            report.sourceCounts.append(sourceCount)
        }
        for location in config.scenarios {
            var parsed = ParsedDocuments()
            let reading = try read(location) { candidate, cached in
                let previous = cached.flatMap { parsed.parse($0) }.flatMap { try? DocumentCheck.scenarios($0, previousRecordCount: nil) }
                _ = try DocumentCheck.scenarios(try parsed.parseOrThrow(candidate), previousRecordCount: previous)
            }
            report.warnings += reading.warnings
            var sourceCount = SourceCount(kind: .scenarios, source: location.description, records: 0)
            for document in reading.documents {
                let decoding = parsed.take(document.data).map { scenarioDecoder.decode($0, source: document.name) }
                    ?? scenarioDecoder.decode(document.data, source: document.name)
                try take(decoding.problems, into: &report)
                sourceCount.records += decoding.scenarios.count
                report.scenarios += decoding.scenarios
                report.skippedRecords += decoding.skippedRecords
                let events = decoding.scenarios.reduce(0) { $0 + $1.events.count }
                report.sourceLines.append("\(document.name): \(count(decoding.scenarios.count, "scenario")), \(count(events, "event")), \(decoding.skippedRecords) skipped, \(count(decoding.problems.count, "warning")) (\(describe(document.origin)))")
            }
            report.sourceCounts.append(sourceCount)
        }

        let people = SlugAllocator.unique(report.people)
        report.people = people.people
        try take(people.problems, into: &report)
        let scenarios = SlugAllocator.unique(report.scenarios)
        report.scenarios = scenarios.scenarios
        try take(scenarios.problems, into: &report)
        return report
    }

    /// The documents the check of a source parsed, kept so that the decoder does not parse
    /// them again: a fetched copy was parsed three times (the check, the cached copy it is
    /// compared with, the decoder).
    private struct ParsedDocuments {
        private var documents: [(data: Data, document: JSONDocument)] = []

        mutating func parseOrThrow(_ data: Data) throws(DocumentCheck.Failure) -> JSONDocument {
            let document = try DocumentCheck.parse(data)
            documents.append((data, document))
            return document
        }

        mutating func parse(_ data: Data) -> JSONDocument? {
            try? parseOrThrow(data)
        }

        /// The parsed document of `data`, once: its problems are recorded while it is decoded.
        mutating func take(_ data: Data) -> JSONDocument? {
            guard let index = documents.firstIndex(where: { $0.data.count == data.count && $0.data == data }) else { return nil }
            return documents.remove(at: index).document
        }
    }

    private func read(_ location: DataSources.SourceLocation, validate: (Data, Data?) throws -> Void) throws -> SourceReading {
        let reading: SourceReading
        do {
            reading = try reader.read(location, validate: validate)
        } catch {
            throw BuildError(.source, error.reason, in: error.source)
        }
        if strict, let warning = reading.warnings.first {
            throw BuildError(.source, "--strict: \(warning)")
        }
        return reading
    }

    private func describe(_ origin: SourceDocument.Origin) -> String {
        switch origin {
        case .file: "file"
        case .network: "fetched"
        case .notModified: "not modified since the cached copy"
        case .cache(let reason): "cached copy, because \(reason)"
        }
    }

    private func count(_ number: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(number) \(number == 1 ? singular : plural ?? singular + "s")"
    }

    /// Warnings join the report; an error (or any problem with `--strict`) stops the build.
    private func take(_ problems: [DataProblem], into report: inout Report) throws {
        for problem in problems.escalated(strict: strict) {
            if problem.isError {
                throw BuildError(.content, problem.description)
            }
            report.warnings.append(problem.description)
        }
    }
}

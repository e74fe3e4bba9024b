import DataSources
import Foundation
import ReportData
import ValueTransformers

/// Reads every `people` and `scenarios` source of the config and decodes them into
/// `SiteData`: the sources stage and the decode stage of the pipeline.
///
/// A fetched copy replaces the cached one only when the real decoder accepts it (it is
/// JSON of the right shape, not an error object, not empty where the last copy had records).
struct SiteDataLoader {
    let config: SiteConfig
    let reader: SourceReader
    let strict: StrictMode

    init(config: SiteConfig, options: BuildOptions) {
        self.config = config
        strict = StrictMode(options)
        var settings = config.fetch
        settings.userAgent = "ttsite/\(SiteBuilderVersion.current) (+https://github.com/ttsite/ttsite)"
        reader = SourceReader(
            siteFolder: options.siteFolder,
            fetcher: options.fetcher ?? URLSessionFetcher(),
            settings: settings,
            offline: options.offline,
            strict: !strict.fallsBackToCache
        )
    }

    func load() throws -> SiteData {
        var data = SiteData()
        let peopleDecoder: PeopleDecoder
        let scenarioDecoder: ScenarioDecoder
        do {
            peopleDecoder = try PeopleDecoder(dateFormats: config.dateFormats, urls: config.personURLs)
            scenarioDecoder = try ScenarioDecoder(timeZone: config.timeZone, dateFormats: config.dateFormats)
        } catch {
            throw BuildError(.configuration, "`date_formats`: \(error)", in: "ttsite.yml")
        }
        for location in config.people {
            data.people += try read(location, with: peopleDecoder, into: &data) { decoding in
                count(decoding.people.count, "person", "people")
            }
        }
        for location in config.scenarios {
            data.scenarios += try read(location, with: scenarioDecoder, into: &data) { decoding in
                count(decoding.scenarios.count, "scenario") + ", " + count(decoding.scenarios.reduce(0) { $0 + $1.events.count }, "event")
            }
        }

        let people = SlugAllocator.unique(data.people)
        data.people = people.people
        try take(people.problems, into: &data)
        if config.personURLs == .name { try take(SlugAllocator.duplicateIDs(data.people), into: &data) }
        let scenarios = SlugAllocator.unique(data.scenarios)
        data.scenarios = scenarios.scenarios
        try take(scenarios.problems, into: &data)
        return data
    }

    /// The records of one source of the config, every document of it, decoded. A fetched copy
    /// is checked against the cached one before it replaces it; the warnings, the counts and a
    /// line for `--verbose` go into `data`. `held` says what a document held, in words.
    private func read<Decoder: RecordDecoder>(
        _ location: DataSources.SourceLocation, with decoder: Decoder, into data: inout SiteData,
        held: (Decoding<Decoder.Record>) -> String
    ) throws -> [Decoder.Record] {
        var parsed = ParsedDocuments()
        let reading = try read(location) { candidate, cached in
            let previous = cached.flatMap { parsed.parse($0) }
                .flatMap { try? DocumentCheck.check($0, kind: Decoder.kind, previousRecordCount: nil) }
            _ = try DocumentCheck.check(try parsed.parseOrThrow(candidate), kind: Decoder.kind, previousRecordCount: previous)
        }
        data.warnings += reading.warnings
        var records: [Decoder.Record] = []
        for document in reading.documents {
            let decoding = parsed.take(document.data).map { decoder.decode($0, source: document.name) }
                ?? decoder.decode(document.data, source: document.name)
            try take(decoding.problems, into: &data)
            records += decoding.records
            data.skippedRecords += decoding.skippedRecords
            data.sourceLines.append("\(document.name): \(held(decoding)), \(decoding.skippedRecords) skipped, \(count(decoding.problems.count, "warning")) (\(describe(document.origin)))")
        }
        data.sourceCounts.append(SourceCount(kind: Decoder.kind, source: location.description, records: records.count))
        return records
    }

    /// The documents the check of a source parsed, kept so that the decoder does not parse
    /// them again: a fetched copy was parsed three times (the check, the cached copy it is
    /// compared with, the decoder).
    private struct ParsedDocuments {
        private var documents: [(data: Data, document: JSONDocument)] = []

        mutating func parseOrThrow(_ data: Data) throws(DocumentRejection) -> JSONDocument {
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
        try strict.check(reading.warnings, as: .source)
        return reading
    }

    private func describe(_ origin: SourceDocument.Origin) -> String {
        switch origin {
        case .file: "file"
        case .network: "fetched"
        case .notModified: "not modified since the cached copy"
        case .fresh: "the cached copy, checked recently"
        case .cache(let reason): "cached copy, because \(reason)"
        }
    }

    private func count(_ number: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(number) \(number == 1 ? singular : plural ?? singular + "s")"
    }

    /// Warnings join the site data's; an error (or any problem with `--strict`) stops the build.
    private func take(_ problems: [DataProblem], into data: inout SiteData) throws {
        data.warnings += try strict.warnings(from: problems)
    }
}

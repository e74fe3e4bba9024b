import DataSources
import DataTables
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
    /// A preview's decodings of the last build, by document (nil in a build).
    let decoded: DecodedDocuments?
    /// The config file as messages name it (`ttsite.yml`).
    let configName: String
    /// Runs the SQL of the tables of `data:` that live in a server.
    let servers: ServerTableReader
    /// Runs the data loaders of `data:`.
    let loaders: LoaderReader

    /// `decoded`: a preview's decodings from its last build; nil decodes every document.
    init(config: SiteConfig, options: BuildOptions, decoded: DecodedDocuments? = nil) {
        self.config = config
        strict = StrictMode(options)
        self.decoded = decoded
        configName = displayPath(options.configURL, in: options.siteFolder)
        var settings = config.fetch
        settings.userAgent = "ttsite/\(SiteBuilderVersion.current) (+https://github.com/ttsite/ttsite)"
        reader = SourceReader(
            siteFolder: options.siteFolder,
            fetcher: options.fetcher ?? URLSessionFetcher(),
            settings: settings,
            offline: options.offline,
            strict: !strict.fallsBackToCache,
            clock: options.clock
        )
        servers = ServerTableReader(
            siteFolder: options.siteFolder.standardizedFileURL, offline: options.offline, strict: !strict.fallsBackToCache,
            timeZone: config.timeZone, configName: configName, clock: options.clock)
        loaders = LoaderReader(
            siteFolder: options.siteFolder.standardizedFileURL, offline: options.offline, strict: !strict.fallsBackToCache,
            preview: options.isPreview, maxBytes: config.fetch.maxBytes,
            inference: try? TypeInference(dateFormats: config.dateFormats, timeZone: config.timeZone), configName: configName,
            clock: options.clock)
    }

    /// Every source of the config read (fetched, or taken from the cache), not yet decoded.
    /// With `checkingFiles` false, local files are read but their records not yet checked:
    /// a build whose inputs did not change skips that (they passed when they were published);
    /// any other calls `checkFiles` before decoding.
    func read(checkingFiles: Bool = true) throws -> SourceReadings {
        _ = try decoders()
        var readings = SourceReadings()
        for location in config.people {
            readings.people.append(try read(location, kind: PeopleDecoder.kind, checkingFiles: checkingFiles))
        }
        for location in config.scenarios {
            readings.scenarios.append(try read(location, kind: ScenarioDecoder.kind, checkingFiles: checkingFiles))
        }
        for source in config.data {
            readings.tables.append(try readTable(source))
        }
        // Under --strict a loader that fails stops the build: none falls back with a warning.
        readings.tables += try loaders.read(config.loaders)
        readings.servers = try servers.read(config.serverTables)
        try strict.check(readings.servers.flatMap(\.warnings), as: .source)
        readings.filesChecked = checkingFiles
        return readings
    }

    /// A source of `data:` read; a fetched copy replaces the cached one only when it is a
    /// table of its format (a local file is read as a table once, when it is loaded).
    private func readTable(_ source: TableSource) throws -> TableReading {
        let inference = try? TypeInference(dateFormats: config.dateFormats, timeZone: config.timeZone)
        let reading: SourceReading
        do {
            // A local SQLite file is attached where it is: SQLite reads the pages a query needs.
            reading = try reader.read(source.location, inPlace: source.format == .sqlite) { candidate, _ in
                guard case .url = source.location, let inference else { return }
                try TableReading.check(candidate, as: source, inference: inference, maxBytes: config.fetch.maxBytes)
            }
        } catch {
            if case .file = source.location, error.reason.hasPrefix("no such file") {
                throw BuildError(
                    .source, "`data.\(source.name)` names `\(source.location)`, which is not there (\(error.reason))", in: configName,
                    line: source.line)
            }
            throw BuildError(.source, error.reason, in: error.source)
        }
        guard reading.documents.count == 1 else {
            throw BuildError(.source, "`data.\(source.name)` must name one file, not a folder", in: configName, line: source.line)
        }
        try strict.check(reading.warnings, as: .source)
        return TableReading(source: source, reading: reading)
    }

    /// Checks the records of the local files `read(checkingFiles: false)` left unchecked,
    /// with the error reading them would have given: the documents parsed and checked on
    /// every core (a timeline site has a thousand), the first error in source and document
    /// order thrown, the parsed documents kept for the decoder.
    func checkFiles(_ readings: inout SourceReadings) throws {
        guard !readings.filesChecked else { return }
        let settings = DecodedDocuments.settings(of: config)
        var unchecked: [(kind: RecordKind, source: Int, document: SourceDocument)] = []
        for (kind, sources) in [(PeopleDecoder.kind, readings.people), (ScenarioDecoder.kind, readings.scenarios)] {
            for (index, source) in sources.enumerated() {
                guard case .file = source.location else { continue }
                for document in source.reading.documents where decoded?.holds(document, kind: kind, settings: settings) != true {
                    unchecked.append((kind, index, document))
                }
            }
        }
        let checked = unchecked.parallelMap { item in
            Result { () throws(BuildError) -> JSONDocument in
                do {
                    let document = try DocumentCheck.parse(item.document.data)
                    _ = try DocumentCheck.check(document, kind: item.kind, previousRecordCount: nil)
                    return document
                } catch {
                    throw BuildError(.source, JSONSniff.reason(of: error), in: item.document.name)
                }
            }
        }
        for (item, outcome) in zip(unchecked, checked) {
            let document = try outcome.get()
            if item.kind == PeopleDecoder.kind {
                readings.people[item.source].parsed.keep(document, of: item.document.data)
            } else {
                readings.scenarios[item.source].parsed.keep(document, of: item.document.data)
            }
        }
        readings.filesChecked = true
    }

    /// The records of every source read, decoded, with their slugs made unique across sources.
    func decode(_ readings: SourceReadings) throws -> SiteData {
        var readings = readings
        try checkFiles(&readings)
        var data = SiteData()
        let (peopleDecoder, scenarioDecoder) = try decoders()
        for source in readings.people {
            data.people += try decode(source, with: peopleDecoder, into: &data) { decoding in
                count(decoding.people.count, "person", "people")
            }
        }
        for source in readings.scenarios {
            data.scenarios += try decode(source, with: scenarioDecoder, into: &data) { decoding in
                count(decoding.scenarios.count, "scenario") + ", " + count(decoding.scenarios.reduce(0) { $0 + $1.events.count }, "event")
            }
        }

        decoded?.dropUnused()
        let people = SlugAllocator.unique(data.people)
        data.people = people.people
        try take(people.problems, into: &data)
        if config.personURLs == .name { try take(SlugAllocator.duplicateIDs(data.people), into: &data) }
        let scenarios = SlugAllocator.unique(data.scenarios)
        data.scenarios = scenarios.scenarios
        try take(scenarios.problems, into: &data)
        return data
    }

    private func decoders() throws -> (PeopleDecoder, ScenarioDecoder) {
        do {
            return (
                try PeopleDecoder(dateFormats: config.dateFormats, urls: config.personURLs),
                try ScenarioDecoder(timeZone: config.timeZone, dateFormats: config.dateFormats)
            )
        } catch {
            throw BuildError(.configuration, "`date_formats`: \(error)", in: "ttsite.yml")
        }
    }

    /// One source of the config, every document of it. A fetched copy is checked against the
    /// cached one before it replaces it.
    private func read(_ location: DataSources.SourceLocation, kind: RecordKind, checkingFiles: Bool) throws -> SourceReadings.Source {
        var parsed = ParsedDocuments()
        if case .file = location, !checkingFiles {
            return SourceReadings.Source(location: location, reading: try read(location, kind: kind) { _, _ in }, parsed: parsed)
        }
        let reading = try read(location, kind: kind) { candidate, cached in
            let previous = cached.flatMap { parsed.parse($0) }
                .flatMap { try? DocumentCheck.check($0, kind: kind, previousRecordCount: nil) }
            _ = try DocumentCheck.check(try parsed.parseOrThrow(candidate), kind: kind, previousRecordCount: previous)
        }
        return SourceReadings.Source(location: location, reading: reading, parsed: parsed)
    }

    /// The records of one source read; the warnings, the counts and a line for `--verbose` go
    /// into `data`. `held` says what a document held, in words. The documents are decoded on
    /// every core, and taken in their order.
    private func decode<Decoder: RecordDecoder>(
        _ source: SourceReadings.Source, with decoder: Decoder, into data: inout SiteData,
        held: (Decoding<Decoder.Record>) -> String
    ) throws -> [Decoder.Record] {
        var parsed = source.parsed
        data.warnings += source.reading.warnings
        var records: [Decoder.Record] = []
        let settings = DecodedDocuments.settings(of: config)
        let documents = source.reading.documents
        // What a preview kept, and the check's parse of each document, looked up in order.
        let kept: [Decoding<Decoder.Record>?] = documents.map { decoded?.decoding(of: $0, kind: Decoder.kind, settings: settings) }
        let work: [(document: SourceDocument, parsed: JSONDocument?, kept: Bool)] = zip(documents, kept).map { document, kept in
            (document, kept == nil ? parsed.take(document.data) : nil, kept != nil)
        }
        let made = work.parallelMap { item -> Decoding<Decoder.Record>? in
            guard !item.kept else { return nil }
            return item.parsed.map { decoder.decode($0, source: item.document.name) }
                ?? decoder.decode(item.document.data, source: item.document.name)
        }
        for (index, document) in documents.enumerated() {
            let decoding: Decoding<Decoder.Record>
            if let keptDecoding = kept[index] {
                decoding = keptDecoding
            } else {
                decoding = made[index]!
                decoded?.keep(decoding, of: document, kind: Decoder.kind, settings: settings)
            }
            try take(decoding.problems, into: &data)
            records += decoding.records
            data.skippedRecords += decoding.skippedRecords
            data.sourceLines.append(
                "\(document.name): \(held(decoding)), \(decoding.skippedRecords) skipped, "
                    + "\(count(decoding.problems.count, "warning")) (\(Self.describe(document.origin)))"
            )
        }
        data.sourceCounts.append(
            SourceCount(kind: Decoder.kind == .people ? .people : .scenarios, source: source.location.description, records: records.count))
        return records
    }

    /// The documents the check of a source parsed, kept so that the decoder does not parse
    /// them again: a fetched copy was parsed three times (the check, the cached copy it is
    /// compared with, the decoder).
    struct ParsedDocuments {
        private var documents: [(data: Data, document: JSONDocument)] = []

        mutating func parseOrThrow(_ data: Data) throws(DocumentRejection) -> JSONDocument {
            let document = try DocumentCheck.parse(data)
            documents.append((data, document))
            return document
        }

        /// A document `data` was parsed into elsewhere.
        mutating func keep(_ document: JSONDocument, of data: Data) {
            documents.append((data, document))
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

    /// A source read, or an error that names it (or, for a file that is not there, the line
    /// of the config that names it).
    private func read(_ location: DataSources.SourceLocation, kind: RecordKind, validate: (Data, Data?) throws -> Void) throws
        -> SourceReading
    {
        let reading: SourceReading
        do {
            reading = try reader.read(location, validate: validate)
        } catch {
            // A path that leads nowhere is mended in the config: its line is named.
            if case .file = location, error.reason.hasPrefix("no such file"),
                let line = config.sourceLines[SiteConfig.sourceKey(kind.rawValue, location)]
            {
                throw BuildError(
                    .source, "`\(kind.rawValue)` names `\(location)`, which is not there (\(error.reason))", in: configName, line: line)
            }
            throw BuildError(.source, error.reason, in: error.source)
        }
        try strict.check(reading.warnings, as: .source)
        return reading
    }

    static func describe(_ origin: SourceDocument.Origin) -> String {
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

/// The sources of a site read, before decoding: what the build digests to tell whether
/// anything changed.
struct SourceReadings {
    struct Source {
        var location: DataSources.SourceLocation
        var reading: SourceReading
        /// The documents the check of a fetched copy parsed already.
        var parsed: SiteDataLoader.ParsedDocuments
    }

    var people: [Source] = []
    var scenarios: [Source] = []
    /// The sources of `data:`, in the config's order.
    var tables: [TableReading] = []
    /// The tables of `data:` whose SQL ran in a server.
    var servers: [ServerTableReading] = []
    /// Whether the records of local files were checked as they were read.
    var filesChecked = true

    /// Every source: where it is, each document's name, where it came from and its bytes,
    /// and the warnings reading it gave.
    func add(to hasher: inout BuildHasher) {
        for (kind, sources) in [("people", people), ("scenarios", scenarios)] {
            hasher.add(kind)
            hasher.add(sources.count)
            for source in sources {
                hasher.add(source.location.description)
                hasher.add(source.reading.documents.count)
                for document in source.reading.documents {
                    hasher.add(document.name)
                    hasher.add(SiteDataLoader.describe(document.origin))
                    hasher.add(document.data)
                }
                hasher.add(source.reading.warnings.joined(separator: "\n"))
                hasher.add(source.reading.unreachable)
            }
        }
        hasher.add("tables")
        hasher.add(tables.count)
        for table in tables {
            hasher.add(table.source.name)
            hasher.add(table.source.location.description)
            for document in table.reading.documents {
                hasher.add(SiteDataLoader.describe(document.origin))
                hasher.add(document.data)
            }
            hasher.add(table.reading.warnings.joined(separator: "\n"))
        }
        hasher.add("servers")
        hasher.add(servers.count)
        for server in servers {
            hasher.add(server.table.name)
            hasher.add(server.table.indexed.map { $0.joined(separator: ",") }.joined(separator: ";"))
            hasher.add(server.digest)
            hasher.add(server.origin)
            hasher.add(server.warnings.joined(separator: "\n"))
        }
    }
}

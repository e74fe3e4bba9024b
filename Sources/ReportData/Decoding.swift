import DataSources
import Foundation
import ValueTransformers

/// What a decoder made of one document.
public struct Decoding<Record: Sendable>: Sendable {
    /// The records kept, in document order, with slugs unique within the document.
    public var records: [Record]
    /// Every problem, in document order: errors for the document as a whole (and for records
    /// a decoder cannot use at all), warnings for records and fields.
    public var problems: [DataProblem]
    /// Records (and scenarios' events) found but left out.
    public var skippedRecords: Int

    public init(records: [Record] = [], problems: [DataProblem] = [], skippedRecords: Int = 0) {
        self.records = records
        self.problems = problems
        self.skippedRecords = skippedRecords
    }
}

public typealias PeopleDecoding = Decoding<Person>
public typealias ScenarioDecoding = Decoding<Scenario>

extension Decoding where Record == Person {
    public var people: [Person] {
        get { records }
        set { records = newValue }
    }
}

extension Decoding where Record == Scenario {
    public var scenarios: [Scenario] {
        get { records }
        set { records = newValue }
    }
}

/// A decoder of one kind of record: `PeopleDecoder`, `ScenarioDecoder`.
public protocol RecordDecoder: Sendable {
    associatedtype Record: Sendable
    /// The kind of document it reads, for `DocumentCheck`.
    static var kind: RecordKind { get }
    /// The records of `records`, the record nodes of a checked document; `document` gives
    /// the problems its parser found.
    func decode(_ records: [JSONNode], of document: JSONDocument, source: String) -> Decoding<Record>
}

extension RecordDecoder {
    /// The records of `data`; `source` names the file or URL in problems.
    public func decode(_ data: Data, source: String) -> Decoding<Record> {
        do {
            return decode(try DocumentCheck.parse(data), source: source)
        } catch {
            return Self.failed(error, source: source)
        }
    }

    /// The records of a document parsed already (by the check that accepted it), so that it
    /// is parsed once.
    public func decode(_ document: JSONDocument, source: String) -> Decoding<Record> {
        do {
            return decode(try DocumentCheck.records(document.root, kind: Self.kind), of: document, source: source)
        } catch {
            return Self.failed(error, source: source)
        }
    }

    private static func failed(_ rejection: DocumentRejection, source: String) -> Decoding<Record> {
        Decoding(problems: [DataProblem(source: source, path: "", message: rejection.reason, severity: .error)])
    }
}

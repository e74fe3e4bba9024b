import DataSources
import Foundation

/// What the tests expect of a document, standing in for the real decoder of ReportData:
/// JSON, not an error object, and not an empty `results` when the cached copy had records.
func validateResults(_ candidate: Data, _ cached: Data?) throws {
    guard let object = try? JSONSerialization.jsonObject(with: candidate) else {
        throw DocumentRejection("the response is not valid JSON")
    }
    guard let fields = object as? [String: Any] else { return }
    if let error = fields["error"] {
        throw DocumentRejection("the response is an error object: \(error)")
    }
    if let results = fields["results"] as? [Any], results.isEmpty,
        let cached, let cachedFields = try? JSONSerialization.jsonObject(with: cached) as? [String: Any],
        let cachedResults = cachedFields["results"] as? [Any], !cachedResults.isEmpty
    {
        throw DocumentRejection("the response has no records, but the cached copy has \(cachedResults.count)")
    }
}

let goodBody = Data(#"{"results": [{"name": "Ada"}, {"name": "Grace"}], "info": {"version": 1}}"#.utf8)
let secondBody = Data(#"{"results": [{"name": "Ada"}, {"name": "Grace"}, {"name": "Hedy"}], "info": {"version": 2}}"#.utf8)

import DataSources
import Foundation
import Testing

/// Credentials in a source's address never reach a message, a listing or the build's record:
/// each expected text is written by hand.
@Suite struct RedactedURLTests {
    @Test(arguments: [
        ("https://example.org/people.json", "https://example.org/people.json"),
        ("https://user:hunter2@example.org/a.csv", "https://***@example.org/a.csv"),
        ("https://example.org/a.csv?token=abc123&month=5", "https://example.org/a.csv?token=***&month=5"),
        (
            "https://example.org/a?api_key=k&access_token=t&X-Amz-Signature=s&sig=x&page=2",
            "https://example.org/a?api_key=***&access_token=***&X-Amz-Signature=***&sig=***&page=2"
        ),
        ("https://example.org/a?monkey=1&keyword=2", "https://example.org/a?monkey=1&keyword=2"),
    ])
    func anAddressIsShownWithoutItsCredentials(_ address: String, _ shown: String) throws {
        let url = try #require(URL(string: address))
        #expect(url.redacted == shown)
        #expect(SourceLocation.url(url).description == shown)
    }

    @Test func aFailedFetchNamesTheAddressWithoutItsToken() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("redacted-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let reader = SourceReader(siteFolder: folder, fetcher: URLSessionFetcher(), settings: FetchSettings(), offline: true, strict: false)
        #expect {
            _ = try reader.read(.url(URL(string: "https://example.org/data.csv?token=s3cr3t")!))
        } throws: { error in
            let text = "\(error)"
            return !text.contains("s3cr3t") && text.contains("https://example.org/data.csv?token=***")
        }
    }

    /// A loader's command as messages show it: each credential as `***`, everything else as
    /// written (the expected lists are worked out by hand from the rules).
    @Test func aCommandsCredentialsAreNotShown() {
        #expect(
            RedactedArguments.shown(["curl", "-H", "Authorization: Bearer s3cr3t", "https://u:pw@api.example.org/x?api_key=k3y&n=1"])
                == ["curl", "-H", "Authorization: ***", "https://***@api.example.org/x?api_key=***&n=1"])
        #expect(RedactedArguments.shown(["tool", "--token", "s3cr3t", "--rows", "5"]) == ["tool", "--token", "***", "--rows", "5"])
        #expect(
            RedactedArguments.shown(["tool", "--api-key=s3cr3t", "PASSWORD=pw", "mode=fast"]) == [
                "tool", "--api-key=***", "PASSWORD=***", "mode=fast",
            ])
        #expect(
            RedactedArguments.shown(["duckdb", "-csv", "-c", "SELECT key, v FROM t WHERE key = 'a: b'"]) == [
                "duckdb", "-csv", "-c", "SELECT key, v FROM t WHERE key = 'a: b'",
            ])
    }
}

import Foundation

/// The network seam: one HTTP GET, redirects followed, no retries (the reader retries).
///
/// A fetcher returns every HTTP response it got, whatever its status, and throws a
/// `FetchError` only when there is no complete response: a time-out, a lost connection,
/// a truncated or oversized body, a refused redirect.
public protocol Fetcher: Sendable {
    func fetch(_ request: FetchRequest) throws -> FetchResponse
}

/// One GET of one URL.
public struct FetchRequest: Sendable, Equatable {
    public var url: URL
    /// Sent as `If-None-Match` to revalidate a cached copy.
    public var ifNoneMatch: String?
    /// Sent as `If-Modified-Since` to revalidate a cached copy.
    public var ifModifiedSince: String?
    public var timeoutSeconds: Double
    public var maxBytes: Int
    public var userAgent: String
    /// The `Accept` header: JSON for sources, pictures for pictures.
    public var accept: String

    /// What a source asks for.
    public static let acceptJSON = "application/json, */*;q=0.5"
    /// What a picture asks for: the formats ttsite reads, WebP first.
    public static let acceptPictures = "image/webp, image/jpeg, image/png, image/gif;q=0.8"

    public init(
        url: URL,
        ifNoneMatch: String? = nil,
        ifModifiedSince: String? = nil,
        timeoutSeconds: Double = 30,
        maxBytes: Int = 50_000_000,
        userAgent: String = FetchSettings.defaultUserAgent,
        accept: String = FetchRequest.acceptJSON
    ) {
        self.url = url
        self.ifNoneMatch = ifNoneMatch
        self.ifModifiedSince = ifModifiedSince
        self.timeoutSeconds = timeoutSeconds
        self.maxBytes = maxBytes
        self.userAgent = userAgent
        self.accept = accept
    }

    /// The request headers, in a fixed order.
    public var headers: [(name: String, value: String)] {
        var headers: [(name: String, value: String)] = [
            ("User-Agent", userAgent),
            ("Accept", accept),
        ]
        if let ifNoneMatch { headers.append(("If-None-Match", ifNoneMatch)) }
        if let ifModifiedSince { headers.append(("If-Modified-Since", ifModifiedSince)) }
        return headers
    }

    public static func == (lhs: FetchRequest, rhs: FetchRequest) -> Bool {
        lhs.url == rhs.url && lhs.ifNoneMatch == rhs.ifNoneMatch
            && lhs.ifModifiedSince == rhs.ifModifiedSince && lhs.timeoutSeconds == rhs.timeoutSeconds
            && lhs.maxBytes == rhs.maxBytes && lhs.userAgent == rhs.userAgent && lhs.accept == rhs.accept
    }
}

/// A complete HTTP response, body decompressed.
public struct FetchResponse: Sendable, Equatable {
    public var status: Int
    /// Header names in lower case.
    public var headers: [String: String]
    public var body: Data
    /// The URL after redirects.
    public var finalURL: URL?

    public init(status: Int, headers: [String: String] = [:], body: Data = Data(), finalURL: URL? = nil) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { _, last in last })
        self.body = body
        self.finalURL = finalURL
    }

    public var etag: String? { headers["etag"] }
    public var lastModified: String? { headers["last-modified"] }
    public var contentType: String? { headers["content-type"] }
}

import Foundation

/// The `fetch:` settings of `ttsite.yml`, plus the knobs tests turn.
public struct FetchSettings: Sendable, Equatable {
    /// The longest wait for the server to answer or to send more of the body (`timeout_seconds`).
    public var timeoutSeconds: Double
    /// How many times a failed fetch is tried again (`retries`); 0 means one attempt only.
    public var retries: Int
    /// The largest accepted body, after decompression (`max_bytes`).
    public var maxBytes: Int
    /// The first back-off delay; each further retry waits twice as long as the one before.
    public var retryDelaySeconds: Double
    /// Sent with every request.
    public var userAgent: String

    public init(
        timeoutSeconds: Double = 30,
        retries: Int = 2,
        maxBytes: Int = 50_000_000,
        retryDelaySeconds: Double = 0.5,
        userAgent: String = FetchSettings.defaultUserAgent
    ) {
        self.timeoutSeconds = timeoutSeconds
        self.retries = max(0, retries)
        self.maxBytes = maxBytes
        self.retryDelaySeconds = retryDelaySeconds
        self.userAgent = userAgent
    }

    /// The version of ttsite named in the User-Agent.
    public static let ttsiteVersion = "0.1.0"
    /// `ttsite/<version> (+https://github.com/ttsite/ttsite)`.
    public static let defaultUserAgent = "ttsite/\(ttsiteVersion) (+https://github.com/ttsite/ttsite)"

    /// The delay before retry number `retry` (1-based): base, 2 × base, 4 × base …
    public func backOff(beforeRetry retry: Int) -> Double {
        retryDelaySeconds * Double(1 << min(max(retry - 1, 0), 16))
    }
}

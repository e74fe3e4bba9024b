/// A build failure a site author can act on: what went wrong, where, and why.
///
/// The description reads `FILE:LINE: message` (or `FILE: message` without a line), the
/// shape compilers and linters use, so editors and cron mails point straight at the spot.
public struct BuildError: Error, CustomStringConvertible, Equatable, Sendable {
    public enum Kind: Sendable, Equatable {
        /// Bad command-line use or configuration (exit 2).
        case configuration
        /// Content, template or data that cannot be built (exit 1).
        case content
        /// A data source that could not be read and has no usable cached copy (exit 3).
        case source
        /// The output folder could not be written or replaced (exit 1).
        case output
        /// Another build of the same site holds the lock (exit 1).
        case locked
    }

    public var kind: Kind
    /// The file, folder or URL the problem is in, as the user would name it.
    public var location: String?
    /// 1-based line in `location`, when known.
    public var line: Int?
    public var message: String

    public init(_ kind: Kind, _ message: String, in location: String? = nil, line: Int? = nil) {
        self.kind = kind
        self.message = message
        self.location = location
        self.line = line
    }

    /// The process exit code for this failure, as the spec lists them.
    public var exitCode: Int32 {
        switch kind {
        case .configuration: 2
        case .content, .output, .locked: 1
        case .source: 3
        }
    }

    public var description: String {
        switch (location, line) {
        case (let location?, let line?): "\(location):\(line): \(message)"
        case (let location?, nil): "\(location): \(message)"
        default: message
        }
    }
}

import Foundation

extension SourceReader {
    /// A URL: fetched with retries, revalidated against the cache, falling back to it.
    func readURL(_ url: URL, validate: (Data, Data?) throws -> Void) throws(SourceError) -> SourceReading {
        let name = url.absoluteString
        let cached = cache.entry(for: url)
        if offline {
            guard let cached else {
                throw SourceError(source: name, reason: "offline (--offline), and there is no cached copy")
            }
            return SourceReading(documents: [SourceDocument(name: name, data: cached.body, origin: .cache(reason: "offline"))])
        }
        let problem: String
        switch fetchWithRetries(url, revalidating: cached) {
        case .failure(let error, let attempts):
            problem = attempts > 1 ? "\(error) (\(attempts) attempts)" : "\(error)"
        case .success(let response) where response.status == 304:
            guard let cached else {
                problem = "HTTP 304 Not Modified to a request without validators"
                break
            }
            var warnings: [String] = []
            let etag = response.etag ?? cached.etag
            let lastModified = response.lastModified ?? cached.lastModified
            if etag != cached.etag || lastModified != cached.lastModified {
                do {
                    try cache.updateValidators(etag: etag, lastModified: lastModified, for: url)
                } catch {
                    warnings.append("\(name): the cached copy's validators could not be saved (\(Self.describe(error)))")
                }
            }
            return SourceReading(documents: [SourceDocument(name: name, data: cached.body, origin: .notModified)], warnings: warnings)
        case .success(let response):
            do {
                try JSONSniff.check(response.body, contentType: response.contentType, noun: "response")
                try validate(response.body, cached?.body)
            } catch {
                problem = JSONSniff.reason(of: error)
                break
            }
            var warnings: [String] = []
            do {
                try cache.save(response.body, etag: response.etag, lastModified: response.lastModified, for: url)
            } catch {
                warnings.append("\(name): the copy could not be saved to the cache (\(Self.describe(error)))")
            }
            return SourceReading(documents: [SourceDocument(name: name, data: response.body, origin: .network)], warnings: warnings)
        }
        guard let cached else {
            throw SourceError(source: name, reason: "\(problem), and there is no cached copy")
        }
        if strict {
            throw SourceError(source: name, reason: "\(problem); not using the cached copy (--strict)")
        }
        return SourceReading(
            documents: [SourceDocument(name: name, data: cached.body, origin: .cache(reason: problem))],
            warnings: ["\(name): \(problem); using the cached copy"]
        )
    }

    enum FetchOutcome {
        /// A 2xx or a 304.
        case success(FetchResponse)
        case failure(FetchError, attempts: Int)
    }

    /// One attempt plus `settings.retries` more for time-outs, broken connections, 5xx, 408 and 429,
    /// waiting `settings.backOff(beforeRetry:)` before each.
    func fetchWithRetries(_ url: URL, revalidating cached: SourceCache.Entry?) -> FetchOutcome {
        let request = FetchRequest(
            url: url,
            ifNoneMatch: cached?.etag,
            ifModifiedSince: cached?.lastModified,
            timeoutSeconds: settings.timeoutSeconds,
            maxBytes: settings.maxBytes,
            userAgent: settings.userAgent
        )
        var attempt = 0
        while true {
            attempt += 1
            let error: FetchError
            do {
                let response = try fetcher.fetch(request)
                if response.status == 304 || (200..<300).contains(response.status) {
                    return .success(response)
                }
                error = .httpStatus(response.status)
            } catch let fetchError as FetchError {
                error = fetchError
            } catch let other {
                error = .connection(Self.describe(other))
            }
            guard error.isRetryable, attempt <= settings.retries else {
                return .failure(error, attempts: attempt)
            }
            Thread.sleep(forTimeInterval: settings.backOff(beforeRetry: attempt))
        }
    }
}

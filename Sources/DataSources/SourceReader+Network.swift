import Foundation

extension SourceReader {
    /// A source's URL: fetched with retries, revalidated against the cache, falling back to
    /// it; a new copy must look like JSON, then pass `validate`.
    func readURL(_ url: URL, validate: (Data, Data?) throws -> Void) throws(SourceError) -> SourceReading {
        try readURL(url, accept: FetchRequest.acceptJSON, freshFor: nil) { body, contentType, cached in
            try JSONSniff.check(body, contentType: contentType, noun: "response")
            try validate(body, cached)
        }
    }

    /// A picture's URL, read like a source's but for two things: a copy the server gave or
    /// confirmed less than `freshFor` seconds ago is used without asking again (a nightly
    /// build of 10,000 portraits does not send 10,000 requests), and a new copy must pass
    /// `check` — given the body and the declared Content-Type — instead of looking like JSON.
    public func readPicture(
        _ url: URL, freshFor seconds: Double, check: (_ body: Data, _ contentType: String?) throws -> Void
    ) throws(SourceError) -> SourceReading {
        try readURL(url, accept: FetchRequest.acceptPictures, freshFor: seconds) { body, contentType, _ in
            try check(body, contentType)
        }
    }

    /// Fetched with retries, revalidated against the cache, falling back to it. `check` is
    /// given each new body, its Content-Type and the cached body; what it refuses is not cached.
    private func readURL(
        _ url: URL, accept: String, freshFor: Double?, check: (Data, String?, Data?) throws -> Void
    ) throws(SourceError) -> SourceReading {
        let name = url.redacted
        let cached = cache.entry(for: url)
        if offline {
            guard let cached else {
                throw SourceError(source: name, reason: "offline (--offline), and there is no cached copy")
            }
            return SourceReading(
                documents: [SourceDocument(name: name, data: cached.body, origin: .cache(reason: "offline"))], checked: cached.checked)
        }
        let now = clock()
        if let freshFor, let cached, let checked = cached.checked, now.timeIntervalSince(checked) < freshFor, checked <= now {
            return SourceReading(documents: [SourceDocument(name: name, data: cached.body, origin: .fresh)], checked: checked)
        }
        let problem: String
        var unreachable = false
        var transient = false
        switch fetchWithRetries(url, accept: accept, revalidating: cached) {
        case .failure(let error, let attempts):
            problem = attempts > 1 ? "\(error) (\(attempts) attempts)" : "\(error)"
            unreachable = error.isUnanswered
            transient = error.isRetryable
        case .success(let response) where response.status == 304:
            guard let cached else {
                problem = "HTTP 304 Not Modified to a request without validators"
                break
            }
            var warnings: [String] = []
            let etag = response.etag ?? cached.etag
            let lastModified = response.lastModified ?? cached.lastModified
            // A source's cache is rewritten only for new validators; a picture's also for the
            // time of the confirmation, which its freshness counts from.
            if etag != cached.etag || lastModified != cached.lastModified || freshFor != nil {
                do {
                    try cache.updateValidators(etag: etag, lastModified: lastModified, checked: now, for: url)
                } catch {
                    warnings.append("\(name): the cached copy's validators could not be saved (\(Self.describe(error)))")
                }
            }
            return SourceReading(
                documents: [SourceDocument(name: name, data: cached.body, origin: .notModified)], warnings: warnings, checked: now)
        case .success(let response):
            do {
                try check(response.body, response.contentType, cached?.body)
            } catch {
                problem = JSONSniff.reason(of: error)
                break
            }
            var warnings: [String] = []
            do {
                try cache.save(response.body, etag: response.etag, lastModified: response.lastModified, checked: now, for: url)
            } catch {
                warnings.append("\(name): the copy could not be saved to the cache (\(Self.describe(error)))")
            }
            return SourceReading(
                documents: [SourceDocument(name: name, data: response.body, origin: .network)], warnings: warnings, checked: now)
        }
        guard let cached else {
            throw SourceError(
                source: name, reason: "\(problem), and there is no cached copy", unreachable: unreachable, transient: transient)
        }
        if strict {
            throw SourceError(
                source: name, reason: "\(problem); not using the cached copy (--strict)", unreachable: unreachable, transient: transient)
        }
        return SourceReading(
            documents: [SourceDocument(name: name, data: cached.body, origin: .cache(reason: problem))],
            warnings: ["\(name): \(problem); using the cached copy"],
            unreachable: unreachable,
            checked: cached.checked
        )
    }

    enum FetchOutcome {
        /// A 2xx or a 304.
        case success(FetchResponse)
        case failure(FetchError, attempts: Int)
    }

    /// One attempt plus `settings.retries` more for time-outs, broken connections, 5xx, 408 and 429,
    /// waiting `settings.backOff(beforeRetry:)` before each.
    func fetchWithRetries(_ url: URL, accept: String, revalidating cached: SourceCache.Entry?) -> FetchOutcome {
        let request = FetchRequest(
            url: url,
            ifNoneMatch: cached?.etag,
            ifModifiedSince: cached?.lastModified,
            timeoutSeconds: settings.timeoutSeconds,
            maxBytes: settings.maxBytes,
            userAgent: settings.userAgent,
            accept: accept
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

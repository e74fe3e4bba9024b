import FlyingFox
import Foundation
import SiteBuilder

/// Serves the preview's output folder: files with their content type, the site's `404.html`
/// with status 404, the event stream, and the live-reload script in every HTML page; a
/// request that names another host (`HostCheck`) gets 421.
struct OutputFileHandler: HTTPHandler {
    let folder: URL
    let state: PreviewState
    let channel: ReloadChannel
    let hosts: HostCheck

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard hosts.allows(request.headers[.host]) else {
            return HTTPResponse(
                statusCode: HTTPStatusCode(421, phrase: "Misdirected Request"),
                headers: [.contentType: "text/plain; charset=utf-8"],
                body: Data("The preview answers only to the names of this machine (127.0.0.1, localhost, [::1]).\n".utf8)
            )
        }
        guard request.method == .GET || request.method == .HEAD else {
            return HTTPResponse(statusCode: .methodNotAllowed, headers: HTTPHeaders([HTTPHeader("Allow"): "GET, HEAD"]))
        }
        let rawPath = request.target.path(percentEncoded: true)
        if rawPath == LiveReload.eventsPath {
            return await eventStream()
        }
        let response: HTTPResponse
        switch RequestPath.resolve(rawPath, in: folder) {
        case .file(let url, let relative):
            response = try page(url, relative: relative, status: .ok)
        case .redirect(let location):
            let query = request.target.query(percentEncoded: true)
            let target = query.isEmpty ? location : "\(location)?\(query)"
            response = HTTPResponse(statusCode: .movedPermanently, headers: HTTPHeaders([.location: target]))
        case .notFound:
            response = try notFound()
        case .refused:
            response = HTTPResponse(
                statusCode: .badRequest,
                headers: [.contentType: "text/plain; charset=utf-8"],
                body: Data("This path leaves the site or cannot name a file.\n".utf8)
            )
        }
        return request.method == .HEAD ? withoutBody(response) : response
    }

    private func page(_ url: URL, relative: String, status: HTTPStatusCode) throws -> HTTPResponse {
        let type = ContentType.of(path: relative)
        var body = try Data(contentsOf: url)
        if type.hasPrefix("text/html") {
            body = LiveReload.inject(into: body, build: state.build, failure: state.failure)
        }
        return HTTPResponse(
            statusCode: status,
            headers: [
                .contentType: type,
                // A preview must always show the latest build.
                .cacheControl: "no-store",
                HTTPHeader("X-Content-Type-Options"): "nosniff",
            ],
            body: body
        )
    }

    /// The site's own `404.html`; a plain page when the output has none (no build succeeded yet).
    private func notFound() throws -> HTTPResponse {
        let page = folder.appendingPathComponent(Routes.notFound)
        if FileManager.default.fileExists(atPath: page.path) {
            return try self.page(page, relative: Routes.notFound, status: .notFound)
        }
        let html = Data("<!doctype html>\n<title>Not found</title>\n<body><h1>Not found</h1></body>\n".utf8)
        return HTTPResponse(
            statusCode: .notFound,
            headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
            body: LiveReload.inject(into: html, build: state.build, failure: state.failure)
        )
    }

    private func eventStream() async -> HTTPResponse {
        var initial = [ServerEvent(name: "hello", data: state.build)]
        if let failure = state.failure { initial.append(ServerEvent(name: "failure", data: failure)) }
        let stream = await channel.listen(initial: initial)
        return HTTPResponse(
            statusCode: .ok,
            headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
            body: HTTPBodySequence(from: EventStreamBody(chunks: stream))
        )
    }

    private func withoutBody(_ response: HTTPResponse) -> HTTPResponse {
        var headers = response.headers
        if case .httpBody(let body) = response.payload, let count = body.count {
            headers[.contentLength] = String(count)
        }
        return HTTPResponse(version: response.version, statusCode: response.statusCode, headers: headers, body: Data())
    }
}

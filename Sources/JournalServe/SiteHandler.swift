import FlyingFox
import Foundation

/// Serves the built site from its folder: `index.html` for folder paths, the site's own
/// `404.html` for missing ones, the reload script in HTML pages only, and nothing outside the
/// folder (no `..`, however encoded, no hidden files, no symbolic link that leads out).
struct SiteHandler: HTTPHandler {
    /// The served folder, as given (it is swapped for a new one after each build, by name).
    let folder: String
    let liveReload: LiveReload

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        if request.path == "/__journal/events" {
            let since = request.query.first { $0.name == "since" }?.value ?? ""
            return liveReload.subscribe(since: since)
        }
        guard request.method == .GET || request.method == .HEAD else {
            return HTTPResponse(statusCode: .methodNotAllowed, headers: HTTPHeaders([HTTPHeader("Allow"): "GET, HEAD"]))
        }
        // Read before the file, so a page is never labelled newer than it is.
        let token = liveReload.token
        guard liveReload.hasSite else { return page(Self.buildingPage, status: .serviceUnavailable, token: token, request) }
        // The path as sent, only percent-decoded: FlyingFox's `path` drops the final `/`.
        switch SitePath.resolve(request.target.path(percentEncoded: false), in: folder) {
        case .file(let path):
            if Self.isHTML(path) {
                guard let bytes = FileManager.default.contents(atPath: path) else { return notFound(token: token, request) }
                return page(Array(bytes), status: .ok, token: token, request)
            }
            return try await FileHTTPHandler(path: URL(fileURLWithPath: path), contentType: ContentType.of(path), cacheControl: [.noCache])
                .handleRequest(request)
        case .folder:
            let query = request.target.query()
            // One leading slash: `//host` in a Location would send the browser to another site.
            let path = "/" + request.target.path().drop(while: { $0 == "/" })
            let location = path + "/" + (query.isEmpty ? "" : "?" + query)
            return HTTPResponse(statusCode: .movedPermanently, headers: HTTPHeaders([.location: location]))
        case .missing:
            return notFound(token: token, request)
        case .refused:
            return HTTPResponse(statusCode: .forbidden, headers: HTTPHeaders([.contentType: "text/plain; charset=utf-8"]), body: Data("Forbidden\n".utf8))
        }
    }

    private func notFound(token: String, _ request: HTTPRequest) -> HTTPResponse {
        guard let bytes = FileManager.default.contents(atPath: folder + "/404.html") else {
            return HTTPResponse(statusCode: .notFound, headers: HTTPHeaders([.contentType: "text/plain; charset=utf-8"]), body: Data("Not Found\n".utf8))
        }
        return page(Array(bytes), status: .notFound, token: token, request)
    }

    /// An HTML page, with the reload script, never cached (it changes with every build).
    private func page(_ bytes: [UInt8], status: HTTPStatusCode, token: String, _ request: HTTPRequest) -> HTTPResponse {
        let body = ReloadScript.inject(into: bytes, token: token)
        var headers: HTTPHeaders = [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"]
        if request.method == .HEAD {
            headers[.contentLength] = String(body.count)
            return HTTPResponse(statusCode: status, headers: headers)
        }
        return HTTPResponse(statusCode: status, headers: headers, body: Data(body))
    }

    private static func isHTML(_ path: String) -> Bool {
        let lowered = path.lowercased()
        return lowered.hasSuffix(".html") || lowered.hasSuffix(".htm")
    }

    /// Shown until the first build has succeeded; the script reloads it when it has.
    static let buildingPage = Array(
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Building…</title></head>
        <body style="font-family:system-ui,sans-serif;padding:2rem"><p>Building the journal…</p></body></html>

        """.utf8)
}

/// The `Content-Type` of a served file, from its extension.
enum ContentType {
    static func of(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let suffix = name.split(separator: ".").count > 1 ? String(name.split(separator: ".").last!).lowercased() : ""
        return types[suffix] ?? "application/octet-stream"
    }

    private static let types: [String: String] = [
        "html": "text/html; charset=utf-8", "htm": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8", "mjs": "text/javascript; charset=utf-8",
        "json": "application/json", "webmanifest": "application/manifest+json",
        "xml": "application/xml; charset=utf-8", "txt": "text/plain; charset=utf-8", "md": "text/plain; charset=utf-8",
        "svg": "image/svg+xml", "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif",
        "webp": "image/webp", "avif": "image/avif", "ico": "image/x-icon",
        "mp3": "audio/mpeg", "m4a": "audio/mp4", "aac": "audio/aac", "ogg": "audio/ogg", "oga": "audio/ogg",
        "opus": "audio/ogg", "wav": "audio/wav", "flac": "audio/flac", "mp4": "video/mp4", "webm": "video/webm",
        "woff": "font/woff", "woff2": "font/woff2", "ttf": "font/ttf", "otf": "font/otf", "pdf": "application/pdf",
    ]
}

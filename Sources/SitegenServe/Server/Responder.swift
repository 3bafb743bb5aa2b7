import Foundation
import SitegenBundle

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Maps an HTTP request to the reply `SchemeResolver.plan(for:)` gives for the same path under the
/// bundle's origin, so the preview sends what an app would be served. On top of the plan: `405`
/// for methods other than GET and HEAD, `304` for a matching `If-None-Match`, and, with live
/// reload, the event stream and the script injected into whole HTML replies.
struct Responder: Sendable {
    var resolver: SchemeResolver
    var liveReload: Bool

    func respond(to request: HTTPRequest) -> PreviewResponse {
        guard request.method == "GET" || request.method == "HEAD" else {
            return .error(405, "only GET and HEAD are served", headers: ["Allow": "GET, HEAD"])
        }
        guard request.target.hasPrefix("/") else { return .error(400, "the request target must be a path") }
        let path = request.target.prefix { $0 != "?" && $0 != "#" }
        if liveReload && path == LiveReloadScript.eventsPath {
            let headers = ["Content-Type": "text/event-stream", "Cache-Control": "no-cache"]
            return PreviewResponse(
                head: HTTPResponseHead(status: 200, headers: headers), body: .eventStream, closeConnection: true)
        }
        guard let url = URL(string: resolver.origin.description + request.target) else {
            return .error(400, "the request target is not a valid URL path")
        }
        let isHead = request.method == "HEAD"
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = request.method
        var inject = false
        if liveReload, case .success(let resource) = resolver.resolve(url), resource.mimeType == "text/html" {
            inject = true  // whole pages only: the injected script shifts every byte offset
        } else if let range = request.header("Range") {
            urlRequest.setValue(range, forHTTPHeaderField: "Range")
        }
        guard let plan = try? resolver.plan(for: urlRequest) else { return .error(400, "the request has no URL") }
        var headers = plan.headers
        var body: PreviewResponse.Body
        switch plan.body {
        case .none: body = .none
        case .bytes(let data): body = .bytes(data)
        case .file(let file, let range): body = .file(file, range)
        }
        if inject, plan.status == 200, let resource = plan.resource {
            headers["Content-Length"] = String(resource.size + LiveReloadScript.tag.count)
            if let sha = resource.sha256 { headers["ETag"] = "\"\(sha)-live\"" }
            body = isHead ? .none : .injectedHTML(resource.fileURL)
        }
        if plan.status == 200, let etag = headers["ETag"], let wanted = request.header("If-None-Match"),
            Self.matches(wanted, etag)
        {
            let kept = headers.filter { ["ETag", "Cache-Control", "X-Content-Type-Options", "Accept-Ranges"].contains($0.key) }
            return PreviewResponse(head: HTTPResponseHead(status: 304, headers: kept), body: .none)
        }
        return PreviewResponse(head: HTTPResponseHead(status: plan.status, headers: headers), body: body)
    }

    /// Weak comparison of an `If-None-Match` list against an entity tag (RFC 9110 §13.1.2).
    static func matches(_ list: String, _ etag: String) -> Bool {
        let strip = { (tag: Substring) -> Substring in tag.hasPrefix("W/") ? tag.dropFirst(2) : tag }
        return list.split(separator: ",").contains { candidate in
            let tag = candidate.trimmingCharacters(in: .whitespaces)
            return tag == "*" || strip(Substring(tag)) == strip(Substring(etag))
        }
    }
}

import Foundation
import SitegenBundleCore

/// Maps an HTTP request to the reply `SchemeResolver.plan(for:)` gives for the same path under the
/// bundle's origin, so the preview sends what an app would be served. On top of the plan: `405`
/// for methods other than GET and HEAD, `304` for a matching `If-None-Match`, and, with live
/// reload, the event stream and the script injected into whole HTML replies.
///
/// The file is opened before the reply is made, and its length and tag come from what was opened
/// (see `BundleFile` and `ServedBundle`), so a rebuild on disk never yields a length or a `304`
/// that does not fit the bytes sent.
struct Responder: Sendable {
    var bundle: ServedBundle
    var liveReload: Bool
    var digests: FileDigests
    /// The number of the bundle served, written into the live-reload script of pages.
    var build = 0

    private var resolver: SchemeResolver { bundle.resolver }

    func respond(to request: HTTPRequest) async -> PreviewResponse {
        guard request.method == "GET" || request.method == "HEAD" else {
            // The resolver's own 405, as an app gets it: its headers, no body.
            let refusal = ReplyPlan.methodNotAllowed
            return PreviewResponse(
                head: HTTPResponseHead(status: refusal.status, headers: refusal.headers), body: .none, closeConnection: true)
        }
        guard request.target.hasPrefix("/") else { return .error(400, "the request target must be a path") }
        let path = request.target.prefix { $0 != "?" && $0 != "#" }
        if liveReload && path == LiveReloadScript.eventsPath {
            let headers = ["Content-Type": "text/event-stream", "Cache-Control": "no-cache"]
            return PreviewResponse(
                head: HTTPResponseHead(status: 200, headers: headers), body: .eventStream, closeConnection: true)
        }
        // From the text: `URL(string:)` would re-encode an invalid escape (`%ZZ`), which is not found.
        let target = SchemeRequest(string: resolver.origin.description + request.target, method: request.method)
        guard let url = target.url else { return .error(400, "the request target is not a valid URL path") }
        // A file replaced between its lookup and its opening is looked up again.
        for _ in 0..<3 {
            if let response = await respond(to: request, target: target, url: url) { return response }
        }
        return .error(503, "the file kept changing while it was read")
    }

    /// The reply, or nil when the file changed under it.
    private func respond(to request: HTTPRequest, target: SchemeRequest, url: URL) async -> PreviewResponse? {
        let isHead = request.method == "HEAD"
        var schemeRequest = target
        var inject = false
        if liveReload, !target.hasInvalidEscape, case .success(let resource) = resolver.resolve(url),
            resource.mimeType == "text/html"
        {
            inject = true  // whole pages only: the injected script shifts every byte offset
        } else {
            // Two `Range` fields are as several ranges in one: ignored, the whole file sent (as the
            // resolver does for `bytes=0-1,2-3`).
            let ranges = request.values(of: "Range")
            schemeRequest.range = ranges.count == 1 ? ranges[0] : nil
        }
        guard var plan = try? resolver.plan(for: schemeRequest) else { return .error(400, "the request has no URL") }
        var headers = plan.headers
        guard let resource = plan.resource else {
            var body: PreviewResponse.Body = if case .bytes(let data) = plan.body { .bytes(data) } else { .none }
            // The 404 page reloads too: open the page you are about to write, and it appears once built.
            // A HEAD gets the headers of the GET, so the page is made for its length.
            var asGet = schemeRequest
            asGet.method = "GET"
            if liveReload, plan.status == 404, headers["Content-Type"]?.hasPrefix("text/html") == true,
                case .bytes(let data)? = isHead ? (try? resolver.plan(for: asGet))?.body : plan.body
            {
                let page = LiveReloadScript.inject(into: data, build: build)
                headers["Content-Length"] = String(page.count)
                body = isHead ? .none : .bytes(page)
            }
            return PreviewResponse(head: HTTPResponseHead(status: plan.status, headers: headers), body: body)
        }
        // The plan's ranges and lengths are the looked-up size's: the file opened must have it.
        guard let file = BundleFile(path: resource.filePath), file.size == resource.size else { return nil }
        var tag: String? = nil
        if let sha = resource.sha256, bundle.vouchesFor(file) {
            tag = sha
        } else if resolver.manifest != nil {
            // Not vouched for (a bundle on disk that another tool may be replacing, a file newer than
            // the manifest or not of its size): tagged with the hash of its own bytes.
            guard let own = try? await digests.sha256(of: file) else { return nil }
            tag = own
        }
        headers["ETag"] = tag.map { "\"\($0)\"" }
        // `If-Range` with a tag that is no longer the file's (or a date: no `Last-Modified` is sent)
        // asks for the whole file, lest a resumed download join old bytes to new (RFC 9110 §13.1.5).
        if plan.status == 206 || plan.status == 416, let condition = request.header("If-Range"),
            !EntityTagCondition.rangeApplies(ifRange: condition, etag: headers["ETag"])
        {
            schemeRequest.range = nil
            guard let whole = try? resolver.plan(for: schemeRequest) else { return .error(400, "the request has no URL") }
            plan = whole
            headers = whole.headers
            headers["ETag"] = tag.map { "\"\($0)\"" }
        }
        if inject {
            // The page is sent whole, with the script in it: no byte ranges of it.
            headers["Accept-Ranges"] = "none"
        }
        if inject && plan.status == 200 {
            headers["Content-Length"] = String(file.size + LiveReloadScript.tag(build: build).count)
            // The build is in the page's script, so in its tag: a page kept by a rebuild is sent again
            // (a 304 would keep the old script, which would then reload forever).
            headers["ETag"] = tag.map { "\"\($0)-live-\(build)\"" }
        }
        // First of the preconditions (RFC 9110 §13.2.2): a tag that is not the file's, compared
        // strongly, means the client's copy is not this one, and nothing is sent (a resumed download
        // must not join old bytes to new).
        if let wanted = request.header("If-Match"), !EntityTagCondition.matches(wanted, headers["ETag"], strong: true) {
            // As the resolver answers it: no body, and the headers every reply carries.
            let refusal = ReplyPlan.preconditionFailed(resource: nil)
            return PreviewResponse(head: HTTPResponseHead(status: refusal.status, headers: refusal.headers), body: .none)
        }
        // Before `Range` (RFC 9110 §13.2.2): a matching tag is 304 whether the plan is 200, 206 or 416.
        if let wanted = request.header("If-None-Match"), EntityTagCondition.matches(wanted, headers["ETag"]) {
            let notModified = ReplyPlan.notModified(headers: headers, resource: nil)
            return PreviewResponse(head: HTTPResponseHead(status: notModified.status, headers: notModified.headers), body: .none)
        }
        var body = PreviewResponse.Body.none
        if case .file(_, let range) = plan.body { body = .file(file, range) }
        if inject && plan.status == 200 && !isHead {
            guard let page = try? file.read(at: 0, count: file.size) else { return nil }
            body = .bytes(LiveReloadScript.inject(into: Data(page), build: build))
        }
        return PreviewResponse(head: HTTPResponseHead(status: plan.status, headers: headers), body: body)
    }
}

import Foundation

/// The status, headers and body source of a reply, before any byte is read: what
/// `ReplyReader` and `SchemeResolver.reply(for:)` stream, and what an HTTP preview server writes.
public struct ReplyPlan: Sendable, Equatable {
    /// Where the body comes from.
    public enum Body: Sendable, Equatable {
        /// No body (HEAD, 304, 412, 416).
        case none
        /// A small in-memory body (the 404 page).
        case bytes(Data)
        /// A byte range of a file of the bundle.
        case file(URL, Range<Int>)
    }

    /// 200, 206, 304, 404, 405, 412 or 416.
    public var status: Int
    /// Header fields, e.g. `Content-Type`, `Content-Length`, `Content-Range`, `ETag`.
    public var headers: [String: String]
    /// The body.
    public var body: Body
    /// The resource served, nil for a 404 or a 405.
    public var resource: ResolvedResource?

    /// The small HTML body of every 404; it never echoes the requested URL.
    public static let notFoundBody = Data(
        "<!doctype html>\n<meta charset=\"utf-8\">\n<title>Not found</title>\n<h1>Not found</h1>\n<p>This page is not part of the documentation bundle.</p>\n"
            .utf8)

    /// The reply to a method other than `GET` and `HEAD` (a `fetch()` with `method: "POST"`, a form
    /// posted): a bundle of files takes nothing, as a static web server answers.
    public static let methodNotAllowed = ReplyPlan(
        status: 405,
        headers: [
            "Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff", "Allow": "GET, HEAD",
            "Content-Type": "text/plain; charset=utf-8", "Content-Length": "0",
        ], body: .none, resource: nil)

    /// The 412 reply to an `If-Match` that names another copy: the headers every reply carries, no body.
    public static func preconditionFailed(resource: ResolvedResource?) -> ReplyPlan {
        let headers = ["Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff", "Content-Length": "0"]
        return ReplyPlan(status: 412, headers: headers, body: .none, resource: resource)
    }

    /// The 304 reply to an `If-None-Match` that names this copy: of the resource's `headers`, those
    /// that say which copy it is and how it is served (`ETag`, `Accept-Ranges`, `Cache-Control`,
    /// `X-Content-Type-Options`), no body.
    public static func notModified(headers: [String: String], resource: ResolvedResource?) -> ReplyPlan {
        let kept = headers.filter { ["ETag", "Cache-Control", "X-Content-Type-Options", "Accept-Ranges"].contains($0.key) }
        return ReplyPlan(status: 304, headers: kept, body: .none, resource: resource)
    }

    /// The 404 reply: its small HTML page, no body for `HEAD`.
    public static func notFound(isHead: Bool) -> ReplyPlan {
        let headers = [
            "Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff", "Content-Type": "text/html; charset=utf-8",
            "Content-Length": String(notFoundBody.count),
        ]
        return ReplyPlan(status: 404, headers: headers, body: isHead ? .none : .bytes(notFoundBody), resource: nil)
    }
}

extension SchemeResolver {
    /// Plans the reply to a request: resolution, conditional headers, `Range` and `HEAD` handling, headers. Throws only
    /// `ResolutionFailure.missingURL`; every other failure is a 404 plan.
    public func plan(for request: SchemeRequest) throws(ResolutionFailure) -> ReplyPlan {
        guard let url = request.url else { throw .missingURL }
        let method = request.method.uppercased()
        guard method == "GET" || method == "HEAD" else { return .methodNotAllowed }
        let isHead = method == "HEAD"
        let common = ["Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff"]
        guard !request.hasInvalidEscape, case .success(let resource) = resolve(url) else {
            return ReplyPlan.notFound(isHead: isHead)
        }
        var headers = common
        headers["Accept-Ranges"] = "bytes"
        // From the record alone, as every resolver builds it (manifest.md): the reader has checked the two agree.
        headers["Content-Type"] = resource.textEncoding.map { "\(resource.mimeType); charset=\($0)" } ?? resource.mimeType
        if let sha = resource.sha256 { headers["ETag"] = "\"\(sha)\"" }
        // In the order RFC 9110 (section 13.2.2) evaluates them: a copy that is not this file's
        // gets nothing, one that is gets 304, and a range of another copy the whole file.
        if let wanted = request.ifMatch, !EntityTagCondition.matches(wanted, headers["ETag"], strong: true) {
            return .preconditionFailed(resource: resource)
        }
        if let wanted = request.ifNoneMatch, EntityTagCondition.matches(wanted, headers["ETag"]) {
            return .notModified(headers: headers, resource: resource)
        }
        var range = request.range
        if let condition = request.ifRange, !EntityTagCondition.rangeApplies(ifRange: condition, etag: headers["ETag"]) {
            range = nil
        }
        let size = resource.size
        switch ByteRangeRequest(header: range, size: size) {
        case .whole:
            headers["Content-Length"] = String(size)
            return ReplyPlan(
                status: 200, headers: headers, body: isHead ? .none : .file(resource.fileURL, 0..<size), resource: resource)
        case .partial(let range):
            headers["Content-Length"] = String(range.count)
            headers["Content-Range"] = "bytes \(range.lowerBound)-\(range.upperBound - 1)/\(size)"
            return ReplyPlan(
                status: 206, headers: headers, body: isHead ? .none : .file(resource.fileURL, range), resource: resource)
        case .unsatisfiable:
            headers["Content-Length"] = "0"
            headers["Content-Range"] = "bytes */\(size)"
            return ReplyPlan(status: 416, headers: headers, body: .none, resource: resource)
        }
    }
}

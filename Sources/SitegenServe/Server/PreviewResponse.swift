import Foundation

/// What the server sends for one request: a head, where the body comes from, and whether the
/// connection must close afterwards.
struct PreviewResponse: Sendable {
    enum Body: Sendable, Equatable {
        case none
        case bytes(Data)
        /// A byte range of a bundle file opened for this reply, streamed in chunks.
        case file(BundleFile, Range<Int>)
        /// The Server-Sent Events stream.
        case eventStream
    }

    var head: HTTPResponseHead
    var body: Body
    var closeConnection = false

    /// A short plain-text reply for a refused request.
    static func error(_ status: Int, _ message: String, headers: [String: String] = [:]) -> PreviewResponse {
        let body = Data("\(status) \(HTTPResponseHead.reasonPhrase(status)): \(message)\n".utf8)
        var all = ["Content-Type": "text/plain; charset=utf-8", "Content-Length": String(body.count)]
        all.merge(headers) { $1 }
        return PreviewResponse(head: HTTPResponseHead(status: status, headers: all), body: .bytes(body), closeConnection: true)
    }
}

import Foundation

/// One HTTP/1.x response: status, headers (names lowercased, in order) and body.
struct HTTPResponse: Sendable {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: [UInt8]

    /// The first value of header `name` (lowercase).
    func header(_ name: String) -> String? { headers.first { $0.name == name }?.value }
}

/// Reads an HTTP/1.x response to a GET from the bytes of a connection as they arrive: the head,
/// then a body framed by `Content-Length`, by `Transfer-Encoding: chunked` or by the end of the
/// connection. Interim `1xx` heads are skipped.
struct HTTPResponseReader {
    /// The largest head accepted.
    static let maxHeadBytes = 64 * 1024

    private let maxBodyBytes: Int
    private var buffer: [UInt8] = []
    /// Where the body starts in `buffer`, once the head is read.
    private var bodyStart: Int?
    private var status = 0
    private var headers: [(name: String, value: String)] = []
    private var framing = Framing.untilClose
    /// Chunked bodies: the decoded bytes so far, and where the next chunk's size line starts.
    private var decoded: [UInt8] = []
    private var chunkCursor = 0
    /// A response framed by its length, once read: its body was the buffer.
    private var complete: HTTPResponse?

    private enum Framing { case length(Int), chunked, untilClose, none }

    init(maxBodyBytes: Int) { self.maxBodyBytes = maxBodyBytes }

    /// Takes the next bytes; returns the response once it is complete.
    mutating func append(_ bytes: some Collection<UInt8>) throws(SourceError) -> HTTPResponse? {
        buffer.append(contentsOf: bytes)
        if bodyStart == nil {
            guard try readHead() else { return nil }
        }
        return try bodyIfComplete()
    }

    /// The response at the end of the connection.
    mutating func end() throws(SourceError) -> HTTPResponse {
        guard let bodyStart else {
            throw SourceError(buffer.isEmpty ? "the server closed the connection without answering" : "not an HTTP response")
        }
        if let response = try bodyIfComplete() { return response }
        if case .untilClose = framing {
            return HTTPResponse(status: status, headers: headers, body: Array(buffer[bodyStart...]))
        }
        throw SourceError("the server closed the connection before the end of the response")
    }

    /// Parses the head once `buffer` holds it; `false` while it is incomplete.
    private mutating func readHead() throws(SourceError) -> Bool {
        while true {
            guard let end = Self.headEnd(buffer) else {
                if buffer.count > Self.maxHeadBytes { throw SourceError("response head larger than \(Self.maxHeadBytes) bytes") }
                return false
            }
            let lines = String(decoding: buffer[..<end.head], as: UTF8.self).split(omittingEmptySubsequences: true) {
                $0 == "\r\n" || $0 == "\n" || $0 == "\r"
            }
            let statusLine = lines.first.map { $0.split(separator: " ", maxSplits: 2) } ?? []
            guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/1."), let code = Int(statusLine[1]),
                (100..<600).contains(code)
            else { throw SourceError("not an HTTP response") }
            if (100..<200).contains(code) {
                buffer.removeFirst(end.body)
                continue
            }
            status = code
            headers = lines.dropFirst().compactMap { line in
                guard let colon = line.firstIndex(of: ":") else { return nil }
                return (line[..<colon].lowercased(), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
            }
            bodyStart = end.body
            let transfer = headers.first { $0.name == "transfer-encoding" }?.value.lowercased() ?? ""
            if code == 204 || code == 304 {
                framing = .none
            } else if transfer.contains("chunked") {
                framing = .chunked
                chunkCursor = end.body
            } else if let length = try Self.contentLength(headers) {
                guard length <= maxBodyBytes else { throw Self.tooLarge(maxBodyBytes) }
                framing = .length(length)
                // Room for the whole body at once: grown by doubling, a large file would take twice its size.
                buffer.reserveCapacity(end.body + length)
            }
            return true
        }
    }

    /// The body length the `Content-Length` fields give, `nil` without one. A value that is not
    /// digits, too large for a number, or fields that disagree (`5, 6`) leave no way to tell where
    /// the body ends: the response is refused (RFC 9112, 6.3), not read up to the connection's end.
    private static func contentLength(_ headers: [(name: String, value: String)]) throws(SourceError) -> Int? {
        var length: Int?
        for header in headers where header.name == "content-length" {
            for part in header.value.split(separator: ",", omittingEmptySubsequences: false) {
                let digits = part.trimmingCharacters(in: .whitespaces)
                guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
                    throw SourceError("invalid Content-Length '\(header.value)'")
                }
                guard let value = Int(digits) else { throw SourceError("Content-Length '\(digits)' is too large") }
                if let length, length != value { throw SourceError("Content-Length fields that disagree") }
                length = value
            }
        }
        return length
    }

    private mutating func bodyIfComplete() throws(SourceError) -> HTTPResponse? {
        guard let bodyStart else { return nil }
        let received = buffer.count - bodyStart
        switch framing {
        case .none:
            return HTTPResponse(status: status, headers: headers, body: [])
        case .length(let length):
            guard received >= length else { return nil }
            // The body is the buffer without its head: moved out, not copied; asked again, the same.
            if let complete { return complete }
            var body: [UInt8] = []
            swap(&body, &buffer)
            body.removeSubrange((bodyStart + length)...)
            body.removeSubrange(..<bodyStart)
            complete = HTTPResponse(status: status, headers: headers, body: body)
            return complete
        case .untilClose:
            guard received <= maxBodyBytes else { throw Self.tooLarge(maxBodyBytes) }
            return nil
        case .chunked:
            guard try decodeChunks() else { return nil }
            return HTTPResponse(status: status, headers: headers, body: decoded)
        }
    }

    /// Decodes the chunks that have fully arrived; `true` once the last one (and its trailer) has.
    private mutating func decodeChunks() throws(SourceError) -> Bool {
        while true {
            guard let lineEnd = Self.lineEnd(buffer, from: chunkCursor) else { return false }
            let sizeText = String(decoding: buffer[chunkCursor..<lineEnd.content], as: UTF8.self)
            let digits = sizeText.prefix { $0 != ";" }.trimmingCharacters(in: .whitespaces)
            guard let size = Int(digits, radix: 16), size >= 0 else { throw SourceError("malformed chunked response") }
            if size == 0 {
                // Trailer fields, if any, end with an empty line.
                var cursor = lineEnd.next
                while let trailer = Self.lineEnd(buffer, from: cursor) {
                    if trailer.content == cursor { return true }
                    cursor = trailer.next
                }
                return false
            }
            guard decoded.count + size <= maxBodyBytes else { throw Self.tooLarge(maxBodyBytes) }
            let dataEnd = lineEnd.next + size
            guard let after = Self.lineEnd(buffer, from: dataEnd) else { return false }
            guard after.content == dataEnd else { throw SourceError("malformed chunked response") }
            decoded.append(contentsOf: buffer[lineEnd.next..<dataEnd])
            chunkCursor = after.next
        }
    }

    /// Where the head ends (before its blank line) and the body starts: CRLF CRLF, or LF LF.
    static func headEnd(_ bytes: [UInt8]) -> (head: Int, body: Int)? {
        var i = 0
        while let line = lineEnd(bytes, from: i) {
            if line.content == i { return (i, line.next) }
            i = line.next
        }
        return nil
    }

    /// The end of the line starting at `start` (before its CRLF or LF) and the start of the next.
    static func lineEnd(_ bytes: [UInt8], from start: Int) -> (content: Int, next: Int)? {
        guard start <= bytes.count, let lf = bytes[start...].firstIndex(of: 0x0A) else { return nil }
        let content = lf > start && bytes[lf - 1] == 0x0D ? lf - 1 : lf
        return (content, lf + 1)
    }

    /// A body over the run's `--max-bytes` on its own: a limit, reported as the total's is.
    static func tooLarge(_ maxBodyBytes: Int) -> SourceError {
        SourceError("not fetched: larger than --max-bytes \(maxBodyBytes)", isLimit: true)
    }
}

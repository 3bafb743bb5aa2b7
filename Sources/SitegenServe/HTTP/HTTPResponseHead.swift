/// The status line and header fields of a response, serialised as HTTP/1.1.
public struct HTTPResponseHead: Sendable, Equatable {
    /// The status code.
    public var status: Int
    /// Header fields; written sorted by name so that output is deterministic.
    public var headers: [String: String]

    /// A response head.
    public init(status: Int, headers: [String: String] = [:]) {
        self.status = status
        self.headers = headers
    }

    /// `HTTP/1.1 200 OK\r\nName: value\r\n...\r\n\r\n`. Values with CR or LF are dropped rather than
    /// allowed to split the head.
    public var bytes: [UInt8] {
        var text = "HTTP/1.1 \(status) \(Self.reasonPhrase(status))\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) where !value.contains(where: \.isNewline) {
            text += "\(name): \(value)\r\n"
        }
        text += "\r\n"
        return Array(text.utf8)
    }

    /// The standard reason phrase of the statuses this server sends.
    public static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 206: "Partial Content"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 412: "Precondition Failed"
        case 416: "Range Not Satisfiable"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        case 505: "HTTP Version Not Supported"
        default: "Status \(status)"
        }
    }
}

/// Why a request head was refused, with the status to answer before closing the connection.
public struct HTTPParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 400, 431 or 505.
    public var status: Int
    /// A one-line reason, sent as the body.
    public var message: String
    /// Whether the refused request was a `HEAD`, as far as its request line says: its reply has
    /// no body (RFC 9110 §9.3.2).
    public var isHead = false

    public var description: String { "\(status) \(HTTPResponseHead.reasonPhrase(status)): \(message)" }

    static func bad(_ message: String) -> HTTPParseError { HTTPParseError(status: 400, message: message) }
}

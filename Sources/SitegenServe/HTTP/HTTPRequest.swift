import Foundation

/// A parsed HTTP/1.x request head. The server reads no bodies: a request announcing one is
/// answered and its connection closed.
public struct HTTPRequest: Sendable, Equatable {
    /// The method as sent, e.g. `GET` (methods are case-sensitive).
    public var method: String
    /// The request target as sent, e.g. `/guide/install.html?x=1`.
    public var target: String
    /// The minor version: 0 for HTTP/1.0, 1 for HTTP/1.1.
    public var minorVersion: Int
    /// Header fields in order, names as sent.
    public var headers: [(name: String, value: String)]

    /// A request head.
    public init(method: String, target: String, minorVersion: Int = 1, headers: [(name: String, value: String)] = []) {
        self.method = method
        self.target = target
        self.minorVersion = minorVersion
        self.headers = headers
    }

    /// The first value of the header `name` (case-insensitive), if any.
    public func header(_ name: String) -> String? {
        let lowered = name.lowercased()
        return headers.first { $0.name.lowercased() == lowered }?.value
    }

    /// Every value of the header `name` (case-insensitive), in order: a field sent twice gives two.
    public func values(of name: String) -> [String] {
        let lowered = name.lowercased()
        return headers.filter { $0.name.lowercased() == lowered }.map(\.value)
    }

    /// Whether the request announces a body (`Content-Length` above zero or `Transfer-Encoding`).
    public var announcesBody: Bool {
        header("Transfer-Encoding") != nil || (header("Content-Length").flatMap { Int($0) } ?? 0) > 0
    }

    /// Whether the client wants the connection kept open after the reply: HTTP/1.1 unless
    /// `Connection: close`; HTTP/1.0 only with `Connection: keep-alive`.
    public var wantsKeepAlive: Bool {
        let tokens = (header("Connection") ?? "").lowercased().split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        return minorVersion >= 1 ? !tokens.contains("close") : tokens.contains("keep-alive")
    }

    public static func == (lhs: HTTPRequest, rhs: HTTPRequest) -> Bool {
        lhs.method == rhs.method && lhs.target == rhs.target && lhs.minorVersion == rhs.minorVersion
            && lhs.headers.elementsEqual(rhs.headers) { $0.name == $1.name && $0.value == $1.value }
    }
}

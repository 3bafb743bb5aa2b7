import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A tiny static HTTP/1.1 server on loopback for tests, serving a folder the way a production
/// web server would: `_redirects` entries and folders without a slash answer a real 301,
/// `/x` serves `x` or `x.html`, `/x/` serves `x/index.html`, the query is ignored. Or serving
/// fixed routes: a path, its `Content-Type` and body, as written.
final class LoopbackServer: @unchecked Sendable {
    /// A fixed answer: the `Content-Type` header (nil: none) and the body.
    typealias Route = (type: String?, body: [UInt8])

    let port: UInt16
    private let listener: Int32
    private let folder: URL?
    private let routes: [String: Route]
    private let ipv6: Bool
    private let lock = NSLock()
    private var log: [(path: String, status: Int)] = []
    private var targetLog: [String] = []

    /// The site's root URL.
    var url: URL { URL(string: ipv6 ? "http://[::1]:\(port)/" : "http://127.0.0.1:\(port)/")! }

    /// Every request answered so far: path and status.
    var requests: [(path: String, status: Int)] { lock.withLock { log } }

    /// Every request's target as sent, query included.
    var targets: [String] { lock.withLock { targetLog } }

    /// How long each answer takes, for a server slower than its clients.
    private let answerDelay: useconds_t

    /// Serves `folder` on `127.0.0.1`, or on `::1` with `ipv6`; `backlog` is the listen queue
    /// (Python's `http.server` has 5), `answerDelay` microseconds go into every answer.
    convenience init(serving folder: URL, ipv6: Bool = false, backlog: Int32 = 16, answerDelay: useconds_t = 0) throws {
        try self.init(folder: folder, routes: [:], ipv6: ipv6, backlog: backlog, answerDelay: answerDelay)
    }

    /// Serves `routes` on `127.0.0.1`; any other path is a 404.
    convenience init(routes: [String: Route]) throws {
        try self.init(folder: nil, routes: routes, ipv6: false)
    }

    private init(folder: URL?, routes: [String: Route], ipv6: Bool, backlog: Int32 = 16, answerDelay: useconds_t = 0) throws {
        self.folder = folder
        self.routes = routes
        self.ipv6 = ipv6
        self.answerDelay = answerDelay
        (listener, port) = try Self.listen(ipv6: ipv6, backlog: backlog)
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// A listening socket on a free loopback port.
    static func listen(ipv6: Bool, backlog: Int32 = 16) throws -> (Int32, UInt16) {
        let fd = Glibc.socket(ipv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ServerError("socket") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var port: UInt16 = 0
        var bound = false
        if ipv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_addr = in6addr_loopback
            var length = socklen_t(MemoryLayout<sockaddr_in6>.size)
            bound = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                    bind(fd, pointer, length) == 0 && Glibc.listen(fd, backlog) == 0 && getsockname(fd, pointer, &length) == 0
                }
            }
            port = UInt16(bigEndian: address.sin6_port)
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            bound = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                    bind(fd, pointer, length) == 0 && Glibc.listen(fd, backlog) == 0 && getsockname(fd, pointer, &length) == 0
                }
            }
            port = UInt16(bigEndian: address.sin_port)
        }
        guard bound else {
            close(fd)
            throw ServerError("bind")
        }
        return (fd, port)
    }

    /// Stops accepting; the accept loop ends.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            if answerDelay > 0 { usleep(answerDelay) }
            handle(client)
            close(client)
        }
    }

    private func handle(_ client: Int32) {
        var request: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !request.suffix(4).elementsEqual(Array("\r\n\r\n".utf8)) {
            let count = read(client, &buffer, buffer.count)
            guard count > 0 else { break }
            request += buffer[0..<count]
        }
        let line = String(decoding: request.prefix { $0 != 0x0D }, as: UTF8.self).split(separator: " ")
        let target = line.count > 1 ? String(line[1]) : "/"
        let path = String(target.prefix { $0 != "?" })
        let (status, headers, body) = answer(path)
        lock.withLock {
            log.append((path, status))
            targetLog.append(target)
        }
        var head = "HTTP/1.1 \(status) \(status == 200 ? "OK" : status == 301 ? "Moved Permanently" : "Not Found")\r\n"
        for (name, value) in headers + [("Content-Length", "\(body.count)"), ("Connection", "close")] {
            head += "\(name): \(value)\r\n"
        }
        let bytes = Array((head + "\r\n").utf8) + body
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            sent += count
        }
    }

    private func answer(_ path: String) -> (Int, [(String, String)], [UInt8]) {
        guard let folder else {
            guard let route = routes[path] else { return (404, [("Content-Type", "text/plain")], Array("nf".utf8)) }
            return (200, route.type.map { [("Content-Type", $0)] } ?? [], route.body)
        }
        let redirects = (try? String(contentsOf: folder.appendingPathComponent("_redirects"), encoding: .utf8)) ?? ""
        for line in redirects.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: " ")
            if fields.count >= 2, fields[0] == path { return (301, [("Location", String(fields[1]))], []) }
        }
        let relative = (path.removingPercentEncoding ?? path).drop { $0 == "/" }
        guard !relative.contains("..") else { return (404, [], []) }
        var candidates: [String] = []
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(
            atPath: folder.appendingPathComponent(String(relative)).path, isDirectory: &isDirectory)
        if path.hasSuffix("/") {
            candidates = [relative + "index.html"]
        } else if exists, isDirectory.boolValue {
            return (301, [("Location", path + "/")], [])
        } else {
            candidates = [String(relative), relative + ".html"]
        }
        for candidate in candidates {
            if let data = FileManager.default.contents(atPath: folder.appendingPathComponent(candidate).path) {
                return (200, [("Content-Type", Self.type(of: candidate))], Array(data))
            }
        }
        return (404, [("Content-Type", "text/html")], Array("<h1>404</h1>".utf8))
    }

    private static func type(of path: String) -> String {
        switch path.split(separator: ".").last ?? "" {
        case "html": "text/html; charset=utf-8"
        case "css": "text/css"
        case "js": "text/javascript"
        case "png": "image/png"
        case "jpg": "image/jpeg"
        case "svg": "image/svg+xml"
        case "webp": "image/webp"
        default: "application/octet-stream"
        }
    }
}

struct ServerError: Error, CustomStringConvertible {
    var description: String
    init(_ call: String) { description = "\(call) failed: errno \(errno)" }
}

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A running `sitegen serve`, stopped with SIGINT by `stop()` (call it in a `defer`).
final class ServeProcess {
    let process = Process()
    let stdout = Pipe(), stderr = Pipe()
    private(set) var port = 0
    private(set) var firstLines = ""

    /// Starts `sitegen serve ARGUMENTS` in the runner's folder and waits for the `serving` line.
    init(_ runner: SitegenRunner, _ arguments: [String], environment: [String: String] = [:]) throws {
        process.executableURL = SitegenRunner.executable
        process.arguments = ["serve"] + arguments
        process.currentDirectoryURL = runner.directory
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        while case let data = stdout.fileHandleForReading.availableData, !data.isEmpty {
            firstLines += String(decoding: data, as: UTF8.self)
            if let range = firstLines.range(of: #"serving http://(127\.0\.0\.1|\[::1\]):\d+/"#, options: .regularExpression) {
                port = Int(firstLines[range].dropLast().split(separator: ":").last ?? "") ?? 0
                return
            }
        }
        stop()
        throw ServeStartError(output: firstLines)
    }

    /// Sends `signal` (SIGINT by default), waits for the exit, returns the exit status and what was
    /// left on stderr.
    @discardableResult
    func stop(signal: Int32 = SIGINT) -> (status: Int32, stderr: String) {
        if process.isRunning { kill(process.processIdentifier, signal) }
        let deadline = ContinuousClock.now + .seconds(10)
        while process.isRunning && ContinuousClock.now < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        let err = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (process.terminationStatus, err)
    }
}

/// `sitegen serve` exited before printing its URL.
struct ServeStartError: Error, CustomStringConvertible {
    var output: String
    var description: String { "sitegen serve did not start: \(output)" }
}

/// A parsed HTTP response.
struct RawResponse {
    var status: Int
    /// Header fields by lowercased name (names are case-insensitive; Foundation writes `Etag`).
    var headers: [String: String]
    var body: Data

    func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// Blocking loopback socket helpers for tests.
enum RawHTTP {
    /// Connects to [::1]:port with a receive timeout; -1 when it cannot.
    static func connectIPv6(port: Int, timeout: Int = 5) -> Int32 {
        let fd = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_port = in_port_t(UInt16(port)).bigEndian
        address.sin6_addr = in6addr_loopback
        var tv = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
            }
        }
        if connected != 0 {
            close(fd)
            return -1
        }
        return fd
    }

    /// Whether this machine can listen on the IPv6 loopback (a container may have IPv6 off).
    static var hasIPv6Loopback: Bool {
        let fd = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_addr = in6addr_loopback
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) == 0
            }
        }
    }

    /// Connects to 127.0.0.1:port with a receive timeout.
    static func connect(port: Int, timeout: Int = 5) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port)).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var tv = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        return fd
    }

    static func send(_ fd: Int32, _ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Reads until the peer closes, the timeout passes, or `until` holds for what was read.
    static func receive(_ fd: Int32, until: (Data) -> Bool = { _ in false }) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !until(data) {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 { break }
            data.append(contentsOf: buffer[..<count])
        }
        return data
    }

    /// Sends `request` on a new connection and reads the reply until the server closes.
    static func exchange(port: Int, _ request: String) -> Data {
        exchange(port: port, Array(request.utf8))
    }

    static func exchange(port: Int, _ request: [UInt8]) -> Data {
        let fd = connect(port: port)
        defer { close(fd) }
        send(fd, request)
        return receive(fd)
    }

    /// `GET path` with `Connection: close` and extra header lines.
    static func get(port: Int, _ path: String, headers: [String] = [], method: String = "GET") -> RawResponse? {
        let head =
            "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n" + headers.map { $0 + "\r\n" }.joined()
            + "\r\n"
        return parse(exchange(port: port, head))
    }

    static func parse(_ data: Data) -> RawResponse? {
        guard let split = data.range(of: Data("\r\n\r\n".utf8)) else { return nil }
        let head = String(decoding: data[..<split.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        guard let statusLine = head.first, let status = Int(statusLine.split(separator: " ").dropFirst().first ?? "") else {
            return nil
        }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[String(line[..<colon]).lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return RawResponse(status: status, headers: headers, body: Data(data[split.upperBound...]))
    }

    /// Parses the output of `sitegen resolve --body`: status line, sorted headers, blank line, body.
    static func parseResolve(_ data: Data) -> RawResponse? {
        guard let split = data.range(of: Data("\n\n".utf8)) else { return nil }
        let head = String(decoding: data[..<split.lowerBound], as: UTF8.self).components(separatedBy: "\n")
        guard let status = Int(head.first?.split(separator: " ").first ?? "") else { return nil }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.range(of: ": ") else { continue }
            headers[String(line[..<colon.lowerBound]).lowercased()] = String(line[colon.upperBound...])
        }
        return RawResponse(status: status, headers: headers, body: Data(data[split.upperBound...]))
    }
}

extension SitegenRunner {
    /// Runs sitegen and returns its raw standard output (bodies are bytes, not text).
    func output(_ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data
    }

    /// A scratch folder with the clean fixture site as `Site/` and the minimal theme as `Templates/`.
    static func cleanSite() throws -> SitegenRunner {
        let runner = try SitegenRunner()
        try runner.copyFixture("Sites/clean", to: "Site")
        try runner.copyFixture("Themes/minimal", to: "Templates")
        return runner
    }
}

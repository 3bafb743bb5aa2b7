#if canImport(Glibc)
    import Glibc
#endif

/// One accepted, non-blocking TCP connection. Waiting for readiness suspends the task until
/// libdispatch sees the descriptor ready (`DescriptorWait`), so that no cooperative thread ever
/// blocks in a system call.
final class ConnectionSocket: @unchecked Sendable {
    /// Why a read produced no bytes.
    enum ReadFailure: Error, Equatable {
        /// Nothing arrived within the timeout.
        case timedOut
        /// The peer closed the connection or reset it.
        case closed
    }

    let descriptor: Int32
    private var isClosed = false

    init(descriptor: Int32) { self.descriptor = descriptor }

    deinit { close() }

    /// Reads at most `maximum` bytes, waiting while `budget` lasts and deducting the time waited
    /// from it, so that one budget bounds a whole request head however slowly its bytes trickle in.
    /// Throws `CancellationError` when the task is cancelled while waiting.
    func read(maximum: Int = 16 * 1024, budget: inout Duration) async throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: maximum)
        while true {
            let count: Int?
            do {
                count = try buffer.withUnsafeMutableBytes { raw throws(SocketError) in
                    try systemCall("recv") { recv(descriptor, raw.baseAddress, maximum, 0) }
                }
            } catch {
                throw ReadFailure.closed
            }
            if let count {
                guard count > 0 else { throw ReadFailure.closed }
                return Array(buffer.prefix(count))
            }
            guard budget > .zero else { throw ReadFailure.timedOut }
            let started = ContinuousClock.now
            let outcome = try await DescriptorWait.wait(descriptor, for: .readable, timeout: budget)
            budget -= ContinuousClock.now - started
            if outcome == .timedOut { throw ReadFailure.timedOut }
        }
    }

    /// Returns once the peer has closed or reset the connection, discarding whatever it sends
    /// meanwhile; waits without a timeout (as long as the task is not cancelled). For a reply that
    /// never ends, such as an event stream, this is how the server learns that the client is gone:
    /// no write may come for hours to tell it.
    func waitForHangUp() async throws {
        while true {
            var budget = Duration.seconds(3600)
            do {
                _ = try await read(budget: &budget)
            } catch ReadFailure.closed {
                return
            } catch ReadFailure.timedOut {
                continue
            }
        }
    }

    /// Ends a connection whose reply said `Connection: close` in stages (RFC 9112 §9.6): stops
    /// sending, so the client sees the reply end, then reads and drops what it still sends (the
    /// rest of a request body) until it closes, as long as bytes keep coming (`idle` at most
    /// between two reads, as nginx's `lingering_timeout`), for at most `total` and `limit` bytes.
    /// Closed at once, a socket with unread bytes is reset, and the client may lose the reply unread.
    func closeLingering(idle: Duration = .seconds(2), total: Duration = .seconds(30), limit: Int = 16 << 20) async {
        shutdown(descriptor, Int32(SHUT_WR))
        let deadline = ContinuousClock.now + total
        var dropped = 0
        while dropped < limit, ContinuousClock.now < deadline {
            var budget = idle
            guard let bytes = try? await read(maximum: 64 * 1024, budget: &budget) else { break }
            dropped += bytes.count
        }
        close()
    }

    /// Writes every byte, waiting while the peer's window is full (up to `timeout` without progress).
    func write(_ bytes: some Collection<UInt8>, timeout: Duration = .seconds(10)) async throws {
        var remaining = Array(bytes)[...]
        while !remaining.isEmpty {
            let sent = try remaining.withUnsafeBytes { raw throws(SocketError) in
                try systemCall("send") { send(descriptor, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL)) }
            }
            if let sent, sent > 0 {
                remaining = remaining.dropFirst(sent)
                continue
            }
            if try await DescriptorWait.wait(descriptor, for: .writable, timeout: timeout) == .timedOut {
                throw ReadFailure.timedOut
            }
        }
    }

    /// Closes the descriptor (once).
    func close() {
        guard !isClosed else { return }
        isClosed = true
        Glibc.close(descriptor)
    }
}

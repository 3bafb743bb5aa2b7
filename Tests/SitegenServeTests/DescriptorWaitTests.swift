import Foundation
import Testing

@testable import SitegenServe

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct DescriptorWaitTests {
    /// A connected pair of non-blocking Unix sockets, closed when the test ends.
    private final class Pair {
        let ends: (Int32, Int32)

        init() throws {
            var fds: [Int32] = [-1, -1]
            try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
            for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
            ends = (fds[0], fds[1])
        }

        deinit {
            close(ends.0)
            close(ends.1)
        }
    }

    @Test func readableOnceTheOtherEndWrites() async throws {
        let pair = try Pair()
        let writer = pair.ends.1
        Task {
            try await Task.sleep(for: .milliseconds(30))
            _ = write(writer, "x", 1)
        }
        // Ready, not timed out: the timeout is far off.
        #expect(try await DescriptorWait.wait(pair.ends.0, for: .readable, timeout: .seconds(60)) == .ready)
    }

    @Test func timesOutWhenNothingComes() async throws {
        let pair = try Pair()
        let started = ContinuousClock.now
        let outcome = try await DescriptorWait.wait(pair.ends.0, for: .readable, timeout: .milliseconds(50))
        #expect(outcome == .timedOut)
        // Never sooner than asked.
        #expect(ContinuousClock.now - started >= .milliseconds(45))
    }

    @Test func aWritableSocketIsReadyAtOnce() async throws {
        let pair = try Pair()
        #expect(try await DescriptorWait.wait(pair.ends.0, for: .writable, timeout: .seconds(5)) == .ready)
    }

    @Test func cancellingTheTaskEndsTheWait() async throws {
        let pair = try Pair()
        let reader = pair.ends.0
        let waiting = Task { try await DescriptorWait.wait(reader, for: .readable, timeout: .seconds(30)) }
        try await Task.sleep(for: .milliseconds(20))
        waiting.cancel()
        // Not `.timedOut` half a minute later: the cancellation ended it.
        await #expect(throws: CancellationError.self) { try await waiting.value }
    }

    @Test func aTaskCancelledBeforeItWaitsDoesNotWait() async throws {
        let pair = try Pair()
        let reader = pair.ends.0
        let waiting = Task {
            while !Task.isCancelled { await Task.yield() }
            return try await DescriptorWait.wait(reader, for: .readable, timeout: .seconds(30))
        }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
    }
}

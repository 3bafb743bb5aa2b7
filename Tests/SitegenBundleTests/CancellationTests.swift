import Foundation
import Testing

@testable import SitegenBundle
@testable import SitegenBundleCore

/// Records body events from a reply's test hook.
final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [ReplyBodyEvent] = []
    func record(_ event: ReplyBodyEvent) { lock.withLock { events.append(event) } }
    var chunksRead: Int { lock.withLock { events.filter { if case .chunkRead = $0 { true } else { false } }.count } }
    var closed: Bool { lock.withLock { events.contains(.closed) } }
}

@Suite(.serialized) struct CancellationTests {
    static let hundredMB = 100 * 1024 * 1024

    /// A fixture with a sparse 100 MB file (created instantly, removed with the fixture).
    static func bigFixture() throws -> Fixture {
        let fixture = try Fixture(files: ["index.html": "x"], withSecret: false)
        let url = fixture.bundle.appendingPathComponent("movie.mp4")
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: UInt64(hundredMB))
        try handle.close()
        return fixture
    }

    @Test func cancellingTheTaskStopsReading() async throws {
        let fixture = try Self.bigFixture()
        defer { fixture.remove() }
        let resolver = try SchemeResolver(bundle: fixture.bundle)
        let log = EventLog()
        let stream = resolver.reply(for: request("docs://app/movie.mp4"), chunkSize: SchemeResolver.chunkSize) { log.record($0) }
        let task = Task {
            var received = 0
            for try await element in stream {
                guard case .data = element else { continue }
                received += 1
                if received == 3 { withUnsafeCurrentTask { $0?.cancel() } }
            }
            return received
        }
        let received = try await task.value
        #expect(received == 3)
        #expect(log.chunksRead == 3, "read \(log.chunksRead) of \(Self.hundredMB / SchemeResolver.chunkSize) chunks")
        #expect(log.closed)
    }

    @Test func stoppingIterationStopsReadingAndClosesTheFile() async throws {
        let fixture = try Self.bigFixture()
        defer { fixture.remove() }
        let resolver = try SchemeResolver(bundle: fixture.bundle)
        let log = EventLog()
        func consumeTwoChunks() async throws -> Int {
            var received = 0
            for try await element in resolver.reply(
                for: request("docs://app/movie.mp4"), chunkSize: SchemeResolver.chunkSize, observer: { log.record($0) })
            {
                if case .data = element { received += 1 }
                if received == 2 { break }
            }
            return received
        }
        #expect(try await consumeTwoChunks() == 2)
        #expect(log.chunksRead == 2)
        #expect(log.closed, "the file handle is closed once the stream is dropped")
    }

    @Test func cancellationFromOutsideWhileConsumerIsSlow() async throws {
        let fixture = try Self.bigFixture()
        defer { fixture.remove() }
        let resolver = try SchemeResolver(bundle: fixture.bundle)
        let log = EventLog()
        let stream = resolver.reply(for: request("docs://app/movie.mp4"), chunkSize: SchemeResolver.chunkSize) { log.record($0) }
        let task = Task {
            for try await _ in stream { try? await Task.sleep(nanoseconds: 2_000_000) }
        }
        try await Task.sleep(nanoseconds: 30_000_000)
        task.cancel()
        _ = try await task.value
        #expect(log.chunksRead < 200, "read \(log.chunksRead) chunks of 1600")
        #expect(log.closed)
    }
}

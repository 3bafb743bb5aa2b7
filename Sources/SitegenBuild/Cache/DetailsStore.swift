import Foundation
import SitegenCore
import Synchronization

/// The pages' headings and links, kept out of the build cache in a file of their own
/// (`.dist.sitegen-details`) and read a page at a time, when a finding must be mapped to its Markdown
/// line or a page's links checked again: two thirds of what the cache would otherwise read and
/// write on every rebuild, for data most rebuilds never look at.
///
/// The file is a header (magic and generation) followed by the pages' encoded details, one after
/// the other. A rebuild appends the details of the pages it parsed; offsets already recorded stay
/// valid, so the cache written by the previous build can still use the file. Once the file has
/// grown to twice what the cache refers to, the next save writes a new one (a new generation).
final class DetailsStore: Sendable {
    static let magic = Array("sitegen-details2".utf8)
    static let headerSize = 24

    let generation: UInt64
    /// The length of the file when it was opened: records referring past it are damaged.
    let end: Int
    private let file: ReadOnlyFile
    private let damage = Atomic<Bool>(false)

    /// Whether some record read did not have the fingerprint the cache recorded for it: a file
    /// changed on disk, whose details no build may use.
    var isDamaged: Bool { damage.load(ordering: .relaxed) }

    /// Notes that a record read was not as recorded.
    func markDamaged() { damage.store(true, ordering: .relaxed) }

    private init(generation: UInt64, file: ReadOnlyFile) {
        self.generation = generation
        end = file.size
        self.file = file
    }

    /// The file beside the bundle folder `output`.
    static func location(for output: URL) -> URL { BuildCache.location(of: .details, beside: output) }

    /// The store of `generation` at `path`; `nil` when it is missing or of another generation.
    static func open(_ path: String, generation: UInt64) -> DetailsStore? {
        guard let file = ReadOnlyFile(path), let header = file.bytes(0..<headerSize),
            Array(header[0..<16]) == magic, FixedWidth.number(header, at: 16) == generation
        else { return nil }
        return DetailsStore(generation: generation, file: file)
    }

    /// The bytes at `range` of the file; `nil` when they cannot be read or lie past `end`.
    func bytes(_ range: Range<Int>) -> [UInt8]? {
        guard range.lowerBound >= Self.headerSize, range.upperBound <= end else { return nil }
        return file.bytes(range)
    }
}

/// Where one page's details are: a range of a `DetailsStore`, and the fingerprint of its bytes.
struct DetailsReference: Sendable {
    let store: DetailsStore
    let range: Range<Int>
    let fingerprint: UInt64

    /// The encoded details, read from the file; `nil` (and the store marked damaged) when they are
    /// not the bytes the cache recorded.
    func bytes() -> [UInt8]? {
        guard let bytes = store.bytes(range), Fingerprint.of(bytes) == fingerprint else {
            store.markDamaged()
            return nil
        }
        return bytes
    }
}

/// Appends pages' details while a cache is saved: to the store the previous build read (so that its
/// references stay valid), or into a new file, renamed into place before the cache that refers to it.
/// Used by one task at a time: the one writing the cache, then the one finishing it.
final class DetailsWriter: @unchecked Sendable {
    let generation: UInt64
    private(set) var end: Int
    private let descriptor: Int32
    /// The previous store, when appending to it.
    let appendingTo: DetailsStore?
    private let temporary: String?
    private let destination: String
    private var failed = false

    /// Appends to `previous` when it is the file at `output`'s place and has not grown past twice
    /// `live` bytes and `slack`; else starts a new file. `nil` when neither can be opened.
    init?(for output: URL, previous: DetailsStore?, live: Int, slack: Int = 1 << 20) {
        destination = DetailsStore.location(for: output).path
        if let previous, previous.end <= 2 * live + slack {
            let descriptor = open(destination, O_WRONLY | O_CLOEXEC)
            var info = stat()
            if descriptor >= 0, fstat(descriptor, &info) == 0, Int(info.st_size) >= previous.end,
                lseek(descriptor, 0, SEEK_END) >= 0
            {
                self.descriptor = descriptor
                generation = previous.generation
                end = Int(info.st_size)
                appendingTo = previous
                temporary = nil
                return
            }
            if descriptor >= 0 { close(descriptor) }
        }
        let temporary = TemporarySibling.name(destination + ".")
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
        self.temporary = temporary
        appendingTo = nil
        generation = UInt64.random(in: 1...UInt64.max)
        end = 0
        write(DetailsStore.magic + FixedWidth.bytes(of: generation))
    }

    deinit { close(descriptor) }

    /// Appends a page's encoded details and returns where they are.
    func append(_ bytes: [UInt8]) -> Range<Int> {
        let start = end
        write(bytes)
        return start..<end
    }

    private func write(_ bytes: [UInt8]) {
        failed = failed || !FileBytes.write(bytes, to: descriptor)
        end += bytes.count
    }

    /// Puts a new file in place. `false` when anything failed: the cache must then not be saved.
    func finish() -> Bool {
        guard !failed else {
            discard()
            return false
        }
        if let temporary { return rename(temporary, destination) == 0 }
        return true
    }

    /// Removes a new file that will not be used.
    func discard() {
        if let temporary { unlink(temporary) }
    }
}

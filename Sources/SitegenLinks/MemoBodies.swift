import SitegenCore

/// The entries of a memo read from bytes, still encoded: in memory, or in the memo's file, read an
/// entry at a time. A rebuild of one page decodes a handful of the 10,000 entries, so it reads
/// those and the index, not 12 MB of other pages' links.
final class MemoBodies: Sendable {
    private let memory: [UInt8]
    private let file: ReadOnlyFile?
    /// Where the entries start in `memory` or in `file`.
    private let start: Int
    /// The length of all the entries together.
    let count: Int

    init(memory: [UInt8], start: Int, count: Int) {
        self.memory = memory
        file = nil
        self.start = start
        self.count = count
    }

    init(file: ReadOnlyFile, start: Int, count: Int) {
        memory = []
        self.file = file
        self.start = start
        self.count = count
    }

    /// The bytes at `range` (counted from the first entry); `nil` when the file cannot be read there.
    func bytes(_ range: Range<Int>) -> ArraySlice<UInt8>? {
        guard let file else { return memory[start + range.lowerBound..<start + range.upperBound] }
        return file.bytes(start + range.lowerBound..<start + range.upperBound)?[...]
    }

    /// Every entry in memory, read in one piece when they are in the file: for writing them all
    /// again. `nil` when the file cannot be read.
    func inMemory() -> MemoBodies? {
        guard let file else { return self }
        return file.bytes(start..<start + count).map { MemoBodies(memory: $0, start: 0, count: count) }
    }
}

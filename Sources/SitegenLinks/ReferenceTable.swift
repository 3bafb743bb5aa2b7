import Foundation

/// Outcomes by a reference's bytes and what it is fetched as (for a style sheet or script, the
/// target's type decides too), looked up from bytes without making a string of them. It is plain
/// bytes and numbers, so a lookup retains nothing and a copy is a copy of bytes.
struct ReferenceTable: Sendable {
    private struct Entry {
        var hash: Int
        var start: Int
        var count: Int
        var destination: ExtractedLink.Destination
    }

    /// The references' bytes, one after the other.
    private var bytes: [UInt8] = []
    private var entries: [Entry] = []
    private var outcomes: [Settled] = []
    /// Open addressing: an entry's index, or -1 for a free slot; never more than half full.
    private var slots = [Int32](repeating: -1, count: 64)

    /// What a reference settled as: plain numbers, so that copying a table copies bytes.
    enum Settled: Sendable {
        case skipped
        case accepted(Int32)
    }

    func outcome(of reference: UnsafeRawBufferPointer, destination: ExtractedLink.Destination) -> Settled? {
        index(of: reference, destination: destination, hash: Self.hash(reference, destination)).map { outcomes[$0] }
    }

    func outcome(of link: ExtractedLink) -> Settled? {
        var url = link.url
        return url.withUTF8 { outcome(of: UnsafeRawBufferPointer($0), destination: link.destination) }
    }

    mutating func insert(_ link: ExtractedLink, _ outcome: Settled) {
        var url = link.url
        url.withUTF8 { reference in
            let raw = UnsafeRawBufferPointer(reference)
            let hash = Self.hash(raw, link.destination)
            if let index = index(of: raw, destination: link.destination, hash: hash) {
                outcomes[index] = outcome
                return
            }
            if (entries.count + 1) * 2 > slots.count { grow() }
            entries.append(Entry(hash: hash, start: bytes.count, count: raw.count, destination: link.destination))
            bytes.append(contentsOf: raw)
            outcomes.append(outcome)
            place(entries.count - 1)
        }
    }

    private func index(of reference: UnsafeRawBufferPointer, destination: ExtractedLink.Destination, hash: Int) -> Int? {
        let mask = slots.count - 1
        var slot = hash & mask
        while true {
            let index = Int(slots[slot])
            guard index >= 0 else { return nil }
            let entry = entries[index]
            if entry.hash == hash, entry.count == reference.count, entry.destination == destination,
                bytes.withUnsafeBytes({ stored in
                    entry.count == 0 || memcmp(stored.baseAddress! + entry.start, reference.baseAddress!, entry.count) == 0
                })
            {
                return index
            }
            slot = (slot + 1) & mask
        }
    }

    private mutating func place(_ index: Int) {
        let mask = slots.count - 1
        var slot = entries[index].hash & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(index)
    }

    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        for index in entries.indices { place(index) }
    }

    /// Seeded per process, as `Hasher` is: no page can be written to make every reference collide.
    private static func hash(_ bytes: UnsafeRawBufferPointer, _ destination: ExtractedLink.Destination) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: bytes)
        hasher.combine(destination.rawValue)
        return hasher.finalize()
    }
}

import SitegenBundleCore
import Synchronization

/// What the references written in one folder's pages resolved to, shared by the tasks of a crawl:
/// pages of one folder repeat the same sidebar, breadcrumbs and theme links, so most of a page's
/// references were resolved for a sibling already. Only references whose outcome depends on the
/// folder alone are kept: no `<base href>` on the page, and a path part (not `#x`, `?x` or empty).
final class FolderLinkCache: Sendable {
    /// What a reference came to in `LinkChecker.load`.
    enum Outcome: Sendable {
        /// Not a link, or ignored.
        case skipped
        /// A file of the bundle, with no fragment: nothing left to check.
        case accepted(Int32)
        /// Judged once the crawl is closed.
        case pending(LinkTarget)

        init(_ settled: ReferenceTable.Settled) {
            switch settled {
            case .skipped: self = .skipped
            case .accepted(let index): self = .accepted(index)
            }
        }

        /// The outcome as the settled table keeps it; `nil` for one still to judge.
        var settled: ReferenceTable.Settled? {
            switch self {
            case .skipped: .skipped
            case .accepted(let index): .accepted(index)
            case .pending: nil
            }
        }
    }

    /// The outcomes of one folder's references, by their bytes (an NFC and an NFD spelling are two
    /// files, not one). Those that settle a reference (a file of the bundle, or no link) sit in a
    /// table of plain bytes that each page takes a copy of, to look its links up in while they are
    /// extracted, before any string is made of them; those still to judge sit beside it.
    final class Folder: Sendable {
        private let settled = Mutex(ReferenceTable())
        private let pending = Mutex<[PendingKey: LinkTarget]>([:])

        private struct PendingKey: Hashable {
            var reference: ByteKey
            var destination: ExtractedLink.Destination

            init(_ link: ExtractedLink) {
                reference = ByteKey(link.url)
                destination = link.destination
            }
        }

        /// The settled outcomes known now: a copy that costs a reference count until the folder learns more.
        func snapshot() -> ReferenceTable { settled.withLock { $0 } }

        /// The known outcome of each reference whose `shared` flag is set, `settled` being this
        /// folder's `snapshot()`.
        func outcomes(of references: [ExtractedLink], shared: [Bool], settled: ReferenceTable) -> [Outcome?] {
            var outcomes = references.indices.map { shared[$0] ? settled.outcome(of: references[$0]).map(Outcome.init) : nil }
            let unknown = references.indices.filter { shared[$0] && outcomes[$0] == nil }
            guard !unknown.isEmpty else { return outcomes }
            pending.withLock { pending in
                for index in unknown {
                    if let target = pending[PendingKey(references[index])] { outcomes[index] = .pending(target) }
                }
            }
            return outcomes
        }

        func remember(_ learned: [(link: ExtractedLink, outcome: Outcome)]) {
            var targets: [(PendingKey, LinkTarget)] = []
            var settling: [(ExtractedLink, ReferenceTable.Settled)] = []
            for (link, outcome) in learned {
                if let settled = outcome.settled {
                    settling.append((link, settled))
                } else if case .pending(let target) = outcome {
                    targets.append((PendingKey(link), target))
                }
            }
            if !targets.isEmpty {
                pending.withLock { pending in
                    for (key, target) in targets { pending[key] = target }
                }
            }
            guard !settling.isEmpty else { return }
            settled.withLock { table in
                // Copied (pages hold snapshots) only when something is new.
                let new = settling.filter { table.outcome(of: $0.0) == nil }
                for (link, outcome) in new { table.insert(link, outcome) }
            }
        }
    }

    private let folders = Mutex<[String: Folder]>([:])

    /// The cache of the folder holding `pagePath` (an encoded path with its leading slash).
    func folder(of pagePath: [UInt8]) -> Folder {
        let end = (pagePath.lastIndex(of: UInt8(ascii: "/")) ?? -1) + 1
        let key = String(decoding: pagePath[..<end], as: UTF8.self)
        return folders.withLock { folders in
            if let folder = folders[key] { return folder }
            let folder = Folder()
            folders[key] = folder
            return folder
        }
    }

    /// Whether `reference`'s outcome depends only on its page's folder (given no `<base href>`).
    static func isFolderWide(_ reference: String) -> Bool { isFolderWide(firstByte: reference.utf8.first) }

    /// `isFolderWide(_:)` of a reference that starts with `firstByte` (`nil` when it is empty).
    static func isFolderWide(firstByte: UInt8?) -> Bool {
        guard let first = firstByte else { return false }
        switch first {
        case UInt8(ascii: "#"), UInt8(ascii: "?"), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"),
            UInt8(ascii: "\r"), 0x0C:
            return false
        default:
            return true
        }
    }
}

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
    }

    /// The outcomes of one folder's references.
    final class Folder: Sendable {
        private let outcomes = Mutex<[String: Outcome]>([:])

        /// The known outcome of each reference whose `shared` flag is set, under one lock.
        func outcomes(of references: [ExtractedLink], shared: [Bool]) -> [Outcome?] {
            outcomes.withLock { known in
                references.indices.map { shared[$0] ? known[FolderLinkCache.key(of: references[$0])] : nil }
            }
        }

        func remember(_ learned: [(reference: String, outcome: Outcome)]) {
            outcomes.withLock { known in
                for (reference, outcome) in learned { known[reference] = outcome }
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

    /// What a link's outcome is remembered under: its reference, and for a style sheet or script
    /// what it is fetched as, since the target's type then decides too.
    static func key(of link: ExtractedLink) -> String {
        link.destination == .other ? link.url : "\u{0}\(link.destination.rawValue)\u{0}" + link.url
    }

    /// Whether `reference`'s outcome depends only on its page's folder (given no `<base href>`).
    static func isFolderWide(_ reference: String) -> Bool {
        guard let first = reference.utf8.first else { return false }
        switch first {
        case UInt8(ascii: "#"), UInt8(ascii: "?"), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"),
            UInt8(ascii: "\r"), 0x0C:
            return false
        default:
            return true
        }
    }
}

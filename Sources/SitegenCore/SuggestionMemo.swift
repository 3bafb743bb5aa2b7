import Synchronization

/// "Did you mean" answers already worked out, shared by the tasks of one check: a link broken on
/// every page of a site (a template's, a footer's) is compared with the site's paths once, not once
/// per page, which on 100,000 pages is 100,000 times 100,000 comparisons. Keys are bytes, so that
/// spellings Swift's `String` takes for equal (NFC, NFD) are asked about each on their own.
package final class SuggestionMemo: Sendable {
    private let answers = Mutex<[[UInt8]: [String]]>([:])

    package init() {}

    /// The answer for `key`, made by `making` the first time it is asked.
    package func suggestions(for key: String, making: () -> [String]) -> [String] {
        let bytes = Array(key.utf8)
        if let known = answers.withLock({ $0[bytes] }) { return known }
        let made = making()
        answers.withLock { $0[bytes] = made }
        return made
    }
}

extension Suggestion {
    /// How many broken links of one page are given a "did you mean", in the page's order: each is
    /// compared with every path or id there is, and a page of 10,000 broken links to a page of
    /// 10,000 headings would compare 100,000,000 pairs. Past this, findings carry no hint, which is
    /// no loss: that many broken links are not typos.
    package static let newPerPage = 50
}

/// The suggestions the broken links of one page are given: the first `Suggestion.newPerPage` that
/// ask, none past them, counted whether the answer was remembered or not, so that which findings
/// have a hint does not depend on which task asked first. Made afresh for each page.
package struct PageSuggestions: Sendable {
    private let memo: SuggestionMemo
    private var left = Suggestion.newPerPage

    package init(memo: SuggestionMemo) { self.memo = memo }

    /// The answer for `key` (remembered, or made by `making`), or none past the page's first asks.
    package mutating func suggestions(for key: String, making: () -> [String]) -> [String] {
        guard left > 0 else { return [] }
        left -= 1
        return memo.suggestions(for: key, making: making)
    }
}

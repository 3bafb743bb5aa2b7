import Synchronization

/// What a list section rendered for one shared item (``TemplateDictionary/isShared``), kept for the
/// next page that renders the same item in the same place. A sidebar repeats the same 40 entries on
/// every page of a folder; each entry is a partial or two, rendered once per folder instead of once
/// per page.
///
/// An output is kept only when its render read no context frame below the item's own (every name
/// it looked up was found in the item or in what the item's section pushed above it) and expanded no
/// block: it is then the same wherever the item is rendered. The item is recognised by its
/// dictionary's storage, which the memo keeps alive so that the address is never reused.
final class SectionMemo: Sendable {
    struct Key: Hashable {
        /// The section's first instruction.
        var op: Int
        var item: UnsafeRawPointer
        var indent: [UInt8]
        var strip: [UInt8]
        var atLineStart: Bool
        /// Partial nesting at the section, which decides whether the recursion limit is reached.
        var depth: Int
        /// Section and partial nesting at the section, which decides whether the nesting limit is
        /// reached.
        var nesting: Int
    }

    struct Output {
        var bytes: [UInt8]
        var endsAtLineStart: Bool
    }

    private let outputs = Mutex<[Key: (output: Output?, item: TemplateDictionary)]>([:])

    /// What was kept for `key`: `.some(nil)` when the item's render there depended on its context.
    func output(for key: Key) -> Output?? { outputs.withLock { $0[key].map(\.output) } }

    /// Records what `item` (whose storage `key.item` is) rendered at `key`, `nil` for a render that
    /// depended on its context. The item is kept alive so that its address is never reused.
    func record(_ output: Output?, for key: Key, item: TemplateDictionary) {
        outputs.withLock { $0[key] = (output, item) }
    }
}

extension SectionMemo.Key: @unchecked Sendable {}
extension SectionMemo.Output: Sendable {}

import Dispatch
import Foundation
import Synchronization

/// Work on `0..<count` split into contiguous parts that run on all cores, when there is enough of it.
/// Here, in the embeddable leaf, because the bundle's own manifest assembly and verification split
/// their work too; the build, cache and crawl modules, which all import this one, use it as well.
package enum ParallelParts {
    /// `body` applied to each part, the results in the parts' order: one part below `threshold`
    /// items, else `parts` of them (by default one per core, at most 4; more, smaller parts even out
    /// work of uneven cost). `body` runs on several threads at once.
    package static func map<Result: Sendable>(
        count: Int, threshold: Int, parts: Int? = nil, _ body: @Sendable (Range<Int>) -> Result
    ) -> [Result] {
        let parts = count >= threshold ? max(1, parts ?? min(4, ProcessInfo.processInfo.activeProcessorCount)) : 1
        let chunk = (count + parts - 1) / parts
        let results = Mutex([Result?](repeating: nil, count: parts))
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            let result = body(min(part * chunk, count)..<min((part + 1) * chunk, count))
            results.withLock { $0[part] = result }
        }
        return results.withLock { $0.compactMap { $0 } }
    }
}

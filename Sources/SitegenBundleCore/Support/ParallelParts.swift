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

    /// Like `map`, for a `body` that makes one element for each index of its part, in order, handing
    /// each to `emit`: the elements are made in place in one array, where an array a part copied
    /// into one after would retain and release every reference each element holds. Returns the
    /// elements and what `body` returned for each part.
    package static func fill<Element: Sendable, Summary: Sendable>(
        count: Int, threshold: Int, _ body: @Sendable (Range<Int>, _ emit: (Element) -> Void) -> Summary
    ) -> (elements: [Element], summaries: [Summary]) {
        var summaries: [Summary] = []
        let elements = [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            let slots = Slots(base: buffer.baseAddress)
            summaries = map(count: count, threshold: threshold) { range in
                var next = range.lowerBound
                let summary = body(range) { element in
                    precondition(next < range.upperBound, "ParallelParts.fill: more elements than indices")
                    (slots.base! + next).initialize(to: element)
                    next += 1
                }
                precondition(next == range.upperBound, "ParallelParts.fill: fewer elements than indices")
                return summary
            }
            initialized = count
        }
        return (elements, summaries)
    }

    /// The array's storage, which each part writes at its own indices only.
    private struct Slots<Element>: @unchecked Sendable {
        let base: UnsafeMutablePointer<Element>?
    }
}

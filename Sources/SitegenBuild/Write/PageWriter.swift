import Foundation
import SitegenBundleCore
import SitegenCore
import SitegenTemplates

/// Renders and writes pages and copies assets into a staged bundle, in parallel. A file whose
/// inputs match the previous build is kept instead: hard-linked from the previous bundle into a new
/// one, or, when the staged folder is an overlay (`inPlace`), simply left where it is. Either way it
/// keeps its bytes and mtime, and its size and SHA-256 come from the cache.
struct PageWriter: Sendable {
    var context: PageContext
    var theme: Theme
    var templates: TemplateDependencies
    var loader: PageLoader
    var staged: StagedBundle
    var previous: BuildCache?
    var progress: ProgressHandler?
    /// The staged folder receives only the files that changed, to be moved into the previous bundle.
    var inPlace = false
    /// The previous bundle's folder, open while an in-place update checks its files.
    var previousFolder: Int32 = -1
    /// Folders of the previous bundle that are symbolic links (`LinkedFolders`): nothing in them is kept.
    var linkedFolders: Set<String> = []
    /// Its files checked ahead; `nil` to check each when it is needed.
    var previousOutputs: PreviousOutputs?

    /// Chunks, not a task per page: a rebuild that reuses 10,000 pages should not pay for 10,000 tasks.
    private static let chunk = 32

    /// What a page's HTML is made from, and the previous build's record of its output (looked up
    /// once, then used to decide and to reuse).
    struct Plan: Sendable {
        var inputs: UInt64
        var previous: BuildCache.OutputRecord?
    }

    /// The plan of each page, in the order of `pages`: the fingerprint of everything its HTML is made
    /// from. With `unchangedSite` (what pages show of each other and the templates are as in the
    /// previous build), a page whose source is unchanged keeps its recorded inputs without
    /// recomputing them.
    func plans(of pages: [Page], unchangedSite: Bool = false) async -> [Plan] {
        let known = unchangedSite ? previous : nil
        return await withTaskGroup(of: (Int, [Plan]).self) { group in
            for start in stride(from: 0, to: pages.count, by: Self.chunk) {
                group.addTask {
                    let part = pages[start..<min(start + Self.chunk, pages.count)].indices.map { index in
                        let page = pages[index]
                        // The n-th page's output is the n-th output the previous build recorded, its source the
                        // n-th page record (a lookup by path would index 10,000 records for one page).
                        let record = previous?.outputRecord(page.output, at: index)
                        // A page without its body was restored from that very cache: no need to look.
                        if let known, let record,
                            !page.hasBody || known.pages.record(page.source, at: index)?.fingerprint == page.sourceFingerprint
                        {
                            return Plan(inputs: record.inputs, previous: record)
                        }
                        return Plan(inputs: inputs(of: page), previous: record)
                    }
                    return (start, part)
                }
            }
            var out = [Plan](repeating: Plan(inputs: 0), count: pages.count)
            for await (start, part) in group { out.replaceSubrange(start..<start + part.count, with: part) }
            return out
        }
    }

    private func inputs(of page: Page) -> UInt64 {
        var fingerprint = Fingerprint()
        fingerprint.add(Int(truncatingIfNeeded: context.inputsFingerprint(for: page)))
        fingerprint.add(templates.fingerprint(of: page.meta.template ?? Theme.defaultTemplate))
        return fingerprint.value
    }

    /// How many pages the previous build did not make from the same inputs.
    static func changedCount(_ plans: [Plan]) -> Int { plans.count { $0.previous?.inputs != $0.inputs } }

    func writePages(_ pages: [Page], plans: [Plan], siteRoot: String) async throws(InputError)
        -> [WrittenFile]
    {
        let chunk = Self.chunk
        progress?(StageProgress(stage: "writing", done: 0, total: pages.count))
        let results = await withTaskGroup(of: [Result<WrittenFile, InputError>].self) { group in
            for start in stride(from: 0, to: pages.count, by: chunk) {
                group.addTask {
                    // A stopped build (Ctrl-C, `serve` quitting) renders no further part.
                    if Task.isCancelled { return [.failure(InputError("stopped"))] }
                    return (start..<min(start + chunk, pages.count)).map { index in
                        write(pages[index], plan: plans[index], siteRoot: siteRoot)
                    }
                }
            }
            var results: [Result<WrittenFile, InputError>] = []
            results.reserveCapacity(pages.count)
            for await part in group {
                results += part
                progress?(StageProgress(stage: "writing", done: results.count, total: pages.count))
            }
            return results
        }
        return try collect(results)
    }

    /// `siteRoot`: where a page restored from the cache is read again when it must be rendered.
    private func write(_ page: Page, plan: Plan, siteRoot: String) -> Result<WrittenFile, InputError> {
        let inputs = plan.inputs
        if let reused = reuse(page.output, inputs: inputs, record: plan.previous) { return .success(reused) }
        do throws(InputError) {
            var page = page
            if !page.hasBody {
                let file = SourceFile(path: page.source, kind: .markdown, root: siteRoot)
                page = try loader.load(file).page
            }
            var buffer: [UInt8] = []
            buffer.reserveCapacity(page.body.html.utf8.count + 16_384)
            do throws(TemplateError) {
                try theme.library.render(
                    page.meta.template ?? Theme.defaultTemplate, context: context.value(for: page), into: &buffer)
            } catch {
                var failure = error.inputError
                failure.message += " (rendering \(page.displayPath))"
                throw failure
            }
            let sha256 = ContentHash.hex(buffer)
            if let kept = keep(page.output, size: buffer.count, sha256: sha256, inputs: inputs, record: plan.previous) {
                return .success(kept)
            }
            try staged.write(buffer, to: page.output)
            return .success(WrittenFile(path: page.output.rawValue, size: buffer.count, sha256: sha256, inputs: inputs))
        } catch {
            return .failure(error)
        }
    }

    /// Copies every asset in parallel, hashing the bytes it copies.
    func copyAssets(_ assets: [SourceFile], displayRoot: String) async throws(InputError) -> [WrittenFile] {
        let results = await withTaskGroup(of: Result<WrittenFile, InputError>.self) { group in
            for asset in assets {
                group.addTask { () -> Result<WrittenFile, InputError> in
                    var inputs = Fingerprint()
                    inputs.add(asset.filePath)
                    inputs.add(asset.size)
                    inputs.add(asset.modified)
                    if let reused = reuse(asset.path, inputs: inputs.value) { return .success(reused) }
                    guard let bytes = FileBytes.read(asset.filePath) else {
                        return .failure(
                            InputError(
                                "cannot read asset (\(FileBytes.failureReason(asset.filePath)))",
                                path: displayRoot + asset.path.rawValue))
                    }
                    let sha256 = ContentHash.hex(bytes)
                    if let kept = keep(asset.path, size: bytes.count, sha256: sha256, inputs: inputs.value) {
                        return .success(kept)
                    }
                    do throws(InputError) { try staged.write(bytes, to: asset.path) } catch { return .failure(error) }
                    return .success(
                        WrittenFile(path: asset.path.rawValue, size: bytes.count, sha256: sha256, inputs: inputs.value))
                }
            }
            var results: [Result<WrittenFile, InputError>] = []
            for await result in group { results.append(result) }
            return results
        }
        return try collect(results)
    }

    /// Writes generated bytes, made by `render` from what `inputs` fingerprints, or keeps the previous
    /// build's file made from the same inputs.
    func write(_ path: SitePath, inputs: UInt64, render: () -> [UInt8]) throws(InputError) -> WrittenFile {
        if let reused = reuse(path, inputs: inputs) { return reused }
        let bytes = render()
        let sha256 = ContentHash.hex(bytes)
        if let kept = keep(path, size: bytes.count, sha256: sha256, inputs: inputs) { return kept }
        try staged.write(bytes, to: path)
        return WrittenFile(path: path.rawValue, size: bytes.count, sha256: sha256, inputs: inputs)
    }

    /// The previous build's file when new inputs made the same bytes (`size`, `sha256`) and it is still
    /// there: an unchanged file keeps its modification time even when what it is made from changed
    /// (a page added to a folder re-renders every page, most of which do not show it).
    private func keep(_ path: SitePath, size: Int, sha256: String, inputs: UInt64) -> WrittenFile? {
        keep(path, size: size, sha256: sha256, inputs: inputs, record: previous?.outputs[path])
    }

    /// `keep(_:size:sha256:inputs:)` with the previous build's record already looked up.
    private func keep(
        _ path: SitePath, size: Int, sha256: String, inputs: UInt64, record: BuildCache.OutputRecord?
    ) -> WrittenFile? {
        guard let record, record.size == size, record.sha256 == sha256,
            var kept = reuse(path, inputs: record.inputs, record: record)
        else { return nil }
        kept.inputs = inputs
        kept.inputsChanged = inputs != record.inputs
        return kept
    }

    /// The previous build's file when it was made from the same inputs and is still there.
    private func reuse(_ path: SitePath, inputs: UInt64) -> WrittenFile? {
        reuse(path, inputs: inputs, record: previous?.outputs[path])
    }

    /// `reuse(_:inputs:)` with the previous build's record already looked up.
    private func reuse(_ path: SitePath, inputs: UInt64, record: BuildCache.OutputRecord?) -> WrittenFile? {
        guard let record, record.inputs == inputs,
            inPlace
                ? previousOutputs?.isIntact(path)
                    ?? staged.previousHas(path, expectedSize: record.size, in: previousFolder)
                : !LinkedFolders.contains(path.rawValue, in: linkedFolders)
                    && staged.linkPrevious(path, expectedSize: record.size)
        else { return nil }
        return WrittenFile(path: path.rawValue, size: record.size, sha256: record.sha256, inputs: inputs, isNew: false)
    }

    /// The files written, or the first failure in a stable order.
    func collect(_ results: [Result<WrittenFile, InputError>]) throws(InputError) -> [WrittenFile] {
        var files: [WrittenFile] = []
        var failures: [InputError] = []
        for result in results {
            switch result {
            case .success(let file): files.append(file)
            case .failure(let error): failures.append(error)
            }
        }
        if let first = failures.min(by: { $0.description < $1.description }) { throw first }
        return files
    }
}

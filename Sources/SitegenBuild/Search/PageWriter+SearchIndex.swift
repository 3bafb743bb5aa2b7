import SitegenCore

extension PageWriter {
    /// Writes the search index's entry and parts, the parts at once on every core. A part whose
    /// pages' sources, places and titles are as the previous build made it from is kept unread; one
    /// that comes out the same is kept with its time.
    func writeSearchIndex(of pages: [Page]) async throws(InputError) -> [WrittenFile] {
        let parts = SearchScript.parts(of: pages)
        let entry = SearchScript.renderEntry(partCount: parts.count)
        let written = try write(SearchScript.path, inputs: Fingerprint.of(entry)) { entry }
        let results = await withTaskGroup(of: (Int, Result<WrittenFile, InputError>).self) { group in
            for (index, part) in parts.enumerated() {
                group.addTask {
                    let inputs = SearchScript.fingerprint(part: index, of: part)
                    return (
                        index,
                        Result { () throws(InputError) in
                            try write(SearchScript.partPath(index), inputs: inputs) {
                                SearchScript.renderPart(part.map(\.detailed))
                            }
                        }
                    )
                }
            }
            var results: [(Int, Result<WrittenFile, InputError>)] = []
            for await result in group { results.append(result) }
            return results.sorted { $0.0 < $1.0 }.map(\.1)
        }
        return try [written] + collect(results)
    }
}

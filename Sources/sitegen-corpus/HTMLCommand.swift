import Foundation
import SitegenCorpus

/// `sitegen-corpus html`: an HTML tree with known faults, written by `HTMLFaultCorpus`.
enum HTMLCommand {
    static func run(pages: Int, seed: UInt64, directory: URL) -> Int32 {
        do {
            let manifest = try HTMLFaultCorpus.write(pages: pages, seed: seed, to: directory)
            print("wrote \(pages) HTML pages to \(directory.path) with \(manifest.findings.count) injected faults")
            return 0
        } catch {
            FileHandle.standardError.write(Data("sitegen-corpus: \(error)\n".utf8))
            return 2
        }
    }
}

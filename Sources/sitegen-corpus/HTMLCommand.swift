import Foundation
import SitegenCorpus

/// `sitegen-corpus html`: an HTML tree with known faults, written by `HTMLFaultCorpus`.
///
/// `HTMLFaultCorpus` lands on another branch. Until both are merged this prints that it is not
/// available; at merge, delete the two lines marked `placeholder` and uncomment the rest.
enum HTMLCommand {
    static func run(pages: Int, seed: UInt64, directory: URL) -> Int32 {
        FileHandle.standardError.write(Data("sitegen-corpus: html: not available in this build\n".utf8))  // placeholder
        return 2  // placeholder
        // do {
        //     let summary = try HTMLFaultCorpus.write(pages: pages, seed: seed, to: directory)
        //     print("wrote \(pages) HTML pages to \(directory.path): \(summary)")
        //     return 0
        // } catch {
        //     FileHandle.standardError.write(Data("sitegen-corpus: \(error)\n".utf8))
        //     return 2
        // }
    }
}

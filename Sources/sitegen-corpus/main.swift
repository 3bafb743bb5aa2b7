import Foundation
import SitegenCorpus

// sitegen-corpus markdown|html PAGES DIR [--seed N] [--faults]: writes a synthetic corpus.
let usage = """
    usage: sitegen-corpus markdown PAGES DIR [--seed N] [--faults]
           sitegen-corpus html PAGES DIR [--seed N]

      markdown  a documentation site (sitegen.yml, index.md, sections, 3-6 KB pages) with one
                injected broken link per 50 pages; --faults lists them (path:line:col [rule])
      html      an HTML tree with known link faults, for checkers
    """

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("sitegen-corpus: error: \(message)\n\(usage)\n".utf8))
    exit(2)
}

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--help") || arguments.contains("-h") {
    print(usage)
    exit(0)
}
var seed: UInt64 = 1
if let flag = arguments.firstIndex(of: "--seed") {
    guard flag + 1 < arguments.count, let value = UInt64(arguments[flag + 1]) else { fail("--seed needs a number") }
    seed = value
    arguments.removeSubrange(flag...(flag + 1))
}
let listFaults = arguments.contains("--faults")
arguments.removeAll { $0 == "--faults" }
guard arguments.count == 3 else { fail("expected a kind, a page count and a folder") }
guard let pages = Int(arguments[1]), pages > 0 else { fail("'\(arguments[1])' is not a page count") }
let directory = URL(fileURLWithPath: arguments[2], relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))

switch arguments[0] {
case "markdown":
    do {
        let summary = try MarkdownCorpus.write(pages: pages, seed: seed, to: directory)
        let average = Double(summary.markdownBytes) / Double(summary.pages) / 1000
        print(
            "wrote \(summary.pages) pages and \(summary.assets) other files to \(arguments[2]): "
                + String(format: "%.1f MB of Markdown (%.1f KB a page), ", Double(summary.markdownBytes) / 1e6, average)
                + "\(summary.links) links, \(summary.faults.count) injected faults")
        if listFaults { for fault in summary.faults { print(fault) } }
    } catch {
        FileHandle.standardError.write(Data("sitegen-corpus: \(error)\n".utf8))
        exit(2)
    }
case "html":
    exit(HTMLCommand.run(pages: pages, seed: seed, directory: directory))
default:
    fail("unknown corpus kind '\(arguments[0])'")
}

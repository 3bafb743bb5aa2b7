import CHeapTuning
import Foundation
import SitegenCLI

let arguments = Array(CommandLine.arguments.dropFirst())
// Builds and checks allocate fast on every core, then exit; `serve` keeps running, with glibc's
// defaults, so that its heaps give memory back.
if arguments.first != "serve" { sitegen_tune_heaps() }
let code = await SitegenCLI.run(arguments: arguments)
exit(code)

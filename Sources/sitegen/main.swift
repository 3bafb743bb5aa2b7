import CHeapTuning
import Foundation
import SitegenCLI

let arguments = Array(CommandLine.arguments.dropFirst())
// Builds and checks allocate fast on every core, then exit; `serve` keeps running, with glibc's
// defaults, so that its heaps give memory back.
if arguments.first != "serve" { sitegen_grow_heaps_in_large_steps() }
let code = await SitegenCLI.run(arguments: arguments)
exit(code)

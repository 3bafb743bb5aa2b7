import Foundation
import SitegenCLI

let arguments = Array(CommandLine.arguments.dropFirst())
AllocatorSetup.configure(forCommand: arguments.first)
let code = await SitegenCLI.run(arguments: arguments)
exit(code)

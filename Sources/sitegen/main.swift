import Foundation
import SitegenCLI

let code = await SitegenCLI.run(arguments: Array(CommandLine.arguments.dropFirst()))
exit(code)

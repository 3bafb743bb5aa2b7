import Foundation
import SitegenBundleCore
import SitegenCore
import SitegenServe

/// `sitegen resolve DIR URL`: what an app embedding the bundle would be served for URL.
enum ResolveCommand: Command {
    static let spec = CommandSpec(
        name: "resolve",
        summary: "Show what an app would be served for a URL: status, headers, and optionally the body.",
        positionals: ["DIR", "URL"],
        options: [
            .value("--range", "A-B", "Send 'Range: bytes=A-B' (also 'A-' and '-N'), as <video> and <audio> do."),
            .flag("--body", "Print the body after the headers (raw bytes)."),
        ],
        discussion: "URL is a scheme URL (docs://app/guide/) or a bundle path (guide/), taken against the bundle's origin.")

    /// Whether `text` is `A-B` (A <= B), `A-` or `-N`, in decimal digits.
    private static func isByteRange(_ text: String) -> Bool {
        let parts = text.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, !(parts[0].isEmpty && parts[1].isEmpty),
            parts.allSatisfy({ $0.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } })
        else { return false }
        guard let first = UInt64(parts[0]), let last = UInt64(parts[1]) else { return true }
        return first <= last
    }

    static func run(_ arguments: ParsedArguments, console: Console, environment: Environment) async -> ExitCode {
        // A server ignores a `Range` it cannot read; a command line with one is a mistake to say.
        if let range = arguments.value("--range"), !isByteRange(range) {
            console.err(
                "\(UsageError("--range '\(Manifest.printable(range))' is not a byte range: write A-B, A- or -N, with A <= B", command: spec))\n"
            )
            return .inputError
        }
        let path = arguments.positionals[0]
        if let problem = FolderArgument.problem(path, workingDirectory: environment.workingDirectory) {
            console.err("\(problem)\n")
            return .inputError
        }
        let directory = FolderPlace.url(path, from: environment.workingDirectory)
        let resolver: SchemeResolver
        do {
            resolver = try SchemeResolver(bundle: directory)
        } catch {
            let shown = FolderArgument.shown(path)
            console.err("\(FolderArgument.place(of: error, in: shown, otherwise: shown + Manifest.fileName)): error: \(error)\n")
            return .inputError
        }
        let text = arguments.positionals[1]
        // An empty URL is a mistake (an unset shell variable), not the bundle's root.
        if text.allSatisfy(\.isWhitespace) {
            let example = "a bundle path or a URL of its origin, \(resolver.origin.description)/"
            console.err("\(UsageError("the URL is empty: write \(example)", command: spec))\n")
            return .inputError
        }
        // From the text, not a `URL`: `URL(string:)` would re-encode an invalid escape (`%ZZ`).
        let absolute =
            text.contains("://")
            ? text : resolver.origin.description + "/" + text.droppingLeadingSlash
        let request = SchemeRequest(string: absolute, range: arguments.value("--range").map { "bytes=\($0)" })
        guard request.url != nil else {
            console.err("error: '\(Manifest.printable(text))' is not a URL (see 'sitegen resolve --help')\n")
            return .inputError
        }
        let reader = ReplyReader(resolver: resolver, request: request)
        var status = 0
        do {
            while let part = try await reader.next() {
                switch part {
                case .head(let code, let headers):
                    status = code
                    console.out("\(code) \(HTTPResponseHead.reasonPhrase(code))\n")
                    for header in headers.map({ "\($0.key): \($0.value)" }).sorted() { console.out(header + "\n") }
                    if arguments.has("--body") { console.out("\n") }
                case .data(let data):
                    if arguments.has("--body") { console.outData(data) }
                }
            }
        } catch {
            console.err("error: \(error)\n")
            return .inputError
        }
        // A URL of another origin is a 404 however the path reads: say which origin the bundle has.
        if status == 404, let url = request.url, case .failure(let failure) = resolver.resolve(url) {
            switch failure {
            case .wrongScheme, .wrongHost:
                console.err(
                    "note: the bundle's origin is \(resolver.origin); '\(Manifest.printable(text))' is of another origin\n")
            default: break
            }
        }
        return status < 400 ? .success : .findings
    }
}

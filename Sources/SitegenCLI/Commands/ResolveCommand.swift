import Foundation
import SitegenBundle
import SitegenServe

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

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

    static func run(_ arguments: ParsedArguments, console: Console, environment: Environment) async -> ExitCode {
        let path = arguments.positionals[0]
        let directory =
            path.hasPrefix("/") ? URL(fileURLWithPath: path) : environment.workingDirectory.appendingPathComponent(path)
        let resolver: SchemeResolver
        do {
            resolver = try SchemeResolver(bundle: directory)
        } catch {
            console.err("\(path): error: \(error)\n")
            return .inputError
        }
        let text = arguments.positionals[1]
        let url: URL?
        if text.contains("://") {
            url = URL(string: text)
        } else {
            url = URL(string: resolver.origin.description + "/" + (text.hasPrefix("/") ? String(text.dropFirst()) : text))
        }
        guard let url else {
            console.err("error: '\(text)' is not a URL (see 'sitegen resolve --help')\n")
            return .inputError
        }
        var request = URLRequest(url: url)
        if let range = arguments.value("--range") { request.setValue("bytes=\(range)", forHTTPHeaderField: "Range") }
        var status = 0
        do {
            for try await reply in resolver.reply(for: request) {
                switch reply {
                case .response(let response):
                    status = response.statusCode
                    console.out("\(response.statusCode) \(HTTPResponseHead.reasonPhrase(response.statusCode))\n")
                    let headers = response.allHeaderFields.compactMap { key, value in
                        (key as? String).map { "\($0): \(value)" }
                    }
                    for header in headers.sorted() { console.out(header + "\n") }
                    if arguments.has("--body") { console.out("\n") }
                case .data(let data):
                    if arguments.has("--body") { console.outData(data) }
                }
            }
        } catch {
            console.err("error: \(error)\n")
            return .inputError
        }
        return status < 400 ? .success : .findings
    }
}

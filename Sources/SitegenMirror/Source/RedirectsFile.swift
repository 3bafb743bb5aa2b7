/// A `_redirects` file at the root of a folder source, in Netlify's format as far as a mirror can
/// follow it: `/from /to [status]` per line, the status 301, 302, 303, 307 or 308 (301 when left
/// out; a `!`, Netlify's force, changes nothing here), `#` comments and blank lines skipped. When
/// two lines redirect one path, the first applies, as on Netlify. Every other line is reported
/// (`problems`) and ignored: splats and placeholders (`/news/*`, `/:lang/`), query and condition
/// fields (`id=:id`, `Country=fr`), a rewrite or error status (200, 404), a source not a path.
struct RedirectsFile: Sendable {
    /// Where a line asks a path to go.
    struct Redirect: Sendable {
        var to: String
        var status: Int
    }

    /// A line that was ignored, and why.
    struct Problem: Sendable, Equatable {
        /// 1-based.
        var line: Int
        var reason: String
    }

    /// The redirects by source path, normalised as the URLs they are looked up by are (`Mirror.key`).
    private(set) var redirects: [String: Redirect] = [:]
    private(set) var problems: [Problem] = []

    static let statuses: Set<Int> = [301, 302, 303, 307, 308]

    init(parsing text: String) {
        var lineOfPath: [String: Int] = [:]
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let fields = line.split(whereSeparator: \.isWhitespace)
            guard let first = fields.first, !first.hasPrefix("#") else { continue }
            let number = index + 1
            func ignore(_ reason: String) { problems.append(Problem(line: number, reason: reason + "; the line is ignored")) }
            guard fields.count >= 2 else {
                ignore("'\(fields.joined(separator: " "))' is not '/from /to [status]'")
                continue
            }
            guard first.hasPrefix("/") else {
                ignore("'\(first)' is not a path from the site root (a redirect of a whole URL or host is not followed)")
                continue
            }
            if first.contains("*") || first.contains("/:") {
                ignore("splats and placeholders ('*', ':name') in '\(first)' are not followed")
                continue
            }
            // `id=:id`, `Country=us`: fields of their own; a target is a path or URL, which may hold
            // a `=` (`/a=b.html`, `/start.html?x=1`).
            if let condition = fields.dropFirst().first(where: {
                $0.contains("=") && !$0.hasPrefix("/") && !$0.contains("://")
            }) {
                ignore("query parameters and conditions ('\(condition)') are not followed")
                continue
            }
            guard fields.count <= 3 else {
                ignore("'\(fields[3])' after the status is not followed")
                continue
            }
            var status = 301
            if fields.count == 3 {
                let written = fields[2].hasSuffix("!") ? fields[2].dropLast() : fields[2]
                guard let number = Int(written) else {
                    ignore("'\(fields[2])' is not a status")
                    continue
                }
                guard Self.statuses.contains(number) else {
                    let kind = number == 200 ? " (a rewrite, which serves another file at the same URL)" : ""
                    ignore("status \(number)\(kind) is not a redirect (301, 302, 303, 307 or 308)")
                    continue
                }
                status = number
            }
            let from = String(
                decoding: URLNormalization.removingDotSegments(URLNormalization.percentNormalized(ArraySlice(first.utf8))),
                as: UTF8.self)
            if let earlier = lineOfPath[from] {
                ignore("'\(first)' is redirected by line \(earlier) already, which applies first")
                continue
            }
            lineOfPath[from] = number
            redirects[from] = Redirect(to: String(fields[1]), status: status)
        }
    }
}

/// The wording of the link findings that both the build's Markdown check and the crawl make, so
/// that `build` and `check` say the same of the same link.
package enum LinkFindingMessage {
    /// A link to another host (or a port or user) of the app's scheme. `meaning` is the URL a link
    /// without the scheme stands for in the app (`docs://cdn/x.js` for `//cdn/x.js`); nil when the
    /// link names it itself.
    package static func otherHost(_ link: String, meaning: String?) -> String {
        let means = meaning.map { "means '\($0)' in the app, with" } ?? "names"
        return
            "'\(link)' \(means) another host (or a port or user) of the app's scheme, which its resolver does not serve: link with https:// or put the file in the bundle"
    }

    /// A link that is no URL. `hasStrayPercent`: a `%` starts no escape (`100%.png`), which
    /// browsers take as it is, but the app's resolver, like the manifest's rules, refuses.
    package static func invalid(_ link: String, hasStrayPercent: Bool) -> String {
        guard hasStrayPercent else { return "cannot parse URL '\(link)'" }
        return
            "'\(link)' has a '%' that starts no escape (two hex digits), which the app's resolver refuses: write %25 for a percent sign"
    }

    /// A link to a path the app's resolver refuses whatever the bundle holds, for `reason`.
    package static func unservable(_ link: String, because reason: String) -> String {
        "'\(link)' cannot be served: \(reason), and the app's resolver refuses it"
    }

    /// A link `path` to a folder written in another letter case and without its slash (`docs` for
    /// `Docs/`), which `folder` (with its slash) is; `whole` is what it is missing from (`site`,
    /// `bundle`).
    package static func folderInOtherCase(_ path: String, folder: String, missingFrom whole: String) -> String {
        "no file '\(path)' in the \(whole), but the folder '\(folder)' exists (letter case matters on devices, and a "
            + "folder is served only with its slash)"
    }

    /// The other way round: a link to `path/`, a folder, where `file` is a file of another letter
    /// case (`Install.md/` for `install.md`). `written` is the link as written.
    package static func fileInOtherCase(_ path: String, file: String, missingFrom whole: String, written: String) -> String {
        "no folder '\(path)/' in the \(whole), but the file '\(file)' exists: link to it in that letter case, without "
            + trailingSlashes(of: written)
    }

    /// What ends the path of `written`, a link to a file as a folder, as the fix names it: `the
    /// trailing slash`, `the trailing slashes` (`install.md//`), or the text itself where an escape
    /// is part of it (`the trailing '%2F'`).
    package static func trailingSlashes(of written: String) -> String {
        var path = Substring(written)
        if let end = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<end] }
        var start = path.endIndex
        while start > path.startIndex {
            let before = path[..<start]
            if before.hasSuffix("/") {
                start = path.index(before: start)
            } else if before.utf8.count >= 3,
                before.utf8.suffix(3).elementsEqual("%2F".utf8) || before.utf8.suffix(3).elementsEqual("%2f".utf8)
            {
                start = path.index(start, offsetBy: -3)
            } else {
                break
            }
        }
        let trailing = path[start...]
        if trailing == "/" || trailing.isEmpty { return "the trailing slash" }
        if trailing.allSatisfy({ $0 == "/" }) { return "the trailing slashes" }
        return "the trailing '\(trailing)'"
    }
}

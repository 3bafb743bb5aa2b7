import Foundation
import Testing

/// `sitegen resolve` and `sitegen verify` on a built bundle, as `Site/reference/cli.md` documents.
@Suite(.serialized) struct BundleCommandsTests {
    private func built() throws -> SitegenRunner {
        let runner = try SitegenRunner()
        try runner.copyFixture("Sites/clean", to: "Site")
        try runner.copyFixture("Themes/minimal", to: "Templates")
        #expect(try runner.run(["build"]).status == 0)
        return runner
    }

    /// A bundle folder that is missing or a file is said so, as typed, before its manifest is looked for.
    @Test(arguments: [
        ["verify", "nowhere"], ["resolve", "nowhere", "docs://app/"], ["serve", "--bundle", "nowhere", "--port", "0"],
    ])
    func aMissingBundleFolderIsNamedAsTyped(arguments: [String]) throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        let run = try runner.run(arguments)
        #expect(run.status == 2)
        #expect(run.stderr == "nowhere: error: no such folder\n", "\(run.stderr)")
        try runner.write("x", to: "file")
        let file = try runner.run(arguments.map { $0 == "nowhere" ? "file" : $0 })
        #expect(file.stderr == "file: error: not a folder (a file)\n", "\(file.stderr)")
    }

    /// `verify` of a folder without a manifest says there is none to verify against.
    @Test func verifyOfAFolderWithoutAManifestSaysSo() throws {
        let runner = try SitegenRunner()
        defer { runner.cleanUp() }
        try runner.write("<p>hi</p>", to: "plain/index.html")
        let run = try runner.run(["verify", "plain"])
        #expect(run.status == 2)
        #expect(
            run.stderr == "plain/manifest.json: error: no manifest: not a sitegen bundle, or its manifest was removed "
                + "(sitegen build and sitegen mirror write one)\n", "\(run.stderr)")
    }

    @Test func resolveShowsWhatAnAppIsServed() throws {
        let runner = try built()
        defer { runner.cleanUp() }
        let page = try runner.run(["resolve", "dist", "help://book/guide/", "--body"])
        #expect(page.status == 0)
        #expect(page.stdout.hasPrefix("200 OK\n"))
        #expect(page.stdout.contains("Content-Type: text/html; charset=utf-8"))
        let body = try runner.read("dist/guide/index.html")
        #expect(page.stdout.hasSuffix("\n\n" + body))
        #expect(page.stdout.contains("Content-Length: \(body.utf8.count)"))

        let alias = try runner.run(["resolve", "dist", "guide/setup.html", "--body"])
        #expect(alias.stdout.hasPrefix("200 OK\n"))
        #expect(alias.stdout.hasSuffix(try runner.read("dist/guide/install.html")))

        let range = try runner.run(["resolve", "dist", "images/logo.svg", "--range", "0-3", "--body"])
        #expect(range.stdout.hasPrefix("206 Partial Content\n"))
        #expect(range.stdout.contains("Content-Range: bytes 0-3/"))
        #expect(range.stdout.hasSuffix("\n\n<svg"))

        for bad in ["abc", "5-2", "-", "1-2-3", "x-"] {
            let refused = try runner.run(["resolve", "dist", "images/logo.svg", "--range", bad])
            #expect(refused.status == 2 && refused.stderr.contains("is not a byte range"), "\(bad): \(refused.stderr)")
        }

        let missing = try runner.run(["resolve", "dist", "nope.html"])
        #expect(missing.status == 1)
        #expect(missing.stdout.hasPrefix("404 Not Found\n"))
        #expect(missing.stderr.isEmpty, "the bundle's own origin: no note")

        let otherOrigin = try runner.run(["resolve", "dist", "docs://app/guide/"])
        #expect(otherOrigin.status == 1 && otherOrigin.stdout.hasPrefix("404 Not Found\n"))
        #expect(otherOrigin.stderr == "note: the bundle's origin is help://book; 'docs://app/guide/' is of another origin\n")
        for url in ["help://book:80/guide/", "help://me@book/guide/", "help://book:99999999999999999999/guide/"] {
            let other = try runner.run(["resolve", "dist", url])
            #expect(other.status == 1 && other.stderr.hasPrefix("note: the bundle's origin is help://book;"), "\(url)")
        }
        // An empty port is no port, as WebKit reads it.
        #expect(try runner.run(["resolve", "dist", "help://book:/guide/"]).stdout.hasPrefix("200 OK\n"))
        // What a message quotes of the command line stays one line: no terminal escape, no line break.
        let forged = try runner.run(["resolve", "dist", "help://other/\u{1B}[31mred\nline\u{2028}x"])
        #expect(
            forged.stderr
                == "note: the bundle's origin is help://book; 'help://other/\\u{1B}[31mred\\nline\\u{2028}x' is of another origin\n"
        )
        let badRange = try runner.run(["resolve", "dist", "images/logo.svg", "--range", "0-1\n\u{1B}[2J"])
        #expect(badRange.stderr.hasPrefix("error: --range '0-1\\n\\u{1B}[2J' is not a byte range"), "\(badRange.stderr)")
        #expect(
            try runner.run(["resolve", "dist", "help://book:\u{1B}/"]).stderr.hasPrefix(
                "error: 'help://book:\\u{1B}/' is not a URL"))

        // An empty URL (an unset shell variable) is a mistake of the command line, not the root.
        for empty in ["", " "] {
            let run = try runner.run(["resolve", "dist", empty])
            #expect(run.status == 2)
            #expect(
                run.stderr.hasPrefix("error: the URL is empty: write a bundle path or a URL of its origin, help://book/"),
                "\(run.stderr)")
        }

        let escape = try runner.run(["resolve", "dist", "help://book/%2e%2e/%2e%2e/etc/passwd", "--body"])
        #expect(escape.stdout.hasPrefix("404 Not Found\n"))
        #expect(!escape.stdout.contains("root:"))
    }

    /// `verify` agrees with `resolve` on a folder moved aside and linked back: the files listed
    /// under the link are served and match; the moved folder's own files are not listed.
    @Test func verifyFollowsALinkToAFolderInsideTheBundle() throws {
        let runner = try built()
        defer { runner.cleanUp() }
        try FileManager.default.moveItem(at: runner.url("dist/guide"), to: runner.url("dist/guide_real"))
        try FileManager.default.createSymbolicLink(atPath: runner.url("dist/guide").path, withDestinationPath: "guide_real")
        let served = try runner.run(["resolve", "dist", "guide/install.html"])
        #expect(served.status == 0 && served.stdout.hasPrefix("200 OK\n"))
        let verified = try runner.run(["verify", "dist"])
        #expect(verified.status == 1)
        let lines = verified.stdout.split(separator: "\n")
        #expect(
            lines.dropLast().allSatisfy {
                $0.hasPrefix("dist/guide_real/") && $0.hasSuffix(": error: in the bundle but not in the manifest")
            }, "\(verified.stdout)")
        #expect(lines.contains("dist/guide_real/install.html: error: in the bundle but not in the manifest"))
    }

    /// A folder named with a line break is shown with it escaped: each line of the output is one
    /// finding, whatever the folder is called.
    @Test func verifyShowsAFolderNameOnOneLine() throws {
        let runner = try built()
        defer { runner.cleanUp() }
        try FileManager.default.moveItem(at: runner.url("dist"), to: runner.url("d\ne"))
        try runner.write("extra", to: "d\ne/extra.txt")
        let run = try runner.run(["verify", "d\ne"])
        #expect(run.status == 1)
        #expect(
            run.stdout == "d\\ne/extra.txt: error: in the bundle but not in the manifest\nd\\ne/: 1 problem\n", "\(run.stdout)")
    }

    /// A file renamed to the NFD spelling of its name looks the same missing and extra: the
    /// missing line says why.
    @Test func verifyNamesAnotherNormalizationOfAMissingFile() throws {
        let runner = try SitegenRunner.cleanSite()
        defer { runner.cleanUp() }
        try runner.write("c", to: "Site/caf\u{E9}.txt")
        #expect(try runner.run(["build"]).status == 0)
        try FileManager.default.moveItem(at: runner.url("dist/caf\u{E9}.txt"), to: runner.url("dist/cafe\u{301}.txt"))
        let run = try runner.run(["verify", "dist"])
        #expect(run.status == 1)
        #expect(
            run.stdout.contains(
                "dist/caf\u{E9}.txt: error: listed in the manifest but missing (the disk has it in another Unicode "
                    + "normalization: NFD on disk, NFC in the manifest; resolvers find files by their bytes)\n"), "\(run.stdout)")
        #expect(run.stdout.contains("dist/cafe\u{301}.txt: error: in the bundle but not in the manifest\n"))

        // A name's own backslash is doubled: `z\xFF.html` and a name with the byte 0xFF are two.
        try runner.write("x", to: "dist/z\\xFF.html")
        let named = try runner.run(["verify", "dist"])
        #expect(named.stdout.contains("dist/z\\\\xFF.html: error: in the bundle but not in the manifest\n"), "\(named.stdout)")
    }

    @Test func verifyFindsMissingExtraAndChangedFiles() throws {
        let runner = try built()
        defer { runner.cleanUp() }
        let clean = try runner.run(["verify", "dist"])
        #expect(clean.status == 0)
        #expect(clean.stdout == "dist/: bundle matches its manifest\n")

        try FileManager.default.removeItem(at: runner.url("dist/images/logo.svg"))
        try runner.write("extra", to: "dist/extra.txt")
        try runner.write(
            try runner.read("dist/index.html").replacingOccurrences(of: "Welcome", with: "Welcomf"), to: "dist/index.html")
        let broken = try runner.run(["verify", "dist"])
        #expect(broken.status == 1)
        #expect(broken.stdout.contains("dist/images/logo.svg: error: listed in the manifest but missing"))
        #expect(broken.stdout.contains("dist/extra.txt: error: in the bundle but not in the manifest"))
        #expect(
            broken.stdout.contains("dist/index.html: error: differs from the manifest: same size, other bytes: sha256 "),
            "\(broken.stdout)")

        // A link the resolver would not serve (out of the bundle) is named as such; one to a folder
        // inside is followed as the resolver follows it, so its files are extra.
        try FileManager.default.removeItem(at: runner.url("dist/extra.txt"))
        try FileManager.default.createSymbolicLink(atPath: runner.url("dist/passwd").path, withDestinationPath: "/etc/passwd")
        try FileManager.default.createSymbolicLink(atPath: runner.url("dist/assets-too").path, withDestinationPath: "assets")
        let linked = try runner.run(["verify", "dist"])
        #expect(linked.status == 1)
        #expect(
            linked.stdout.contains(
                "dist/passwd: error: a symbolic link out of the bundle (to /etc/passwd), which no resolver serves"),
            "\(linked.stdout)")
        #expect(
            linked.stdout.contains("dist/assets-too/style.css: error: in the bundle but not in the manifest"),
            "\(linked.stdout)")
        #expect(!linked.stdout.contains("dist/assets-too:"), "\(linked.stdout)")

        try FileManager.default.createSymbolicLink(atPath: runner.url("dist/images/all").path, withDestinationPath: "..")
        #expect(
            try runner.run(["verify", "dist"]).stdout.contains(
                "dist/images/all: error: a symbolic link to a folder that contains it (a loop): not followed\n"))

        try FileManager.default.removeItem(at: runner.url("dist/manifest.json"))
        let noManifest = try runner.run(["verify", "dist"])
        #expect(noManifest.status == 2)
        #expect(noManifest.stderr.hasPrefix("dist/manifest.json: error:"))
    }
}

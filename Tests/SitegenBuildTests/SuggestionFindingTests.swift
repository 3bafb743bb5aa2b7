import Foundation
import SitegenCore
import Testing

@testable import SitegenBuild

/// The "did you mean" of a build's findings: every near candidate or none, never a guess.
@Suite struct SuggestionFindingTests {
    private func messages(_ files: [String: String]) async throws -> [String] {
        let site = try TestSite(files)
        defer { site.remove() }
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        return outcome.diagnostics.map(\.message)
    }

    /// A page moved to another folder: the path meant is named from the site's folder, and, as the
    /// linking page must write it, relative to that page, its fragment kept.
    @Test func thePathMeantIsAlsoWrittenAsTheLinkMustWriteIt() async throws {
        let found = try await messages([
            "Site/index.md": "# Home\n\n[Formats](reference/formats.md)\n",
            "Site/guide/sharing.md": "# Sharing\n\n[Export](export.md#gpx)\n",
            "Site/guide/data/export.md": "# Export\n\n## GPX\n\n[Formats](../reference/formats.md) [Home](../../index.md)\n",
            "Site/reference/formats.md": "# Formats\n",
        ])
        #expect(
            found == [
                "no page 'guide/reference/formats.md' in the site (did you mean 'reference/formats.md', written "
                    + "'../../reference/formats.md'?)",
                "no page 'guide/export.md' in the site (did you mean 'guide/data/export.md', written 'data/export.md#gpx'?)",
            ])
    }

    /// Written as a Markdown link holds it: letters of any script as they are, a space encoded,
    /// so that pasting the hint into the page fixes the link (`caf%25C3%25A9.md` did not).
    @Test func theWrittenFormIsWhatTheLinkCanHold() async throws {
        let found = try await messages([
            "Site/index.md": "# Home\n\n[a](docs/cafe.md) [b](docs/my-pag.md) [d](docs/abcd-efgh.md)\n",
            "Site/docs/café.md": "# Café\n", "Site/docs/my page.md": "# Mine\n", "Site/docs/abcd\u{A0}efgh.md": "# NBSP\n",
            "Site/guide/index.md": "# Guide\n\n[c](../docs/ü/strase.md)\n", "Site/docs/ü/straße.md": "# Straße\n",
        ])
        #expect(
            found == [
                "no page 'docs/ü/strase.md' in the site (did you mean 'docs/ü/straße.md', written '../docs/ü/straße.md'?)",
                "no page 'docs/cafe.md' in the site (did you mean 'docs/café.md'?)",
                "no page 'docs/my-pag.md' in the site (did you mean 'docs/my page.md', written 'docs/my%20page.md'?)",
                "no page 'docs/abcd-efgh.md' in the site (did you mean 'docs/abcd\u{A0}efgh.md', written 'docs/abcd%C2%A0efgh.md'?)",
            ])
    }

    /// One `../` too many leaves the site: the link with one fewer is named when it finds a page,
    /// a folder's page or a file.
    @Test func oneLevelTooManyIsToldTheLinkWithOneFewer() async throws {
        let found = try await messages([
            "Site/index.md": "# Home\n\n[p](a/b/p.md)\n",
            "Site/a/index.md": "# A\n", "Site/c.md": "# C\n", "Site/logo.png": "png",
            "Site/a/b/p.md":
                "# P\n\n[x](../../../c.md#top) [y](../../../a/) [z](../../../logo.png) [n](../../../nope.md) [e](../../..//c.md)\n",
        ])
        #expect(
            found == [
                "'../../../c.md#top' leaves the site folder (did you mean '../../c.md#top'?)",
                "'../../../a/' leaves the site folder (did you mean '../../a/'?)",
                "'../../../logo.png' leaves the site folder (did you mean '../../logo.png'?)",
                "'../../../nope.md' leaves the site folder",
                "'../../..//c.md' leaves the site folder",
            ])
    }

    /// A changelog's `#v30` is no slip for `v10`, `v20` or `v31`; two headings as near are both named.
    @Test func fragmentTiesAreAllNamedAndOtherVersionsNone() async throws {
        let found = try await messages([
            "Site/index.md":
                "# Changes\n\n## v1.0\n\n## Version 2.0\n\n## v3.1\n\n## Install\n\n## Instill\n\n[a](#v30) [b](#v20) [c](#instull)\n"
        ])
        #expect(
            found == [
                "no heading 'v30' in index.md", "no heading 'v20' in index.md",
                "no heading 'instull' in index.md (did you mean 'install' or 'instill'?)",
            ])
    }

    /// Links as Hugo and MkDocs authors write them: the page named like the link, the image with its
    /// other extension.
    @Test func prettyURLsAndOtherExtensionsNameTheFile() async throws {
        let found = try await messages([
            "Site/index.md": "# Home\n\n[i](install) [j](install/) ![l](images/logo.png) ![d](images/diagram.jpg)\n",
            "Site/install.md": "# Install\n", "Site/images/logo.svg": "<svg/>", "Site/images/diagram.png": "png",
        ])
        #expect(
            found == [
                "no file 'install' in the site (did you mean 'install.md'?)",
                "no page 'install/index.md' in the site (did you mean 'install.md'?)",
                "no file 'images/logo.png' in the site (did you mean 'images/logo.svg'?)",
                "no file 'images/diagram.jpg' in the site (did you mean 'images/diagram.png'?)",
            ])
    }

    /// A nav entry that names no page names the page meant, as a link's finding does.
    @Test(arguments: [
        ("guide/Configure.md", "names no page of the site (did you mean 'guide/configure.md'?)"),
        ("guide/confgure.md", "names no page of the site (did you mean 'guide/configure.md'?)"),
        ("guide/configure.html", "must name a Markdown file inside the site: write 'guide/configure.md'"),
        ("guide/configure", "must name a Markdown file inside the site: write 'guide/configure.md'"),
        ("guide/other.html", "must name a Markdown file inside the site"),
        ("guide/other.md", "names no page of the site"),
    ])
    func navEntriesNameThePageMeant(entry: String, expected: String) async throws {
        let site = try TestSite([
            "Site/sitegen.yml": "nav:\n  - index.md\n  - \(entry)\n", "Site/index.md": "# H\n",
            "Site/guide/configure.md": "# Configure\n",
        ])
        defer { site.remove() }
        await site.expectInputError("Site/sitegen.yml:3:5: error: nav entry '\(entry)' \(expected)")
    }

    /// A folder means its page; a page that `ignore` leaves out is told so.
    @Test func aNavEntryForAFolderOrAnIgnoredPageSaysWhat() async throws {
        let site = try TestSite([
            "Site/sitegen.yml": "ignore: [old/*]\nnav:\n  - index.md\n  - guide/\n", "Site/index.md": "# H\n",
            "Site/guide/index.md": "# Guide\n", "Site/old/gps.md": "# GPS\n",
        ])
        defer { site.remove() }
        await site.expectInputError(
            "Site/sitegen.yml:4:5: error: nav entry 'guide' must name a Markdown file inside the site: write 'guide/index.md'")
        try site.write("ignore: [old/*]\nnav:\n  - index.md\n  - old/gps.md\n", to: "Site/sitegen.yml")
        await site.expectInputError(
            "Site/sitegen.yml:4:5: error: nav entry 'old/gps.md' names no page of the site: 'ignore' leaves it out ('old/*')")
    }

    /// `alias` for `aliases`, a slip too far in edits for so short a key, is named all the same.
    @Test func aSingularOrAStartOfAKeyIsNamed() async throws {
        let found = try await messages(["Site/index.md": "---\nalias: [old.html]\ndesc: x\n---\n# Home\n"])
        #expect(
            found == [
                "unknown front matter key 'alias' (did you mean 'aliases'?)",
                "unknown front matter key 'desc' (did you mean 'description'?)",
            ])
    }
}

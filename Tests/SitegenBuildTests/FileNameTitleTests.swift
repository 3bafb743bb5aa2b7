import Testing

@testable import SitegenBuild
@testable import SitegenCore

@Suite struct FileNameTitleTests {
    @Test(arguments: [
        ("getting-started.md", "Getting started"),
        ("API_keys.md", "API keys"),
        ("iOS-guides.md", "iOS guides"),
        ("a--b__c.md", "A b c"),
        ("01-intro.md", "01 intro"),
        ("guides/index.md", "Guides"),
        ("guides/first-steps/index.md", "First steps"),
        ("index.md", "Home"),
        ("-.md", "-"),
        ("été.md", "Été"),
    ])
    func titleFromFileName(path: String, title: String) {
        #expect(FileNameTitle.of(SitePath(unchecked: path)) == title)
    }

    /// A page without title or heading, and a folder without an index, are titled from their names
    /// in the page and in the sidebar.
    @Test func untitledPagesAndFoldersInTheSidebar() async throws {
        let site = try TestSite([
            "Site/index.md": "No heading at the top.\n",
            "Site/user-guide/install-steps.md": "Text only.\n",
            "Site/user-guide/first_run.md": "# Running it\n",
        ])
        defer { site.remove() }
        let outcome = try await site.build()
        defer { outcome.staged.discard() }
        let install = try site.staged(outcome, "user-guide/install-steps.html")
        #expect(install.contains("<title>Install steps · "), "\(install)")
        #expect(install.contains(">User guide<"), "folder section: \(install)")
        #expect(try site.staged(outcome, "index.html").contains("<title>Home · "))
        #expect(try site.staged(outcome, "user-guide/first_run.html").contains("<title>Running it · "))
    }
}

import SitegenCore
import Testing

@testable import SitegenBuild

/// The scan behind a broken link's suggestions finds what an index by folder, name and case would.
@Suite struct CandidatePathsTests {
    let candidates = CandidatePaths(paths: [
        "guide/Install.md", "guide/usage.md", "guide/install.html", "ref/install.md", "Über/Straße.md", "index.md",
        "guide/a/b.md",
    ])

    @Test func sameIgnoringCaseFindsTheFirstInSortedOrder() {
        #expect(candidates.sameIgnoringCase(as: "guide/install.md") == "guide/Install.md")
        #expect(candidates.sameIgnoringCase(as: "GUIDE/INSTALL.HTML") == "guide/install.html")
        #expect(candidates.sameIgnoringCase(as: "über/straße.md") == "Über/Straße.md")
        #expect(candidates.sameIgnoringCase(as: "guide/instal.md") == nil)
        #expect(candidates.sameIgnoringCase(as: "guide-install.md") == nil)
    }

    @Test func nearbyListsTheFolderThenTheSameNameElsewhere() {
        #expect(
            candidates.nearby("guide/instal.md")
                == ["guide/Install.md", "guide/install.html", "guide/usage.md"])
        #expect(
            candidates.nearby("other/install.md")
                == ["guide/Install.md", "ref/install.md"])
        #expect(candidates.nearby("install.md") == ["index.md", "guide/Install.md", "ref/install.md"])
        #expect(candidates.nearby("über/STRASSE.md").isEmpty)
        #expect(candidates.nearby("Über/straße.md") == ["Über/Straße.md", "Über/Straße.md"])
    }
}

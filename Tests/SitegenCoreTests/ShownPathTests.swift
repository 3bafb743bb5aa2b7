import SitegenCore
import Testing

/// The folder above a shown folder, shown the same way: what the config-beside-the-site note and
/// the leftover-bundle note name.
@Suite struct ShownPathTests {
    @Test(arguments: [
        ("docs/", ""), ("docs", ""), ("a/b/", "a/"), ("/x/docs/", "/x/"), (".", "../"), ("./", "../"), ("", "../"),
        ("..", "../../"), ("a/..", "a/../../"),
    ])
    func theFolderAbove(shown: String, above: String) {
        #expect(ShownPath.folder(above: shown) == above)
    }
}

import SitegenBundleCore
import SitegenCore
import SitegenMarkdown
import Testing

@testable import SitegenBuild

@Suite struct MimeTypeConfigTests {
    private func decode(_ yaml: String) throws(InputError) -> SiteConfig {
        try SiteConfig.decode(try YAML.parse(yaml, path: "Site/sitegen.yml"), path: "Site/sitegen.yml").0
    }

    @Test func plainTypesAreKept() throws {
        let config = try decode("mime_types:\n  foo: text/x-foo\n  .BAR: application/vnd.example+json\n")
        #expect(config.mimeTypes == ["foo": "text/x-foo", "bar": "application/vnd.example+json"])
    }

    /// `less`, `LESS` and `.less` are one extension: a second spelling is an error at its key, not a
    /// silent winner.
    @Test func anExtensionTwiceInAnyCaseIsRefusedAtTheSecond() {
        do throws(InputError) {
            _ = try decode("mime_types:\n  less: text/css\n  .LESS: text/plain\n")
            Issue.record("expected an input error")
        } catch {
            #expect(
                error.description
                    == "Site/sitegen.yml:3:3: error: mime_types: '.LESS' is the extension 'less' again (line 2); extensions "
                    + "count in any letter case, with or without a dot")
        }
    }

    /// The manifest's `mimeType` is a type without parameters: anything else is refused at the value.
    @Test(arguments: [
        ("  foo: \"text/x-foo; charset=latin1\"\n", "2:8", "has parameters"),
        ("  foo: text\n", "2:8", "is not a MIME type"),
        ("  foo: text/\n", "2:8", "is not a MIME type"),
        ("  foo: /plain\n", "2:8", "is not a MIME type"),
        ("  foo: text/plain/x\n", "2:8", "is not a MIME type"),
        ("  foo: \"text/pl ain\"\n", "2:8", "is not a MIME type"),
        ("  foo: \"text/x\\tfoo\"\n", "2:8", "control character"),
        ("  foo: \"text/x-foo\\n\"\n", "2:8", "control character"),
    ])
    func refusedValues(entry: String, place: String, reason: String) throws {
        do throws(InputError) {
            _ = try decode("mime_types:\n" + entry)
            Issue.record("expected an input error")
        } catch {
            #expect(error.description.hasPrefix("Site/sitegen.yml:\(place): error: mime_types.foo:"), "\(error)")
            #expect(error.description.contains(reason), "\(error)")
            #expect(!error.description.contains("\n"))
        }
    }

    /// A type is looked up by the last extension of a file's name, so a key with a dot and no slash,
    /// or an empty one, would never match: an error at the key.
    @Test(arguments: [
        (
            "  \"tar.gz\": application/x-tgz\n",
            "2:3: error: mime_types: 'tar.gz' matches no file: a key is an extension without dots, e.g. 'gz' "
                + "(a.tar.gz is a .gz file), or a file's path in the bundle, e.g. 'downloads/data.bin' or '/tar.gz' "
                + "for one at the top"
        ),
        ("  .tar.gz: application/x-tgz\n", "2:3: error: mime_types: '.tar.gz' matches no file: a key is"),
        ("  \"\": text/plain\n", "2:3: error: mime_types: an empty key matches no file: a key is an extension without dots"),
        ("  .: text/plain\n", "2:3: error: mime_types: '.' matches no file: a key is an extension"),
        ("  ~: text/plain\n", "2:3: error: mime_types: a key is an extension without dots, e.g. 'gz'"),
        ("  ? [gz]\n  : text/plain\n", "2:5: error: mime_types: a key is an extension without dots, e.g. 'gz'"),
    ])
    func keysThatMatchNoFileAreRefused(entry: String, expected: String) {
        do throws(InputError) {
            _ = try decode("mime_types:\n" + entry)
            Issue.record("expected an input error")
        } catch {
            #expect(error.description.hasPrefix("Site/sitegen.yml:" + expected), "\(error)")
        }
    }

    /// A key with a slash is one file's path in the bundle, as sitegen has always read it.
    @Test func aKeyWithASlashIsOneFilesPath() throws {
        let config = try decode("mime_types:\n  downloads/Data.bin: application/x-foo\n  ./a//b.c: text/x-c\n")
        #expect(config.mimeTypes == ["downloads/Data.bin": "application/x-foo", "a/b.c": "text/x-c"])
        #expect(MIMEType.forPath("downloads/Data.bin", overrides: config.mimeTypes) == "application/x-foo")
        #expect(
            config.mimeTypePaths.mapValues(\.description) == [
                "downloads/Data.bin": "Site/sitegen.yml:2:3", "a/b.c": "Site/sitegen.yml:3:3",
            ])
    }

    /// One file named twice (in two spellings) would silently take the second type; a page named by
    /// its path keeps text/html, as `html:` does.
    @Test(arguments: [
        (
            "  /img.png: image/x-a\n  ./img.png: image/x-b\n",
            "3:3: error: mime_types: './img.png' is the file 'img.png' again (line 2)"
        ),
        ("  d/x.bin: a/b\n  d/./x.bin: a/c\n", "3:3: error: mime_types: 'd/./x.bin' is the file 'd/x.bin' again (line 2)"),
        (
            "  ./index.html: text/css\n",
            "2:17: error: mime_types../index.html: pages must be served as text/html; as 'text/css' the app would not show"
        ),
        ("  guide/A.HTM: text/plain\n", "2:16: error: mime_types.guide/A.HTM: pages must be served as text/html"),
    ])
    func aFileNamedTwiceOrAPageRetypedIsRefused(entries: String, expected: String) {
        do throws(InputError) {
            _ = try decode("mime_types:\n" + entries)
            Issue.record("expected an input error")
        } catch {
            #expect(error.description.hasPrefix("Site/sitegen.yml:" + expected), "\(error)")
        }
    }

    /// A path that leaves the bundle or names a folder is no file's.
    @Test(arguments: ["../x.bin", "/", "a/", "./"])
    func aPathKeyOutsideTheBundleIsRefused(key: String) {
        do throws(InputError) {
            _ = try decode("mime_types:\n  \"\(key)\": text/plain\n")
            Issue.record("expected an input error")
        } catch {
            #expect(
                error.description
                    == "Site/sitegen.yml:2:3: error: mime_types: '\(key)' is not the path of a file inside the bundle")
        }
    }

    /// Pages are `.html` files (copied ones may be `.htm`): served as anything but text/html, the app
    /// would show their source or nothing.
    @Test(arguments: [
        ("  html: text/plain\n", "2:9: error: mime_types.html: pages must be served as text/html; as 'text/plain'"),
        ("  .HTM: application/xhtml+xml\n", "2:9: error: mime_types.htm: pages must be served as text/html;"),
    ])
    func pagesStayHTML(entry: String, expected: String) {
        do throws(InputError) {
            _ = try decode("mime_types:\n" + entry)
            Issue.record("expected an input error")
        } catch {
            #expect(error.description.hasPrefix("Site/sitegen.yml:" + expected), "\(error)")
        }
    }

    @Test func htmlAsTextHTMLIsKept() throws {
        #expect(
            try decode("mime_types:\n  html: Text/HTML\n  htm: text/html\n").mimeTypes == [
                "html": "Text/HTML", "htm": "text/html",
            ])
    }
}

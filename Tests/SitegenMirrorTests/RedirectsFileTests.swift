import Foundation
import Testing

@testable import SitegenMirror

/// A folder's `_redirects`: what a mirror follows, and each line it cannot, by number.
@Suite struct RedirectsFileTests {
    @Test func redirectsAreFollowedAndEveryOtherLineIsReported() {
        let file = RedirectsFile(
            parsing: """
                # comment

                /old /new
                /moved /there 302!
                /%61/./b /ab 308
                bad
                /news/* /blog/:splat 301
                /:lang/start /start 301
                /store id=:id /shop 301
                /fr /fr/ 302 Country=fr
                /x /y 200
                /z /w 404
                /q /r soon
                https://example.com/* /mirror 301
                /old /newer 301
                /t /u 301 extra\r
                /last /end
                /j /start.html?x=1
                /n /a=b.html 301
                """)
        #expect(
            file.redirects.mapValues { "\($0.to) \($0.status)" } == [
                "/old": "/new 301", "/moved": "/there 302", "/a/b": "/ab 308", "/last": "/end 301",
                "/j": "/start.html?x=1 301", "/n": "/a=b.html 301",
            ])
        #expect(
            file.problems.map { "\($0.line): \($0.reason)" } == [
                "6: 'bad' is not '/from /to [status]'; the line is ignored",
                "7: splats and placeholders ('*', ':name') in '/news/*' are not followed; the line is ignored",
                "8: splats and placeholders ('*', ':name') in '/:lang/start' are not followed; the line is ignored",
                "9: query parameters and conditions ('id=:id') are not followed; the line is ignored",
                "10: query parameters and conditions ('Country=fr') are not followed; the line is ignored",
                "11: status 200 (a rewrite, which serves another file at the same URL) is not a redirect (301, 302, 303, 307 or 308); the line is ignored",
                "12: status 404 is not a redirect (301, 302, 303, 307 or 308); the line is ignored",
                "13: 'soon' is not a status; the line is ignored",
                "14: 'https://example.com/*' is not a path from the site root (a redirect of a whole URL or host is not followed); the line is ignored",
                "15: '/old' is redirected by line 3 already, which applies first; the line is ignored",
                "16: 'extra' after the status is not followed; the line is ignored",
            ])
    }

    /// The warnings are the mirror's findings, at `_redirects:LINE` in the folder as given.
    @Test func theMirrorReportsThemAtTheirLines() async throws {
        let folder = try MirrorFindingsTests.site([
            "_redirects": "/old /index.html\n/docs/* /guide/:splat\n", "index.html": #"<a href="/old">o</a>"#,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = MirrorOptions()
        options.sourceDisplay = "site/"
        let result = try await Mirror(source: FolderSource(folder: folder), options: options).run()
        #expect(
            result.diagnostics.map(\.description) == [
                "site/_redirects:2: warning: splats and placeholders ('*', ':name') in '/docs/*' are not followed; the line "
                    + "is ignored [mirror-redirects]"
            ])
        #expect(String(decoding: try #require(result.files["index.html"]), as: UTF8.self) == #"<a href="index.html">o</a>"#)
    }
}

import Foundation

extension HTMLFaultCorpus {
    /// A file of the tree.
    struct File {
        var path: String
        var contents: Data
    }

    static let figureCount = 10

    /// Style sheets, scripts, fonts and images every page refers to; all present, so they add no finding.
    static func assets() -> [File] {
        func text(_ path: String, _ body: String) -> File { File(path: path, contents: Data(body.utf8)) }
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var files = [
            text(
                "assets/css/site.css",
                """
                @import url("base.css");
                @import "print.css" print;
                body { margin: 0; font: 16px/1.5 system-ui, sans-serif; }
                .hero { background: url(../img/bg.png) no-repeat; }
                .logo { background-image: url('../img/favicon.png'); }

                """),
            text(
                "assets/css/base.css",
                """
                @font-face { font-family: Body; src: url(../fonts/body.woff2) format("woff2"); }
                :root { --accent: #0a5; }

                """),
            text("assets/css/print.css", "nav, footer { display: none; }\n"),
            text("assets/js/app.js", "document.documentElement.classList.add('js');\n"),
            File(path: "assets/fonts/body.woff2", contents: Data("wOF2".utf8)),
            File(path: "assets/media/clip.mp4", contents: Data(count: 64)),
        ]
        for name in ["bg", "hero", "favicon", "poster"] {
            files.append(File(path: "assets/img/\(name).png", contents: png))
        }
        for figure in 0..<figureCount {
            files.append(File(path: "assets/img/fig-\(figure).png", contents: png))
            files.append(File(path: "assets/img/fig-\(figure)@2x.png", contents: png))
        }
        return files
    }
}

// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "sitegen",
    products: [
        .library(name: "SitegenBundle", type: .static, targets: ["SitegenBundle"]),
        .executable(name: "sitegen", targets: ["sitegen"]),
    ],
    targets: [
        // C libraries: each behind one system-library shim.
        .systemLibrary(
            name: "CCmark", pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"])]),
        .systemLibrary(
            name: "CYaml", pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]),
        .systemLibrary(
            name: "CLibXML2", pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]),
        // The only code that includes libxml2: Swift never sees its headers (ICU clash with Foundation).
        .target(name: "CHTMLScan", dependencies: ["CLibXML2"]),
        // SHA-256 on the CPU's SHA instructions, for what a build writes (the bundle keeps its Swift one).
        .target(name: "CSHA256"),
        // A per-thread bump allocator for cmark: a page's nodes and buffers are freed all at once.
        .target(name: "CCmarkArena", dependencies: ["CCmark"]),
        // glibc heap growth in large steps, for the one-shot commands of the executable.
        .target(name: "CHeapTuning"),

        // The embeddable leaf: Foundation only. The core is what the executable links; SitegenBundle
        // adds the URLRequest-shaped reply and the WebKit adapters, which on Linux need
        // FoundationNetworking and so libcurl, whose thirty libraries would load at every start.
        .target(name: "SitegenBundleCore"),
        .target(name: "SitegenBundle", dependencies: ["SitegenBundleCore"]),
        .target(name: "SitegenCore"),
        .target(name: "SitegenMarkdown", dependencies: ["SitegenCore", "CCmark", "CCmarkArena", "CYaml"]),
        .target(name: "SitegenTemplates", dependencies: ["SitegenCore"]),
        .target(name: "SitegenLinks", dependencies: ["SitegenCore", "SitegenBundleCore", "CHTMLScan"]),
        .target(
            name: "SitegenBuild",
            dependencies: ["SitegenCore", "SitegenMarkdown", "SitegenTemplates", "SitegenBundleCore", "CSHA256"]),
        .target(
            name: "SitegenCLI",
            dependencies: [
                "SitegenCore", "SitegenMarkdown", "SitegenTemplates", "SitegenBundleCore", "SitegenLinks",
                "SitegenBuild", "SitegenServe", "SitegenMirror",
            ]),
        .target(name: "SitegenServe", dependencies: ["SitegenCore", "SitegenBundleCore"]),
        .target(name: "SitegenMirror", dependencies: ["SitegenCore", "SitegenBundleCore", "SitegenLinks"]),
        // Deterministic synthetic sites (Markdown corpora, HTML trees with known faults) for tests and benchmarks.
        .target(name: "SitegenCorpus", dependencies: ["SitegenCore"]),
        .executableTarget(name: "sitegen", dependencies: ["SitegenCLI", "CHeapTuning"]),
        .executableTarget(name: "sitegen-corpus", dependencies: ["SitegenCorpus"]),

        .testTarget(name: "SitegenBundleTests", dependencies: ["SitegenBundle", "SitegenBundleCore"]),
        .testTarget(name: "SitegenCoreTests", dependencies: ["SitegenCore"]),
        .testTarget(name: "SitegenMarkdownTests", dependencies: ["SitegenMarkdown"]),
        .testTarget(name: "SitegenTemplatesTests", dependencies: ["SitegenTemplates"]),
        .testTarget(name: "SitegenLinksTests", dependencies: ["SitegenLinks", "SitegenBundle", "SitegenCorpus"]),
        .testTarget(name: "SitegenBuildTests", dependencies: ["SitegenBuild", "SitegenBundle"]),
        .testTarget(name: "SitegenCLITests", dependencies: ["SitegenCLI", "SitegenCorpus"]),
        .testTarget(name: "SitegenServeTests", dependencies: ["SitegenServe", "SitegenBundle"]),
        .testTarget(name: "SitegenMirrorTests", dependencies: ["SitegenMirror", "SitegenBundle", "SitegenLinks"]),
        .testTarget(name: "SitegenCorpusTests", dependencies: ["SitegenCorpus"]),
    ]
)

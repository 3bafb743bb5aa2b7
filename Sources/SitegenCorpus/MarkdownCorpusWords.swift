extension MarkdownCorpus {
    /// The vocabulary of the generated prose: plain ASCII words, so heading slugs are predictable.
    enum Words {
        static let sections = [
            "getting-started", "guides", "concepts", "reference", "tutorials", "operations", "security",
            "integrations", "troubleshooting", "releases",
        ]
        static let nouns = [
            "cache", "bundle", "manifest", "resolver", "template", "page", "section", "asset", "request",
            "response", "session", "token", "index", "schema", "config", "plugin", "queue", "worker",
            "router", "scheme", "origin", "fragment", "anchor", "layout", "theme", "sidebar", "archive",
            "snapshot", "checksum", "policy", "channel", "handler", "stream", "buffer", "record", "entry",
            "module", "package", "target", "script", "release", "build", "server", "client", "profile",
            "account", "webhook", "gateway", "network", "storage", "volume", "cluster", "node", "metric",
        ]
        static let verbs = [
            "configure", "install", "build", "deploy", "verify", "resolve", "render", "cache", "index",
            "migrate", "rotate", "inspect", "debug", "publish", "mirror", "bundle", "serve", "monitor",
            "upgrade", "restore", "validate", "embed", "export", "import", "schedule", "filter",
        ]
        static let adjectives = [
            "offline", "incremental", "secure", "custom", "default", "shared", "local", "remote", "nested",
            "static", "dynamic", "stable", "optional", "required", "parallel", "cached", "signed", "minimal",
            "advanced", "basic", "internal", "public", "legacy", "modern", "fast", "small",
        ]
        static let fillers = [
            "the", "a", "each", "every", "this", "that", "your", "its", "when", "before", "after", "with",
            "without", "into", "from", "for", "and", "or", "so", "then", "only", "also", "never", "always",
            "which", "while", "because", "until", "once", "again",
        ]
        static let languages = ["swift", "bash", "json", "yaml", "python", "javascript"]
    }
}

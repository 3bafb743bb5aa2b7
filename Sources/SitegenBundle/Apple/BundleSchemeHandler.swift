#if canImport(WebKit)
    import Foundation
    import WebKit

    /// Serves a bundle to a `WKWebView` (iOS 11+, macOS 10.13+) through `SchemeResolver`.
    ///
    /// Register it with `configuration.setURLSchemeHandler(handler, forURLScheme: "docs")`. A task
    /// that WebKit stops is never called again; a missing file is a 404 response, never a failure.
    @MainActor
    public final class BundleSchemeHandler: NSObject, WKURLSchemeHandler {
        /// The resolver answering every request.
        public let resolver: SchemeResolver
        private var running: [ObjectIdentifier: Task<Void, Never>] = [:]

        /// A handler over `resolver`.
        public init(resolver: SchemeResolver) {
            self.resolver = resolver
        }

        public func webView(_ webView: WKWebView, start urlSchemeTask: any WKURLSchemeTask) {
            let id = ObjectIdentifier(urlSchemeTask)
            let replies = resolver.reply(for: urlSchemeTask.request)
            running[id] = Task { [weak self] in
                do {
                    for try await reply in replies {
                        guard let self, self.running[id] != nil else { return }
                        switch reply {
                        case .response(let response): urlSchemeTask.didReceive(response)
                        case .data(let data): urlSchemeTask.didReceive(data)
                        }
                    }
                    guard let self, self.running.removeValue(forKey: id) != nil else { return }
                    urlSchemeTask.didFinish()
                } catch {
                    guard let self, self.running.removeValue(forKey: id) != nil else { return }
                    urlSchemeTask.didFailWithError(error)
                }
            }
        }

        public func webView(_ webView: WKWebView, stop urlSchemeTask: any WKURLSchemeTask) {
            running.removeValue(forKey: ObjectIdentifier(urlSchemeTask))?.cancel()
        }
    }
#endif

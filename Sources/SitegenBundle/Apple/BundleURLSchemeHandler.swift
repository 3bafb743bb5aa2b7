#if canImport(WebKit) && compiler(>=6.2)
    import Foundation
    import WebKit

    /// Serves a bundle to a SwiftUI `WebPage` (iOS 26+, macOS 26+) through `SchemeResolver`:
    /// `configuration.urlSchemeHandlers[URLScheme("docs")!] = BundleURLSchemeHandler(resolver: resolver)`.
    @available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
    public struct BundleURLSchemeHandler: URLSchemeHandler {
        /// The resolver answering every request.
        public let resolver: SchemeResolver

        /// A handler over `resolver`.
        public init(resolver: SchemeResolver) {
            self.resolver = resolver
        }

        public func reply(for request: URLRequest) -> some AsyncSequence<URLSchemeTaskResult, any Error> {
            resolver.reply(for: request).map { reply in
                switch reply {
                case .response(let response): URLSchemeTaskResult.response(response)
                case .data(let data): URLSchemeTaskResult.data(data)
                }
            }
        }
    }
#endif

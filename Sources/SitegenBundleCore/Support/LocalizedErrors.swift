import Foundation

// An app shows `localizedDescription`, which is Foundation's "The operation could not be
// completed" for an error that is not a `LocalizedError`: each gives its one-line message.

extension ManifestError: LocalizedError {
    public var errorDescription: String? { description }
}

extension ResolutionFailure: LocalizedError {
    public var errorDescription: String? { description }
}

extension ReplyError: LocalizedError {
    public var errorDescription: String? { description }
}

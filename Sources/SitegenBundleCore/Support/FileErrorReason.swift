import Foundation

extension Error {
    /// What went wrong with a file, in words: the system's reason (`is a directory`, `permission
    /// denied`) where Foundation on Linux says only "The operation could not be completed.
    /// (NSCocoaErrorDomain error 256.)".
    public var fileErrorReason: String {
        let error = self as NSError
        // On Linux the underlying error can be a Swift `POSIXError`, which `as? NSError` does not match.
        let underlying = (error.userInfo[NSUnderlyingErrorKey] as? any Error).map { $0 as NSError }
        let posix = error.domain == NSPOSIXErrorDomain ? error : underlying.flatMap { $0.domain == NSPOSIXErrorDomain ? $0 : nil }
        guard let posix, let reason = strerror(Int32(truncatingIfNeeded: posix.code)) else { return error.localizedDescription }
        let text = String(cString: reason)
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}

import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One element of a scheme reply: first exactly one `.response`, then zero or more `.data` chunks.
public enum SchemeReply: Sendable {
    /// The response with status and headers; always an `HTTPURLResponse`.
    case response(HTTPURLResponse)
    /// A chunk of the body (at most 64 KiB).
    case data(Data)
}

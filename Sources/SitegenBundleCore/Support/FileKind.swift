#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a directory entry is, as `stat(2)` tells it: messages say what stands where a regular
/// file was expected.
public enum FileKind: Sendable, Equatable, CustomStringConvertible {
    case regularFile, folder, namedPipe, socket, device, symbolicLink, other

    /// The kind of the `st_mode` of a `stat`.
    init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regularFile
        case S_IFDIR: self = .folder
        case S_IFIFO: self = .namedPipe
        case S_IFSOCK: self = .socket
        case S_IFCHR, S_IFBLK: self = .device
        case S_IFLNK: self = .symbolicLink
        default: self = .other
        }
    }

    /// `a folder`, `a named pipe`, `a device`.
    public var description: String {
        switch self {
        case .regularFile: "a regular file"
        case .folder: "a folder"
        case .namedPipe: "a named pipe"
        case .socket: "a socket"
        case .device: "a device"
        case .symbolicLink: "a symbolic link"
        case .other: "neither a file nor a folder"
        }
    }
}

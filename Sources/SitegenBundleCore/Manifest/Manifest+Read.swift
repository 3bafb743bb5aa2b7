import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Manifest {
    /// Reads `manifest.json` from a bundle directory and decodes it. A manifest that is not a
    /// regular file (a named pipe, a link to a device) is refused as such, without reading it: a
    /// pipe would block, `/dev/zero` never ends.
    public static func read(bundle: URL) throws(ManifestError) -> Manifest {
        try decode(readBytes(bundle: bundle))
    }

    /// The bytes of a bundle's `manifest.json`, refused as `read(bundle:)` refuses them when it is
    /// not a regular file.
    public static func readBytes(bundle: URL) throws(ManifestError) -> Data {
        try readRegularFile(bundle.appendingPathComponent(fileName).path)
    }
}

/// The bytes of the regular file at `path` (links followed). Outside `Manifest`, whose `read` would
/// hide `read(2)`.
private func readRegularFile(_ path: String) throws(ManifestError) -> Data {
    // Named, for an app that shows only the message; the CLI shows it at the manifest's path too.
    func failure(_ code: Int32) -> ManifestError {
        ManifestError("cannot read \(Manifest.fileName) (\(BundleTree.reason(code)))")
    }
    func refusal(_ info: stat) -> ManifestError? {
        switch FileKind(mode: info.st_mode) {
        case .regularFile: nil
        // As `read(2)` says it.
        case .folder: failure(EISDIR)
        case let kind: ManifestError("\(Manifest.fileName) is not a regular file (\(kind))")
        }
    }
    var info = stat()
    guard stat(path, &info) == 0 else { throw failure(errno) }
    if let refusal = refusal(info) { throw refusal }
    // Non-blocking, and checked again once open: a pipe put in its place meanwhile must not block the open.
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { throw failure(errno) }
    defer { close(descriptor) }
    guard fstat(descriptor, &info) == 0 else { throw failure(errno) }
    if let refusal = refusal(info) { throw refusal }
    // One byte more than its size: the read that finds the end needs room.
    var data = Data(count: Int(info.st_size) + 1)
    var size = 0
    while true {
        if size == data.count { data.count += max(4096, data.count / 2) }
        let count = data.withUnsafeMutableBytes { buffer in
            read(descriptor, buffer.baseAddress! + size, buffer.count - size)
        }
        if count < 0, errno == EINTR { continue }
        guard count >= 0 else { throw failure(errno) }
        if count == 0 { break }
        size += count
    }
    data.count = size
    return data
}

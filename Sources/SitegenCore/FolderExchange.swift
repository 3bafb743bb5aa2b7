#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Swaps two paths in one step, so that a reader sees either folder under each name and never
/// neither: Linux's `renameat2(…, RENAME_EXCHANGE)`. glibc has the function since 2.28, but Swift's
/// Glibc module does not import it, so it is looked up in the C library when first needed.
public enum FolderExchange {
    /// `renameat2(2)`'s signature.
    private typealias Renameat2 =
        @convention(c) (
            Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32
        ) -> Int32

    private static let renameat2: Renameat2? = {
        #if os(Linux)
            // A null handle is RTLD_DEFAULT: the libraries the program is linked with.
            guard let symbol = dlsym(nil, "renameat2") else { return nil }
            return unsafeBitCast(symbol, to: Renameat2.self)
        #else
            return nil
        #endif
    }()

    /// `RENAME_EXCHANGE` from `<linux/fs.h>`.
    private static let exchangeFlag: UInt32 = 1 << 1

    /// Exchanges `first` and `second`, which must both exist. `false` when the system or the file
    /// system cannot (an old kernel, some network file systems: `errno` is then `ENOSYS`, `EINVAL`
    /// or the like), and the caller renames in two steps, or when the exchange itself fails.
    public static func exchange(_ first: String, _ second: String) -> Bool {
        guard let renameat2 else {
            errno = ENOSYS
            return false
        }
        return renameat2(AT_FDCWD, first, AT_FDCWD, second, exchangeFlag) == 0
    }
}

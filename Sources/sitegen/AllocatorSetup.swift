import CMimalloc
import Foundation

/// How mimalloc (the executable's allocator, in place of glibc's) is set up for a command.
///
/// The one-shot commands (`build`, `check`, `verify`, ...) allocate fast on both cores and exit:
/// their heaps take whole 2 MB pages (transparent huge pages, which mimalloc asks for only when told),
/// commit every segment as it is made, and give nothing back to the system before the process ends.
/// `serve` keeps running and keeps mimalloc's defaults, which return memory. A `MIMALLOC_*` variable
/// in the environment wins over what is set here. (mimalloc's `MIMALLOC_VERBOSE` listing of its
/// options is printed as it starts, before this runs, so it shows its defaults.)
enum AllocatorSetup {
    static func configure(forCommand command: String?) {
        guard command != "serve" else { return }
        let options = [
            (mi_option_large_os_pages, 1, "MIMALLOC_LARGE_OS_PAGES"),
            (mi_option_eager_commit_delay, 0, "MIMALLOC_EAGER_COMMIT_DELAY"),
            (mi_option_allow_decommit, 0, "MIMALLOC_ALLOW_DECOMMIT"),
        ]
        for (option, value, variable) in options where !isSet(variable) { mi_option_set(option, value) }
    }

    /// Whether the environment names `variable` in any letter case (`mimalloc_verbose`), as mimalloc
    /// reads its variables. Read from `environ`: Foundation's dictionary of the environment cost
    /// up to a millisecond at the start of every command.
    private static func isSet(_ variable: String) -> Bool {
        let start: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
        guard var entry = start else { return false }
        let count = variable.utf8.count
        while let text = entry.pointee {
            if strncasecmp(text, variable, count) == 0, text[count] == CChar(UInt8(ascii: "=")) { return true }
            entry += 1
        }
        return false
    }
}

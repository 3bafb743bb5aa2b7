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
        set(mi_option_large_os_pages, to: 1, unlessSetBy: "MIMALLOC_LARGE_OS_PAGES")
        set(mi_option_eager_commit_delay, to: 0, unlessSetBy: "MIMALLOC_EAGER_COMMIT_DELAY")
        set(mi_option_allow_decommit, to: 0, unlessSetBy: "MIMALLOC_ALLOW_DECOMMIT")
    }

    /// mimalloc reads its variables in any letter case (`mimalloc_verbose`), and so does this.
    private static func set(_ option: mi_option_t, to value: Int, unlessSetBy variable: String) {
        let isSet = ProcessInfo.processInfo.environment.keys.contains { $0.uppercased() == variable }
        if !isSet { mi_option_set(option, value) }
    }
}

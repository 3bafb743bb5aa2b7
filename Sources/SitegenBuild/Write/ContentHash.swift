import CSHA256
import SitegenBundleCore

/// The SHA-256 of a file the build writes, as the manifest records it: on the CPU's SHA instructions
/// when it has them (x86-64 SHA-NI, several times faster), else with the bundle's portable Swift
/// implementation. Both give the same digest.
enum ContentHash {
    /// Whether the CPU's instructions are used on this machine.
    static var usesCPUInstructions: Bool { sitegen_sha256_cpu_available() == 1 }

    /// The lowercase hex digest of `bytes`.
    static func hex(_ bytes: [UInt8]) -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        let done = bytes.withUnsafeBufferPointer { input in
            digest.withUnsafeMutableBufferPointer { output in
                sitegen_sha256_cpu(input.baseAddress, input.count, output.baseAddress)
            }
        }
        return done == 1 ? SHA256.hex(digest: digest) : SHA256.hex(bytes)
    }
}

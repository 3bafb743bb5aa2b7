import CSHA256
import SitegenBundle

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
        guard done == 1 else { return SHA256.hex(bytes) }
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for byte in digest {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}

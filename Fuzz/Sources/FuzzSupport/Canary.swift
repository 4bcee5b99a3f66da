#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether `WIREFORM_FUZZ_CANARY=1` asks the target to prove that AddressSanitizer checks Swift code.
private let canaryRequested: Bool = {
    guard let value = getenv("WIREFORM_FUZZ_CANARY") else { return false }
    return String(cString: value) == "1"
}()

/// Keeps the canary's out-of-bounds read alive so the optimizer cannot drop it.
nonisolated(unsafe) public var canarySink: UInt8 = 0

/// With `WIREFORM_FUZZ_CANARY=1`, writes and reads one byte past a 16-byte heap allocation through an
/// `UnsafeMutablePointer`, in Swift. A build whose Swift code has AddressSanitizer checks stops here with
/// `heap-buffer-overflow`; a build without them carries on silently, which `Fuzz/run` treats as a broken build.
/// - Parameter size: The input's size; it only makes the index opaque to the optimizer.
public func addressSanitizerCanary(_ size: Int) {
    guard canaryRequested else { return }
    let capacity = 16
    let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    pointer.initialize(repeating: 0, count: capacity)
    let index = capacity + (size > Int.max / 2 ? 1 : 0)
    pointer[index] = UInt8(truncatingIfNeeded: size)
    canarySink = pointer[index]
    pointer.deallocate()
}

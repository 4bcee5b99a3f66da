import Foundation

/// Stops the fuzzer with a message when an invariant does not hold (a finding, not a crash on input).
public func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() {
        FileHandle.standardError.write(Data("INVARIANT FAILED: \(message())\n".utf8))
        abort()
    }
}

import CFrames
import FramesCore

/// Runs a shim body and turns its outcome into a result code, recording the
/// message of a failure for the calling thread. Every fallible shim goes
/// through here, so no error escapes as anything but a code.
@inline(__always)
func withResult(_ body: () throws(FramesError) -> Void) -> frames_result {
    do {
        try body()
        return FRAMES_OK
    } catch {
        LastError.set(error)
        return error.code.rawValue
    }
}

/// A NULL check that names the parameter in the message.
@inline(__always)
func required<T>(_ pointer: T?, _ name: String) throws(FramesError) -> T {
    guard let pointer else { throw FramesError(.nullPointer, "\(name) is NULL") }
    return pointer
}

/// A size_t count as a Swift Int, refusing counts no buffer can have.
@inline(__always)
func elementCount(_ value: UInt, _ name: String, elementSize: Int) throws(FramesError) -> Int {
    guard let count = Int(exactly: value), count <= Int.max / max(1, elementSize) else {
        throw .invalidArgument("\(name) is \(value), larger than any buffer can be")
    }
    return count
}

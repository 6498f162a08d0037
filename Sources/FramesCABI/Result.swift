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
    guard let pointer else { throw nullPointer(name) }
    return pointer
}

/// Out of line, like `tooLarge`: the message is built in one place, not
/// inlined into each of the many checks (the library's size,
/// docs/decisions.md, "Embedded Swift").
@inline(never)
private func nullPointer(_ name: String) -> FramesError {
    FramesError(.nullPointer, "\(name) is NULL")
}

/// A size_t count as a Swift Int, refusing counts no buffer can have.
@inline(__always)
func elementCount(_ value: UInt, _ name: String, elementSize: Int) throws(FramesError) -> Int {
    guard let count = Int(exactly: value), count <= Int.max / max(1, elementSize) else {
        throw tooLarge(name, value)
    }
    return count
}

@inline(never)
private func tooLarge(_ name: String, _ value: UInt) -> FramesError {
    .invalidArgument("\(name) is \(value), larger than any buffer can be")
}

/// Every versioned struct of frames.h starts with a `uint32_t version`. Only
/// that field is read before the version is known to be ours: a struct of
/// another version has another layout.
func checkVersion<T>(of pointer: UnsafePointer<T>, is known: Int32, _ name: String) throws(FramesError) {
    try checkVersion(UnsafeRawPointer(pointer).load(as: UInt32.self), is: known, name)
}

/// Every versioned struct `frames_<name>` has FRAMES_<NAME>_INIT and
/// frames_<name>_init() (docs/api-conventions.md), so the message can name
/// both from the struct's name.
func checkVersion(_ version: UInt32, is known: Int32, _ name: String) throws(FramesError) {
    guard version == UInt32(known) else {
        throw FramesError(.version, "\(name) version is \(version); this library knows version \(known) "
            + "(use \(name.asciiUppercased)_INIT or \(name)_init)")
    }
}

/// Replaces a delegate set with frames_*_set_delegate: a new one is checked
/// before anything changes (a refused one replaces nothing), then the old
/// one is released — its free_user_data runs exactly once — and the new
/// one, if any, installed.
func replaceDelegate<C>(_ delegate: UnsafePointer<C>?, version known: Int32, _ name: String,
                        release: () -> Void, install: (C) -> Void) throws(FramesError) {
    if let delegate { try checkVersion(of: delegate, is: known, name) }
    release()
    if let delegate { install(delegate.pointee) }
}

/// A versioned struct of frames.h whose initializer is "the version set,
/// everything else zero or NULL" (FRAMES_<NAME>_INIT).
protocol ZeroInitializedStruct {
    init()
    var version: UInt32 { get set }
}

extension frames_layout_metrics: ZeroInitializedStruct {}
extension frames_layout_batch: ZeroInitializedStruct {}
extension frames_host_callbacks: ZeroInitializedStruct {}
extension frames_frame_delegate: ZeroInitializedStruct {}
extension frames_banner_place_delegate: ZeroInitializedStruct {}
extension frames_banners_delegate: ZeroInitializedStruct {}
extension frames_inline_view_delegate: ZeroInitializedStruct {}
extension frames_inline_delegate: ZeroInitializedStruct {}
extension frames_messages_delegate: ZeroInitializedStruct {}

/// The body of frames_<name>_init for those structs, with the checks of
/// frames_appearance_init: nothing is written unless the version is known.
func initialize<T: ZeroInitializedStruct>(_ pointer: UnsafeMutablePointer<T>?, _ parameter: String, version: UInt32,
                                          is known: Int32, _ name: String) throws(FramesError) {
    let out = try required(pointer, parameter)
    try checkVersion(version, is: known, name)
    var value = T()
    value.version = version
    out.pointee = value
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import FramesCore

/// Memory for strings and bytes the library lends to C: everything made here
/// lives until `reset()` or the arena's end, so one callback's or one call's
/// borrowed pointers stay valid exactly as long as the header promises.
struct CArena: ~Copyable {
    private var blocks: [UnsafeMutableRawPointer] = []

    mutating func string(_ text: String) -> UnsafePointer<CChar>? {
        let utf8 = Array(text.utf8)
        guard let block = malloc(utf8.count + 1) else { return nil }
        blocks.append(block)
        let chars = block.assumingMemoryBound(to: UInt8.self)
        for (i, byte) in utf8.enumerated() { chars[i] = byte == 0 ? UInt8(ascii: "?") : byte }
        chars[utf8.count] = 0
        return UnsafePointer(block.assumingMemoryBound(to: CChar.self))
    }

    mutating func string(_ text: String?) -> UnsafePointer<CChar>? {
        guard let text else { return nil }
        return string(text) as UnsafePointer<CChar>?
    }

    mutating func bytes(_ bytes: [UInt8]) -> UnsafePointer<UInt8>? {
        guard let block = malloc(max(1, bytes.count)) else { return nil }
        blocks.append(block)
        let out = block.assumingMemoryBound(to: UInt8.self)
        for (i, byte) in bytes.enumerated() { out[i] = byte }
        return UnsafePointer(out)
    }

    mutating func array<T>(_ items: [T]) -> UnsafePointer<T>? {
        guard !items.isEmpty, let block = malloc(items.count * MemoryLayout<T>.stride) else { return nil }
        blocks.append(block)
        let out = block.bindMemory(to: T.self, capacity: items.count)
        for (i, item) in items.enumerated() { (out + i).initialize(to: item) }
        return UnsafePointer(out)
    }

    mutating func reset() {
        for block in blocks { free(block) }
        blocks.removeAll(keepingCapacity: true)
    }

    deinit {
        for block in blocks { free(block) }
    }
}

/// Reads a C string the host passed in: NULL stays nil; bytes that are not
/// UTF-8 are an error naming the parameter (XC-07).
func text(_ pointer: UnsafePointer<CChar>?, _ name: String) throws(FramesError) -> String? {
    guard let pointer else { return nil }
    guard let string = String(validatingCString: pointer) else {
        throw .invalidArgument("\(name) is not valid UTF-8")
    }
    return string
}

/// As `text`, for a parameter that must not be NULL.
func requiredText(_ pointer: UnsafePointer<CChar>?, _ name: String) throws(FramesError) -> String {
    guard let string = try text(pointer, name) else { throw FramesError(.nullPointer, "\(name) is NULL") }
    return string
}

// Decides: XC-07
import CFramesLibc
import FramesCore

/// Memory for strings and bytes the library lends to C: everything made here
/// lives until `reset()` or the arena's end, so one callback's or one call's
/// borrowed pointers stay valid exactly as long as the header promises.
///
/// Small items are carved out of one chunk, so a callback's arena costs one
/// malloc and an engine's per-call arena, which keeps its chunk across
/// `reset()`, none at all; a call lends a few strings on every request and
/// callback, and a malloc each was most of their cost. Items too big for the
/// chunk get their own block.
struct CArena: ~Copyable {
    /// Where small items are carved out; kept by `reset()`.
    private var chunk: UnsafeMutableRawPointer?
    private var chunkSize = 0
    private var used = 0
    /// Full chunks and big items: freed by `reset()`. Empty, so without a
    /// heap buffer, unless a call lends more than one chunk holds.
    private var blocks: [UnsafeMutableRawPointer] = []

    /// A callback lends a few short strings: its first chunk is small enough
    /// for malloc's per-thread cache. Later chunks are bigger.
    private static let firstChunkSize = 512
    private static let laterChunkSize = 4096
    /// Bigger items get their own block, so a chunk is not wasted on them.
    private static let bigItem = 1024
    /// malloc's alignment, enough for every C type lent (pointers, doubles).
    private static let alignment = 16

    /// The usual case inline — room left in the chunk — the rest apart: a
    /// record lends a dozen strings, each an allocation here.
    @inline(__always)
    private mutating func allocate(_ size: Int) -> UnsafeMutableRawPointer? {
        if size <= Self.bigItem, let chunk {
            let rounded = (size &+ (Self.alignment &- 1)) & ~(Self.alignment &- 1)
            if chunkSize &- used >= rounded {
                used &+= rounded
                return chunk + (used &- rounded)
            }
        }
        return allocateSlowly(size)
    }

    private mutating func allocateSlowly(_ size: Int) -> UnsafeMutableRawPointer? {
        let (padded, overflow) = size.addingReportingOverflow(Self.alignment - 1)
        guard !overflow else { return nil }
        let rounded = padded & ~(Self.alignment - 1)
        if rounded > Self.bigItem {
            guard let block = malloc(rounded) else { return nil }
            blocks.append(block)
            return block
        }
        if let chunk, chunkSize - used >= rounded {
            used += rounded
            return chunk + (used - rounded)
        }
        let size = max(rounded, chunk == nil ? Self.firstChunkSize : Self.laterChunkSize)
        guard let fresh = malloc(size) else { return nil }
        if let full = chunk { blocks.append(full) }
        chunk = fresh
        chunkSize = size
        used = rounded
        return fresh
    }

    mutating func string(_ text: String) -> UnsafePointer<CChar>? {
        // In place where the text is contiguous (always, for native and
        // small strings): no copy of the String value to make it so.
        if let lent = text.utf8.withContiguousStorageIfAvailable({ cString($0) }) { return lent }
        var copy = text
        return copy.withUTF8 { cString($0) }
    }

    private mutating func cString(_ utf8: UnsafeBufferPointer<UInt8>) -> UnsafePointer<CChar>? {
        guard let block = allocate(utf8.count + 1) else { return nil }
        copyCText(utf8, to: block.assumingMemoryBound(to: UInt8.self))
        return UnsafePointer(block.assumingMemoryBound(to: CChar.self))
    }

    mutating func string(_ text: String?) -> UnsafePointer<CChar>? {
        guard let text else { return nil }
        return string(text) as UnsafePointer<CChar>?
    }

    mutating func bytes(_ bytes: [UInt8]) -> UnsafePointer<UInt8>? {
        guard let block = allocate(max(1, bytes.count)) else { return nil }
        let out = block.assumingMemoryBound(to: UInt8.self)
        // One copy: a state blob lent to C is hundreds of kilobytes.
        bytes.withUnsafeBufferPointer { source in
            if let base = source.baseAddress { out.copyBytes(from: base, count: source.count) }
        }
        return UnsafePointer(out)
    }

    mutating func array<T>(_ items: [T]) -> UnsafePointer<T>? {
        guard !items.isEmpty else { return nil }
        let (size, overflow) = items.count.multipliedReportingOverflow(by: MemoryLayout<T>.stride)
        guard !overflow, let block = allocate(size) else { return nil }
        let out = block.bindMemory(to: T.self, capacity: items.count)
        for (i, item) in items.enumerated() { (out + i).initialize(to: item) }
        return UnsafePointer(out)
    }

    /// Room for `count` values of `T`, for the caller to initialize: an
    /// array built in place rather than copied in. Nil for none, or when
    /// out of memory.
    mutating func uninitialized<T>(_ type: T.Type, count: Int) -> UnsafeMutablePointer<T>? {
        guard count > 0 else { return nil }
        let (size, overflow) = count.multipliedReportingOverflow(by: MemoryLayout<T>.stride)
        guard !overflow, let block = allocate(size) else { return nil }
        return block.bindMemory(to: T.self, capacity: count)
    }

    mutating func reset() {
        used = 0
        guard !blocks.isEmpty else { return }
        for block in blocks { free(block) }
        blocks.removeAll(keepingCapacity: true)
    }

    deinit {
        for block in blocks { free(block) }
        free(chunk)
    }
}

/// Copies `utf8` to `chars`, `utf8.count + 1` bytes, ending it with a NUL.
/// An embedded NUL would cut the string short in C: it is shown as "?"
/// instead (XC-07). Short texts — ids, names, numbers, most of what
/// callbacks lend — byte by byte: a memcpy and a memchr cost more than
/// their copy.
@inline(__always)
func copyCText(_ utf8: UnsafeBufferPointer<UInt8>, to chars: UnsafeMutablePointer<UInt8>) {
    let count = utf8.count
    if count <= 16 {
        for i in 0..<count {
            let byte = utf8[i]
            chars[i] = byte == 0 ? UInt8(ascii: "?") : byte
        }
    } else {
        if let base = utf8.baseAddress { memcpy(chars, base, count) }
        if memchr(chars, 0, count) != nil {
            for i in 0..<count where chars[i] == 0 { chars[i] = UInt8(ascii: "?") }
        }
    }
    chars[count] = 0
}

/// The arena a bridge lends a callback's text from, kept from one callback
/// to the next: a fresh arena per callback cost a malloc and a free each.
/// A callback delivered while another is running on the same bridge (the
/// host re-entered the engine from it) gets an arena of its own, so the
/// running one's loans stay valid until it returns.
final class CallbackArena {
    private var arena = CArena()
    private var busy = false

    /// Runs `body` with the arena; what it lent ends when `body` returns.
    func lend<R>(_ body: (inout CArena) -> R) -> R {
        guard !busy else {
            var own = CArena()
            return body(&own)
        }
        busy = true
        defer {
            arena.reset()
            busy = false
        }
        return body(&arena)
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

/// The caller-buffer contract for text: writes the length (without the NUL)
/// always, the NUL-terminated bytes only when `capacity` holds them.
func copyText(_ value: String, into buffer: UnsafeMutablePointer<CChar>?, capacity: UInt,
              length: UnsafeMutablePointer<UInt>, _ what: String) throws(FramesError) {
    let bytes = Array(value.utf8)
    length.pointee = UInt(bytes.count)
    guard capacity > UInt(bytes.count) else {
        throw FramesError(.bufferTooSmall, "the \(what) needs \(bytes.count + 1) bytes with its NUL; the buffer holds \(capacity)")
    }
    let out = try required(buffer, "buffer")
    for (i, byte) in bytes.enumerated() { out[i] = CChar(bitPattern: byte) }
    out[bytes.count] = 0
}

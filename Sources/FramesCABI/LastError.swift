// Decides: XC-08
import CFramesLibc
import FramesCore

/// The calling thread's last failure (sqlite `errmsg`, libgit2
/// `git_error_last`), kept in a pthread key so every thread reads its own.
///
/// Each thread's value is one malloc'd block: the code, then the message as a
/// NUL-terminated string. The key's destructor frees it when the thread ends,
/// so a host that spawns threads does not leak messages.
enum LastError {
    private static let messageOffset = 8

    private static let key: pthread_key_t? = {
        var key = pthread_key_t()
        guard pthread_key_create(&key, { block in free(block) }) == 0 else { return nil }
        return key
    }()

    private static var block: UnsafeMutableRawPointer? {
        guard let key else { return nil }
        return pthread_getspecific(key)
    }

    static func set(_ error: FramesError) {
        guard let key else { return }
        let utf8 = Array(error.message.utf8)
        // Allocation failure leaves the previous message in place; the code
        // the caller got back is still right.
        guard let newBlock = malloc(messageOffset + utf8.count + 1) else { return }
        newBlock.storeBytes(of: error.code.rawValue, as: Int32.self)
        let text = newBlock.advanced(by: messageOffset).assumingMemoryBound(to: UInt8.self)
        for (i, byte) in utf8.enumerated() {
            // An embedded NUL would silently cut the message; show it instead.
            text[i] = byte == 0 ? UInt8(ascii: "?") : byte
        }
        text[utf8.count] = 0
        free(pthread_getspecific(key))
        pthread_setspecific(key, newBlock)
    }

    static func clear() {
        guard let key else { return }
        free(pthread_getspecific(key))
        pthread_setspecific(key, nil)
    }

    static var code: Int32 {
        block?.load(as: Int32.self) ?? 0
    }

    static var message: UnsafePointer<CChar> {
        guard let block else { return StaticText.empty }
        return UnsafePointer(block.advanced(by: messageOffset).assumingMemoryBound(to: CChar.self))
    }
}

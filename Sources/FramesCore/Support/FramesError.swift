// Decides: XC-08
/// The one error type of libframes. `Code` raw values are the stable result
/// codes of `include/frames.h` (FRAMES_ERR_*); the message says what was wrong
/// in one sentence and is what a C caller reads from
/// `frames_error_last_message()`.
public struct FramesError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Code: Int32, Sendable, CaseIterable {
        case invalidArgument = -1
        case nullPointer = -2
        case bufferTooSmall = -3
        case version = -4
        case outOfRange = -5
        case unsupported = -6
        case outOfMemory = -7
        case overflow = -8
        case invalidHandle = -9
        case wrongThread = -10
        case invalidState = -11
        case notFound = -12
        case alreadyResolved = -13
        case `internal` = -99
    }

    public let code: Code
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }

    public static func invalidArgument(_ message: String) -> FramesError {
        FramesError(.invalidArgument, message)
    }
}

extension FramesError.Code {
    /// The static text `frames_result_str` returns for this code.
    public var summary: String {
        switch self {
        case .invalidArgument: return "invalid argument"
        case .nullPointer: return "required pointer is NULL"
        case .bufferTooSmall: return "output buffer too small"
        case .version: return "unsupported struct version"
        case .outOfRange: return "index out of range"
        case .unsupported: return "operation not supported in this configuration"
        case .outOfMemory: return "out of memory"
        case .overflow: return "result not representable"
        case .invalidHandle: return "invalid, freed or foreign handle"
        case .wrongThread: return "called from a thread that does not own the engine"
        case .invalidState: return "call not valid in the current state"
        case .notFound: return "not found"
        case .alreadyResolved: return "already resolved"
        case .internal: return "internal error"
        }
    }
}

/// A request the engine hands to the host (XC-01). The host performs it and
/// answers with `Engine.completeRequest` or `Engine.failRequest`.
public struct OutgoingRequest: Equatable, Sendable {
    public let id: UInt64
    public let method: String
    public let url: String
    public let headers: [HTTPHeader]
    public let body: [UInt8]
    /// The host should give up on the request after this time; the engine
    /// treats it as a timeout then anyway.
    public let deadline: Milliseconds
}

public struct HTTPHeader: Equatable, Sendable {
    public let name: String
    public let value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// The host's answer to a request.
public struct HTTPResponse: Equatable, Sendable {
    public let status: Int
    public let headers: [HTTPHeader]
    public let body: [UInt8]

    public init(status: Int, headers: [HTTPHeader] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// Retry-After in milliseconds: delta-seconds only (an HTTP date needs a
    /// wall clock the engine does not have).
    public var retryAfter: Milliseconds? {
        guard let value = headers.first(where: { $0.name.asciiLowercased == "retry-after" })?.value,
              let seconds = Int64(value.trimmingSpaces), seconds >= 0, seconds <= 86_400 else { return nil }
        return seconds * 1_000
    }
}

/// Why a request did not produce a usable answer: decides retrying (XC-06).
public enum RequestFailure: Error, Equatable, Sendable {
    case transport(String)
    case timeout
    case http(status: Int, retryAfter: Milliseconds?)
    case malformed(String)
    /// Content failed a check of AF-14 (size, checksum, origin).
    case content(ContentCheckFailure)

    /// Transport errors, timeouts, 408, 429 and 5xx are worth another try.
    public var isTransient: Bool {
        switch self {
        case .transport, .timeout: return true
        case .http(let status, _): return status == 408 || status == 429 || (500...599).contains(status)
        case .malformed, .content: return false
        }
    }

    public var retryAfter: Milliseconds? {
        if case .http(_, let retryAfter) = self { return retryAfter }
        return nil
    }

    public var message: String {
        switch self {
        case .transport(let message): return "transport error: \(message)"
        case .timeout: return "the request timed out"
        case .http(let status, _): return "HTTP status \(status)"
        case .malformed(let message): return "malformed payload: \(message)"
        case .content(let failure): return failure.description
        }
    }

    public var httpStatus: Int? {
        if case .http(let status, _) = self { return status }
        return nil
    }
}

extension String {
    var trimmingSpaces: Substring {
        var slice = Substring(self)
        while slice.first == " " || slice.first == "\t" { slice = slice.dropFirst() }
        while slice.last == " " || slice.last == "\t" { slice = slice.dropLast() }
        return slice
    }
}

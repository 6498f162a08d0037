// Decides: AF-10
/// Why content could not be shown (AF-10, BN-16, IL-06): a frame's error
/// status, a banner row's failure or an inline view's, with the underlying
/// cause. Every module that shows content uses it, so it lives below them.
/// (The C header and the Python package still call it the frame error.)
public struct ContentError: Error, Equatable, Sendable {
    public enum Code: Int32, Sendable, CaseIterable {
        /// The placements fetch failed (after its retries).
        case resolutionFailed = 1
        /// The content document or an asset could not be downloaded.
        case downloadingFailed = 2
        /// Content failed its checksum or origin check.
        case placementUntrusted = 3
        /// The host reported a render failure, or the template did not signal
        /// within the render timeout.
        case renderingFailed = 4

        public var name: String {
            switch self {
            case .resolutionFailed: return "resolutionFailed"
            case .downloadingFailed: return "downloadingFailed"
            case .placementUntrusted: return "placementUntrusted"
            case .renderingFailed: return "renderingFailed"
            }
        }
    }

    public let code: Code
    /// What went wrong, e.g. "HTTP status 503 after 4 attempts".
    public let message: String
    /// The HTTP status behind the failure, if one was received.
    public let httpStatus: Int?

    public init(_ code: Code, _ message: String, httpStatus: Int? = nil) {
        self.code = code
        self.message = message
        self.httpStatus = httpStatus
    }
}

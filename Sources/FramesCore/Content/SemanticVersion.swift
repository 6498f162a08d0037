// Decides: XC-09
/// A `MAJOR.MINOR.PATCH` version (XC-09): three decimal numbers without
/// leading zeros, each at most 999,999. Pre-release and build suffixes are not
/// accepted. Ordered numerically, major first.
public struct SemanticVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let major: UInt32
    public let minor: UInt32
    public let patch: UInt32

    public init(major: UInt32, minor: UInt32, patch: UInt32) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// Parses `MAJOR.MINOR.PATCH`; nil if the text has any other shape.
    public init?(_ text: String) {
        let parts = text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        var numbers: [UInt32] = []
        for part in parts {
            guard !part.isEmpty, part.count <= 6,
                  part.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                  !(part.count > 1 && part.first == UInt8(ascii: "0")) else { return nil }
            var value: UInt32 = 0
            for digit in part { value = value * 10 + UInt32(digit - UInt8(ascii: "0")) }
            numbers.append(value)
        }
        guard numbers.count == 3 else { return nil }
        self.init(major: numbers[0], minor: numbers[1], patch: numbers[2])
    }

    /// This library's version (FramesVersion).
    public static var engine: SemanticVersion {
        SemanticVersion(major: FramesVersion.major, minor: FramesVersion.minor, patch: FramesVersion.patch)
    }

    public var description: String { "\(major).\(minor).\(patch)" }

    public static func < (lhs: SemanticVersion, rhs: SemanticVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }
}

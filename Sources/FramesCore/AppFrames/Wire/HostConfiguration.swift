// Decides: AF-01
/// The host configuration document (AF-01), read once when an engine is
/// created. Accepted as JSON (an object) or as an XML property list (an
/// app's Info.plist); a leading UTF-8 byte-order mark is skipped. The format
/// is chosen by the first byte that is not whitespace: `<` → property list,
/// anything else → JSON.
///
/// App Frames is enabled only if the top level is a dictionary holding the
/// key `Insider` whose value is a dictionary holding `App Frames Enabled`
/// with a **Boolean** true. Everything else — a top-level `App Frames
/// Enabled`, the string "YES", the integer 1, false, a missing key, a
/// top-level array — means off, silently. A document that cannot be parsed
/// at all (malformed, over a limit, empty) throws.
public struct HostConfiguration: Sendable, Equatable {
    public enum Format: Sendable, Equatable {
        case json
        case propertyList
    }

    /// The dictionary that holds the opt-in (AF-01).
    public static let insiderKey = "Insider"
    /// The Boolean key inside `Insider` (AF-01).
    public static let appFramesEnabledKey = "App Frames Enabled"

    public let format: Format
    /// AF-01: true only for `Insider` → `App Frames Enabled` = Boolean true.
    public let appFramesEnabled: Bool

    public init(format: Format, appFramesEnabled: Bool) {
        self.format = format
        self.appFramesEnabled = appFramesEnabled
    }

    /// Parses a configuration document (AF-01).
    public static func parse(_ bytes: [UInt8], limits: PayloadLimits = .hostConfiguration) throws(FramesError) -> HostConfiguration {
        guard bytes.count <= limits.maxBytes else {
            throw FramesError(.invalidArgument,
                "configuration: document of \(bytes.count) bytes exceeds the limit of \(limits.maxBytes) bytes")
        }
        var body = bytes
        if body.count >= 3, body[0] == 0xEF, body[1] == 0xBB, body[2] == 0xBF {
            body.removeFirst(3)
        }
        let first = body.first { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) }
        if first == UInt8(ascii: "<") {
            let plist: PropertyListValue
            do {
                plist = try XMLPropertyListReader(limits: limits).parse(body)
            } catch {
                throw FramesError(error.code, "configuration: \(error.message)")
            }
            return HostConfiguration(format: .propertyList, appFramesEnabled: enabled(in: plist))
        }
        let json: JSONValue
        do {
            json = try JSONParser(limits: limits).parse(body)
        } catch {
            throw FramesError(error.code, "configuration: \(error.message)")
        }
        return HostConfiguration(format: .json, appFramesEnabled: enabled(in: json))
    }

    public static func parse(_ text: String, limits: PayloadLimits = .hostConfiguration) throws(FramesError) -> HostConfiguration {
        try parse(Array(text.utf8), limits: limits)
    }

    static func enabled(in plist: PropertyListValue) -> Bool {
        guard case .dictionary = plist,
              let insider = plist[insiderKey], case .dictionary = insider,
              case .bool(true)? = insider[appFramesEnabledKey] else { return false }
        return true
    }

    static func enabled(in json: JSONValue) -> Bool {
        guard let top = json.objectValue,
              let insider = top[insiderKey]?.objectValue,
              case .bool(true)? = insider[appFramesEnabledKey] else { return false }
        return true
    }
}

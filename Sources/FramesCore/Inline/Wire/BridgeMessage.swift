// Decides: IL-08
/// A message from inline content's JavaScript, as the bridge script posts it
/// and the host forwards it (IL-08): one JSON envelope
///
///     {"v":1,"id":7,"method":"setComponentSize","args":{"width":320,"height":180}}
///
/// `v` is the envelope version (1), `id` the call id the reply carries back
/// (0 or absent: no reply wanted), `method` one of the bridge methods and
/// `args` its arguments as an object (absent: none). Content is untrusted:
/// everything is checked — size, UTF-8, the envelope's and each method's
/// schema (no unknown or missing members, right types, finite positive
/// sizes) — and a message that fails is refused whole. See
/// docs/wire-format.md §8.
public struct BridgeMessage: Sendable, Equatable {
    public static let version = 1
    /// Largest message, in bytes.
    public static let maxBytes = 65_536
    /// Largest call id: what a JavaScript number holds exactly (2^53 - 1).
    public static let maxCallId: Int64 = 9_007_199_254_740_991
    /// Longest URL or deep link content may ask to open, in bytes.
    public static let maxURLBytes = 4_096
    /// Longest action or method name, label, in bytes.
    public static let maxNameBytes = 256
    /// Largest component size content may ask for, in dp.
    public static let maxLength = 100_000.0

    /// The limits the envelope is parsed with.
    public static let limits = PayloadLimits(maxBytes: maxBytes, maxDepth: 16, maxStringBytes: maxBytes,
                                             maxElements: 1_000)

    public enum Call: Sendable, Equatable {
        /// The bridge script loaded (a notification).
        case ready
        case getComponentSize
        case setComponentSize(width: Double, height: Double)
        case close
        case closeAndTrigger(action: String, params: JSONObject, label: String?)
        case openURL(String)
        case openDeepLink(String)
        case customAction(name: String, params: JSONObject)
        case customMethod(name: String, params: JSONObject)

        /// The method's name on the wire.
        public var method: String {
            switch self {
            case .ready: return "ready"
            case .getComponentSize: return "getComponentSize"
            case .setComponentSize: return "setComponentSize"
            case .close: return "close"
            case .closeAndTrigger: return "closeAndTrigger"
            case .openURL: return "openUrl"
            case .openDeepLink: return "openDeeplink"
            case .customAction: return "handleCustomAction"
            case .customMethod: return "customMethod"
            }
        }
    }

    /// 0: no reply wanted.
    public let id: Int64
    public let call: Call

    public init(id: Int64, call: Call) {
        self.id = id
        self.call = call
    }

    /// Why a message was refused, and the call id when the envelope had a
    /// readable one (so the content's promise can be rejected).
    public struct Failure: Error, Sendable, Equatable {
        public let id: Int64?
        public let error: FramesError
    }

    public static func decode(_ bytes: [UInt8]) throws(Failure) -> BridgeMessage {
        let json: JSONValue
        do {
            json = try JSONParser(limits: limits).parse(bytes)
        } catch {
            throw Failure(id: nil, error: FramesError(error.code, "bridge message: \(error.message)"))
        }
        guard let envelope = json.objectValue else {
            throw Failure(id: nil, error: .invalidArgument("bridge message: top level is \(json.kindName), expected an object"))
        }
        // The id first: a reply can carry it even when the rest is wrong.
        var id: Int64 = 0
        if let idValue = envelope["id"] {
            guard case .integer(let value) = idValue, value >= 0, value <= maxCallId else {
                throw Failure(id: nil, error: .invalidArgument("bridge message: \"id\" must be an integer in 0...\(maxCallId)"))
            }
            id = value
        }
        do {
            return BridgeMessage(id: id, call: try call(of: envelope))
        } catch {
            throw Failure(id: id, error: error)
        }
    }

    private static func call(of envelope: JSONObject) throws(FramesError) -> Call {
        func broken(_ what: String) -> FramesError { .invalidArgument("bridge message: \(what)") }
        for member in envelope.members {
            let key = member.key
            guard key.isExactly("v") || key.isExactly("id") || key.isExactly("method") || key.isExactly("args") else {
                throw broken("unknown member \"\(key)\" (an envelope has v, id, method, args)")
            }
        }
        guard let versionValue = envelope["v"], case .integer(let version) = versionValue else {
            throw broken("\"v\" must be the envelope version, an integer")
        }
        guard version == Int64(Self.version) else {
            throw FramesError(version > Int64(Self.version) ? .version : .invalidArgument,
                              "bridge message: envelope version \(version); this engine reads version \(Self.version)")
        }
        guard let method = envelope["method"]?.stringValue else { throw broken("\"method\" must be a string") }
        var args = JSONObject()
        if let argsValue = envelope["args"] {
            guard let object = argsValue.objectValue else { throw broken("\"args\" of \(method) must be an object") }
            args = object
        }
        var reader = ArgumentReader(method: method, args: args)
        let call: Call
        switch method {
        case "ready": call = .ready
        case "getComponentSize": call = .getComponentSize
        case "setComponentSize":
            call = .setComponentSize(width: try reader.length("width"), height: try reader.length("height"))
        case "close": call = .close
        case "closeAndTrigger":
            call = .closeAndTrigger(action: try reader.name("action"), params: try reader.object("params"),
                                    label: try reader.optionalText("label", max: maxNameBytes))
        case "openUrl": call = .openURL(try reader.url("url"))
        case "openDeeplink": call = .openDeepLink(try reader.url("url"))
        case "handleCustomAction": call = .customAction(name: try reader.name("name"), params: try reader.object("params"))
        case "customMethod": call = .customMethod(name: try reader.name("name"), params: try reader.object("params"))
        default:
            throw broken("unknown method \"\(method)\"")
        }
        try reader.finish()
        return call
    }

    /// Reads a method's arguments and remembers which it read, so unknown
    /// ones are refused.
    private struct ArgumentReader {
        let method: String
        let args: JSONObject
        var read: [String] = []

        func fail(_ what: String) -> FramesError {
            .invalidArgument("bridge message: \(method): \(what)")
        }

        mutating func length(_ key: String) throws(FramesError) -> Double {
            read.append(key)
            guard let value = args[key]?.doubleValue, value.isFinite, value > 0, value <= BridgeMessage.maxLength else {
                throw fail("\"\(key)\" must be a finite number > 0 and <= \(Int(BridgeMessage.maxLength)) (dp)")
            }
            return value
        }

        mutating func name(_ key: String) throws(FramesError) -> String {
            read.append(key)
            guard let text = args[key]?.stringValue, !text.isEmpty, text.utf8.count <= BridgeMessage.maxNameBytes else {
                throw fail("\"\(key)\" must be a string of 1...\(BridgeMessage.maxNameBytes) bytes")
            }
            return text
        }

        mutating func optionalText(_ key: String, max: Int) throws(FramesError) -> String? {
            read.append(key)
            guard let value = args[key], value != .null else { return nil }
            guard let text = value.stringValue, text.utf8.count <= max else {
                throw fail("\"\(key)\" must be a string of at most \(max) bytes, or absent")
            }
            return text
        }

        mutating func url(_ key: String) throws(FramesError) -> String {
            read.append(key)
            guard let text = args[key]?.stringValue, !text.isEmpty, text.utf8.count <= BridgeMessage.maxURLBytes else {
                throw fail("\"\(key)\" must be a string of 1...\(BridgeMessage.maxURLBytes) bytes")
            }
            return text
        }

        /// An object argument; absent or null is the empty object.
        mutating func object(_ key: String) throws(FramesError) -> JSONObject {
            read.append(key)
            guard let value = args[key], value != .null else { return JSONObject() }
            guard let object = value.objectValue else { throw fail("\"\(key)\" must be an object") }
            return object
        }

        func finish() throws(FramesError) {
            for key in args.keys where !read.contains(where: { $0.isExactly(key) }) {
                throw fail(read.isEmpty ? "takes no arguments, got \"\(key)\""
                                        : "unknown argument \"\(key)\" (it takes \(read.joined(separator: ", ")))")
            }
        }
    }
}

/// What the engine sends back to content (IL-08): `{"v":1,"id":N,"ok":true,
/// "result":...}` or `{"v":1,"id":N,"ok":false,"error":{"code":"...",
/// "message":"..."}}`, as JSON text the host passes into its web view.
public enum BridgeReply {
    public static func success(id: Int64, result: String) -> String {
        "{\"v\":1,\"id\":\(id),\"ok\":true,\"result\":\(result)}"
    }

    public static func failure(id: Int64, code: String, message: String) -> String {
        "{\"v\":1,\"id\":\(id),\"ok\":false,\"error\":{\"code\":\(JSONText.quoted(code)),\"message\":\(JSONText.quoted(message))}}"
    }

    /// A size as a JSON object in dp.
    static func size(width: Double, height: Double) -> String {
        "{\"width\":\(JSONText.number(width)),\"height\":\(JSONText.number(height))}"
    }
}

extension JSONText {
    /// A finite number as JSON: integral values without a fraction (320, not
    /// 320.0), so content reads what the host reported.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(.towardZero), abs(value) < 9_007_199_254_740_992 { return String(Int64(value)) }
        return "\(value)"
    }
}

/// JSON text the engine writes: request bodies and custom data handed to the
/// host (AF-21). Deterministic: object members keep their order.
enum JSONText {
    static func quoted(_ string: String) -> String {
        var out = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    static func text(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .integer(let i): return String(i)
        case .number(let d): return d.isFinite ? "\(d)" : "null"
        case .string(let s): return quoted(s)
        case .array(let items): return "[" + items.map(text).joined(separator: ",") + "]"
        case .object(let object): return text(object)
        }
    }

    static func text(_ object: JSONObject) -> String {
        "{" + object.members.map { quoted($0.key) + ":" + text($0.value) }.joined(separator: ",") + "}"
    }
}

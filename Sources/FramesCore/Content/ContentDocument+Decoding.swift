/// Decoding of the content document. The document is one unit: unknown
/// fields are ignored, but any bad known field rejects the whole document
/// (the frame goes `errorDownloading`). Required: `template` (object) with a
/// non-empty `html` string. Optional: `assets` (array, default empty), each
/// `{url: non-empty string, size: integer >= 0, sha256: 64 hex}`; `actions`
/// (array, default empty), each `{id: 1...256-byte string, unique;
/// deep_link: optional string with a URI scheme; custom_data: optional object}`.
extension ContentDocument {
    public static func decode(_ bytes: [UInt8], limits: PayloadLimits = .contentDocument) throws(FramesError) -> ContentDocument {
        // The common case in one pass; the tree decides everything else.
        if let document = read(bytes, limits: limits) { return document }
        let json: JSONValue
        do {
            json = try JSONParser(limits: limits).parse(bytes)
        } catch {
            throw FramesError(error.code, "content document: \(error.message)")
        }
        return try decode(json)
    }

    public static func decode(_ json: JSONValue) throws(FramesError) -> ContentDocument {
        func bad(_ what: String) -> FramesError {
            FramesError(.invalidArgument, "content document: \(what)")
        }
        guard let top = json.objectValue else { throw bad("top level is \(json.kindName), expected an object") }
        guard let template = top["template"]?.objectValue else { throw bad("\"template\" must be an object") }
        guard let html = template["html"]?.stringValue, !html.isEmpty else {
            throw bad("\"template.html\" must be a non-empty string")
        }

        var assets: [ContentAsset] = []
        if let assetsValue = top["assets"], assetsValue != .null {
            guard let list = assetsValue.arrayValue else { throw bad("\"assets\" must be an array") }
            for (i, value) in list.enumerated() {
                guard let asset = value.objectValue else { throw bad("asset \(i) must be an object") }
                guard let url = asset["url"]?.stringValue, !url.isEmpty else {
                    throw bad("asset \(i): \"url\" must be a non-empty string")
                }
                guard let sizeValue = asset["size"], case .integer(let size) = sizeValue, size >= 0 else {
                    throw bad("asset \(i): \"size\" must be an integer number of bytes >= 0")
                }
                guard let shaText = asset["sha256"]?.stringValue, let sha = normalizedSHA256Hex(shaText) else {
                    throw bad("asset \(i): \"sha256\" must be 64 hexadecimal digits")
                }
                assets.append(ContentAsset(url: url, size: size, sha256: sha))
            }
        }

        var actions: [ContentAction] = []
        if let actionsValue = top["actions"], actionsValue != .null {
            guard let list = actionsValue.arrayValue else { throw bad("\"actions\" must be an array") }
            var seen = Set<ExactKey>()
            for (i, value) in list.enumerated() {
                guard let action = value.objectValue else { throw bad("action \(i) must be an object") }
                guard let id = action["id"]?.stringValue, !id.isEmpty,
                      id.utf8.count <= WireID.maxBytes else {
                    throw bad("action \(i): \"id\" must be a string of 1...\(WireID.maxBytes) bytes")
                }
                guard seen.insert(ExactKey(id)).inserted else { throw bad("action \(i) repeats action id \"\(id)\"") }
                var deepLink: String? = nil
                if let linkValue = action["deep_link"], linkValue != .null {
                    guard let link = linkValue.stringValue, ContentCheck.hasURIScheme(link) else {
                        throw bad("action \"\(id)\": \"deep_link\" must be a URI with a scheme (e.g. app://...)")
                    }
                    deepLink = link
                }
                var customData = JSONObject()
                if let dataValue = action["custom_data"], dataValue != .null {
                    guard let data = dataValue.objectValue else {
                        throw bad("action \"\(id)\": \"custom_data\" must be an object")
                    }
                    customData = data
                }
                actions.append(ContentAction(id: id, deepLink: deepLink, customData: customData))
            }
        }
        return ContentDocument(html: html, assets: assets, actions: actions)
    }
}

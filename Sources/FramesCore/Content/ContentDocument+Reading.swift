/// Reading a content document in one pass (AF-14, AF-21): `JSONStreamReader`
/// checks the whole document as `JSONParser` would, while only the members
/// the rules look at become Swift values; an action's custom data, kept as
/// a JSON object, is the only part parsed into a tree. The whole tree of
/// the generic parser was most of the cost of a document.
///
/// Only a document the rules accept is read here. Anything else (malformed
/// JSON, a field of the wrong kind) gives nil, and `decode` decodes the
/// bytes through the tree, whose error is the one reported: the rules stay
/// written once, in ContentDocument+Decoding.swift; this is their common
/// case.
extension ContentDocument {
    static func read(_ bytes: [UInt8], limits: PayloadLimits) -> ContentDocument? {
        var reader = JSONStreamReader(bytes, limits: limits)
        do throws(FramesError) {
            return try read(&reader, limits: limits)
        } catch {
            return nil
        }
    }

    /// Thrown for anything the tree must decide: the caller only sees nil.
    private static var unusual: FramesError { FramesError(.invalidArgument, "not the common case") }

    private static func read(_ reader: inout JSONStreamReader, limits: PayloadLimits) throws(FramesError)
        -> ContentDocument {
        try reader.beginDocument()
        guard try reader.peekKind() == .object else { throw unusual }
        var html: String?
        var assets: [ContentAsset] = []
        var actions: [ContentAction] = []
        var top = try reader.beginObject()
        while let key = try reader.nextKey(&top) {
            if reader.is(key, "template") {
                html = try readTemplate(&reader)
            } else if reader.is(key, "assets") {
                if try reader.peekKind() == .null {
                    try reader.null()
                } else {
                    assets = try readAssets(&reader)
                }
            } else if reader.is(key, "actions") {
                if try reader.peekKind() == .null {
                    try reader.null()
                } else {
                    actions = try readActions(&reader, limits: limits)
                }
            } else {
                try reader.skipValue()
            }
        }
        try reader.endDocument()
        guard let html else { throw unusual }
        return ContentDocument(html: html, assets: assets, actions: actions)
    }

    private static func readTemplate(_ reader: inout JSONStreamReader) throws(FramesError) -> String {
        guard try reader.peekKind() == .object else { throw unusual }
        var html: String?
        var object = try reader.beginObject()
        while let key = try reader.nextKey(&object) {
            if reader.is(key, "html") {
                guard let text = try string(&reader), !text.isEmpty else { throw unusual }
                html = text
            } else {
                try reader.skipValue()
            }
        }
        guard let html else { throw unusual }
        return html
    }

    private static func readAssets(_ reader: inout JSONStreamReader) throws(FramesError) -> [ContentAsset] {
        guard try reader.peekKind() == .array else { throw unusual }
        var assets: [ContentAsset] = []
        var items = try reader.beginArray()
        while try reader.nextElement(&items) {
            guard try reader.peekKind() == .object else { throw unusual }
            var url: String?
            var size: Int64?
            var sha256: String?
            var object = try reader.beginObject()
            while let key = try reader.nextKey(&object) {
                if reader.is(key, "url") {
                    guard let text = try string(&reader), !text.isEmpty else { throw unusual }
                    url = text
                } else if reader.is(key, "size") {
                    guard try reader.peekKind() == .number, case .integer(let value) = try reader.number(), value >= 0
                    else { throw unusual }
                    size = value
                } else if reader.is(key, "sha256") {
                    guard let text = try string(&reader), let hex = normalizedSHA256Hex(text) else { throw unusual }
                    sha256 = hex
                } else {
                    try reader.skipValue()
                }
            }
            guard let url, let size, let sha256 else { throw unusual }
            assets.append(ContentAsset(url: url, size: size, sha256: sha256))
        }
        return assets
    }

    private static func readActions(_ reader: inout JSONStreamReader, limits: PayloadLimits) throws(FramesError)
        -> [ContentAction] {
        guard try reader.peekKind() == .array else { throw unusual }
        var actions: [ContentAction] = []
        // Ids seen, once there are too many to compare one by one.
        var seen: Set<ExactKey>?
        var items = try reader.beginArray()
        while try reader.nextElement(&items) {
            let action = try readAction(&reader, limits: limits)
            // A repeated id rejects the document, with its reason: the tree's case.
            if actions.count < 16 {
                for earlier in actions where earlier.id.isExactly(action.id) { throw unusual }
            } else {
                if seen == nil { seen = Set(actions.map { ExactKey($0.id) }) }
                guard seen?.insert(ExactKey(action.id)).inserted == true else { throw unusual }
            }
            actions.append(action)
        }
        return actions
    }

    private static func readAction(_ reader: inout JSONStreamReader, limits: PayloadLimits) throws(FramesError)
        -> ContentAction {
        guard try reader.peekKind() == .object else { throw unusual }
        var id: String?
        var deepLink: String?
        var customData = JSONObject()
        var object = try reader.beginObject()
        while let key = try reader.nextKey(&object) {
            if reader.is(key, "id") {
                guard let text = try string(&reader), !text.isEmpty, text.utf8.count <= WireID.maxBytes else {
                    throw unusual
                }
                id = text
            } else if reader.is(key, "deep_link") {
                if try reader.peekKind() == .null {
                    try reader.null()
                } else {
                    guard let link = try string(&reader), ContentCheck.hasURIScheme(link) else { throw unusual }
                    deepLink = link
                }
            } else if reader.is(key, "custom_data") {
                let kind = try reader.peekKind()
                if kind == .null {
                    try reader.null()
                } else {
                    guard kind == .object else { throw unusual }
                    // The reader checked it whole; the tree of this one
                    // member is what the action keeps.
                    let start = reader.pos
                    try reader.skipValue()
                    guard let data = try JSONParser(limits: limits).parse(Array(reader.bytes[start..<reader.pos]))
                        .objectValue else { throw unusual }
                    customData = data
                }
            } else {
                try reader.skipValue()
            }
        }
        guard let id else { throw unusual }
        return ContentAction(id: id, deepLink: deepLink, customData: customData)
    }

    private static func string(_ reader: inout JSONStreamReader) throws(FramesError) -> String? {
        guard try reader.peekKind() == .string else { return nil }
        return try reader.string()
    }
}

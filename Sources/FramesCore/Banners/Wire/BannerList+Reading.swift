/// Reading a banner list in one pass (BN-07, BN-14): `JSONStreamReader`
/// checks the whole document as `JSONParser` would, while only the members
/// the banner rules look at become Swift values. The tree of the generic
/// parser (an array, an object and a String per member) was most of the
/// cost of loading a place (see docs/performance.md, "Banner loading").
///
/// Nil for a document of the wrong shape, and an error for malformed JSON:
/// `decode` then decodes it through the tree, whose error is the one
/// reported. The rules themselves are `decodeBanner`, shared by both.
extension BannerList {
    static func read(_ bytes: [UInt8], limits: PayloadLimits) throws(FramesError) -> BannerList? {
        guard bytes.count <= limits.maxBytes else { return nil }
        var reader = JSONStreamReader(bytes, limits: limits)
        try reader.beginDocument()
        guard try reader.peekKind() == .object else { return nil }
        var top = try reader.beginObject()
        var list: BannerList?
        var shapeOK = true
        while let key = try reader.nextKey(&top) {
            guard reader.is(key, "banners") else {
                try reader.skipValue()
                continue
            }
            guard try reader.peekKind() == .array else {
                shapeOK = false
                try reader.skipValue()
                continue
            }
            // A banner the rules keep takes more than 100 bytes (its sha256
            // alone is 64), so this bounds the count without counting first.
            var builder = Builder(expected: max(0, min(limits.maxElements, bytes.count / 100)))
            var items = try reader.beginArray()
            while try reader.nextElement(&items) { builder.add(try readFields(&reader)) }
            list = builder.list
        }
        try reader.endDocument()
        return shapeOK ? list : nil
    }

    /// One element of `banners`, read in full; what `fields(of:)` takes
    /// from its tree.
    private static func readFields(_ reader: inout JSONStreamReader) throws(FramesError) -> BannerFields {
        guard try reader.peekKind() == .object else {
            try reader.skipValue()
            return BannerFields(isObject: false)
        }
        var fields = BannerFields()
        var object = try reader.beginObject()
        while let key = try reader.nextKey(&object) {
            if reader.is(key, "id") {
                fields.id = try string(&reader)
            } else if reader.is(key, "available") {
                if try reader.peekKind() == .bool {
                    fields.available = .some(try reader.bool())
                } else {
                    try reader.skipValue()
                    fields.available = .some(nil)
                }
            } else if reader.is(key, "ratio") {
                fields.ratio = try number(&reader)?.double
            } else if reader.is(key, "duration_ms") {
                let kind = try reader.peekKind()
                if kind == .null {
                    try reader.null()
                } else if kind == .number {
                    fields.duration = .some(exactInteger(try reader.number()))
                } else {
                    try reader.skipValue()
                    fields.duration = .some(nil)
                }
            } else if reader.is(key, "content") {
                guard try reader.peekKind() == .object else {
                    try reader.skipValue()
                    continue
                }
                var content = try reader.beginObject()
                while let inner = try reader.nextKey(&content) {
                    if reader.is(inner, "url") {
                        fields.url = try string(&reader)
                    } else if reader.is(inner, "sha256") {
                        fields.sha256 = try string(&reader)
                    } else {
                        try reader.skipValue()
                    }
                }
            } else {
                try reader.skipValue()
            }
        }
        return fields
    }

    /// The string at the reader, or nil (the value skipped) for another kind.
    private static func string(_ reader: inout JSONStreamReader) throws(FramesError) -> String? {
        guard try reader.peekKind() == .string else {
            try reader.skipValue()
            return nil
        }
        return try reader.string()
    }

    private static func number(_ reader: inout JSONStreamReader) throws(FramesError) -> JSONStreamReader.Number? {
        guard try reader.peekKind() == .number else {
            try reader.skipValue()
            return nil
        }
        return try reader.number()
    }

    /// `JSONValue.int64Value` of the same number.
    private static func exactInteger(_ number: JSONStreamReader.Number) -> Int64? {
        switch number {
        case .integer(let value): return value
        case .double(let value): return JSONValue.number(value).int64Value
        }
    }
}

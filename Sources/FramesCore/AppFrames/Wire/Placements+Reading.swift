/// Reading a placements response in one pass (AF-12): `JSONStreamReader`
/// checks the whole document as `JSONParser` would, while only the members
/// the rules look at become Swift values. The tree of the generic parser (an
/// array, an object and a String per member) was most of the cost of
/// resolving the placements (docs/performance.md, "App Frames engine").
///
/// Only a response the rules take as it is — every field of the kind they
/// expect, no campaign dropped — is read here. Anything else (malformed
/// JSON, a broken structure, a campaign the decoder drops) gives nil, and
/// `decode` decodes the bytes through the tree, whose answer — the error,
/// or the campaigns dropped and why — is the one reported. So the rules stay
/// written once, in Placements+Decoding.swift; this is their common case.
extension PlacementsResponse {
    static func read(_ bytes: [UInt8], limits: PayloadLimits) -> PlacementsResponse? {
        var reader = JSONStreamReader(bytes, limits: limits)
        do throws(FramesError) {
            return try read(&reader)
        } catch {
            return nil
        }
    }

    /// Thrown for anything the tree must decide: the caller only sees nil.
    private static var unusual: FramesError { FramesError(.invalidArgument, "not the common case") }

    private static func read(_ reader: inout JSONStreamReader) throws(FramesError) -> PlacementsResponse {
        try reader.beginDocument()
        guard try reader.peekKind() == .object else { throw unusual }
        var top = try reader.beginObject()
        var sdkDisabled = false
        var placements: [Placement]?
        while let key = try reader.nextKey(&top) {
            if reader.is(key, "sdk_disabled") {
                guard try reader.peekKind() == .bool else { throw unusual }
                sdkDisabled = try reader.bool()
            } else if reader.is(key, "placements") {
                placements = try readPlacements(&reader)
            } else {
                try reader.skipValue()
            }
        }
        try reader.endDocument()
        guard let placements else { throw unusual }
        return PlacementsResponse(placements: placements, sdkDisabled: sdkDisabled)
    }

    private static func readPlacements(_ reader: inout JSONStreamReader) throws(FramesError) -> [Placement] {
        guard try reader.peekKind() == .object else { throw unusual }
        var placements: [Placement] = []
        var object = try reader.beginObject()
        while let key = try reader.nextKey(&object) {
            let pid = reader.text(key)
            guard !pid.isEmpty, pid.utf8.count <= maxIDBytes, try reader.peekKind() == .object else { throw unusual }
            var campaigns: [Campaign]?
            var members = try reader.beginObject()
            while let member = try reader.nextKey(&members) {
                if reader.is(member, "campaigns") {
                    campaigns = try readCampaigns(&reader)
                } else {
                    try reader.skipValue()
                }
            }
            guard let campaigns else { throw unusual }
            placements.append(Placement(id: pid, campaigns: campaigns))
        }
        return placements
    }

    private static func readCampaigns(_ reader: inout JSONStreamReader) throws(FramesError) -> [Campaign] {
        guard try reader.peekKind() == .array else { throw unusual }
        var campaigns: [Campaign] = []
        // Ids seen, once there are too many to compare one by one.
        var seen: Set<ExactKey>?
        var items = try reader.beginArray()
        while try reader.nextElement(&items) {
            let campaign = try readCampaign(&reader)
            // A repeated id is dropped, with its reason: the tree's case.
            if campaigns.count < 16 {
                for earlier in campaigns where earlier.id.isExactly(campaign.id) { throw unusual }
            } else {
                if seen == nil { seen = Set(campaigns.map { ExactKey($0.id) }) }
                guard seen?.insert(ExactKey(campaign.id)).inserted == true else { throw unusual }
            }
            campaigns.append(campaign)
        }
        return campaigns
    }

    private static func readCampaign(_ reader: inout JSONStreamReader) throws(FramesError) -> Campaign {
        guard try reader.peekKind() == .object else { throw unusual }
        var id: String?
        var priority: CampaignPriority?
        var createdAt: Int64?
        var minVersion: SemanticVersion?
        var variants: [Variant]?
        var object = try reader.beginObject()
        while let key = try reader.nextKey(&object) {
            if reader.is(key, "id") {
                id = try identifier(&reader)
            } else if reader.is(key, "priority") {
                guard let wire = try string(&reader), let value = CampaignPriority(wireName: wire) else { throw unusual }
                priority = value
            } else if reader.is(key, "created_at") {
                guard let value = try integer(&reader), value >= 0 else { throw unusual }
                createdAt = value
            } else if reader.is(key, "min_engine_version") {
                if try reader.peekKind() == .null {
                    try reader.null()
                } else {
                    guard let text = try string(&reader), let version = SemanticVersion(text) else { throw unusual }
                    minVersion = version
                }
            } else if reader.is(key, "variants") {
                variants = try readVariants(&reader)
            } else {
                try reader.skipValue()
            }
        }
        guard let id, let priority, let createdAt, let variants else { throw unusual }
        return Campaign(id: id, priority: priority, createdAt: createdAt, minEngineVersion: minVersion,
                        variants: variants)
    }

    private static func readVariants(_ reader: inout JSONStreamReader) throws(FramesError) -> [Variant] {
        guard try reader.peekKind() == .array else { throw unusual }
        var variants: [Variant] = []
        var items = try reader.beginArray()
        while try reader.nextElement(&items) {
            guard variants.count < Campaign.maxVariants else { throw unusual }
            let variant = try readVariant(&reader)
            for earlier in variants where earlier.id.isExactly(variant.id) { throw unusual }
            variants.append(variant)
        }
        guard !variants.isEmpty else { throw unusual }
        return variants
    }

    private static func readVariant(_ reader: inout JSONStreamReader) throws(FramesError) -> Variant {
        guard try reader.peekKind() == .object else { throw unusual }
        var id: String?
        var weight: Int64?
        var content: ContentReference?
        var object = try reader.beginObject()
        while let key = try reader.nextKey(&object) {
            if reader.is(key, "id") {
                id = try identifier(&reader)
            } else if reader.is(key, "weight") {
                guard let value = try integer(&reader), value >= 1, value <= Int64(Campaign.maxWeight) else {
                    throw unusual
                }
                weight = value
            } else if reader.is(key, "content") {
                content = try readContent(&reader)
            } else {
                try reader.skipValue()
            }
        }
        guard let id, let weight, let content else { throw unusual }
        return Variant(id: id, weight: Int(weight), content: content)
    }

    private static func readContent(_ reader: inout JSONStreamReader) throws(FramesError) -> ContentReference {
        guard try reader.peekKind() == .object else { throw unusual }
        var url: String?
        var sha256: String?
        var object = try reader.beginObject()
        while let key = try reader.nextKey(&object) {
            if reader.is(key, "url") {
                guard let text = try string(&reader), !text.isEmpty else { throw unusual }
                url = text
            } else if reader.is(key, "sha256") {
                guard let text = try string(&reader), let hex = normalizedSHA256Hex(text) else { throw unusual }
                sha256 = hex
            } else {
                try reader.skipValue()
            }
        }
        guard let url, let sha256 else { throw unusual }
        return ContentReference(url: url, sha256: sha256)
    }

    /// An id: a string of 1...`maxIDBytes` bytes.
    private static func identifier(_ reader: inout JSONStreamReader) throws(FramesError) -> String {
        guard let text = try string(&reader), !text.isEmpty, text.utf8.count <= maxIDBytes else { throw unusual }
        return text
    }

    private static func string(_ reader: inout JSONStreamReader) throws(FramesError) -> String? {
        guard try reader.peekKind() == .string else { return nil }
        return try reader.string()
    }

    /// A number the tree holds as an integer (`JSONValue.integer`).
    private static func integer(_ reader: inout JSONStreamReader) throws(FramesError) -> Int64? {
        guard try reader.peekKind() == .number, case .integer(let value) = try reader.number() else { return nil }
        return value
    }
}

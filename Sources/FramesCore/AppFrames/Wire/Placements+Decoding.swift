// Decides: AF-12
/// Decoding of the placements response (AF-12). Rules:
/// - unknown fields are ignored everywhere (forward compatibility);
/// - a structurally broken response throws: not JSON or over a limit, top
///   level not an object, `placements` missing (unless `sdk_disabled` is true)
///   or not an object, a placement that is not an object or whose `campaigns`
///   is missing or not an array, `sdk_disabled` present but not a boolean;
/// - a campaign with a bad field is dropped on its own, with a reason in
///   `dropped`: not an object, missing/empty/over-long id, a repeated id
///   within its placement, priority not "high"/"medium"/"low", `created_at`
///   not an integer >= 0, `min_engine_version` not MAJOR.MINOR.PATCH, 0 or more
///   than 8 variants, a variant that is not an object, a missing/empty or
///   repeated variant id, a weight that is not an integer in 1...10,000, a
///   content reference without a `url` string or with a `sha256` that is not
///   64 hex digits.
extension PlacementsResponse {
    /// Longest accepted campaign, variant or placement id, in UTF-8 bytes.
    public static let maxIDBytes = WireID.maxBytes

    public static func decode(_ bytes: [UInt8], limits: PayloadLimits = .placements) throws(FramesError) -> PlacementsResponse {
        // The common case in one pass; the tree decides everything else.
        if let response = read(bytes, limits: limits) { return response }
        let json: JSONValue
        do {
            json = try JSONParser(limits: limits).parse(bytes)
        } catch {
            throw FramesError(error.code, "placements response: \(error.message)")
        }
        return try decode(json)
    }

    public static func decode(_ json: JSONValue) throws(FramesError) -> PlacementsResponse {
        func broken(_ what: String) -> FramesError {
            FramesError(.invalidArgument, "placements response: \(what)")
        }
        guard let top = json.objectValue else { throw broken("top level is \(json.kindName), expected an object") }
        var sdkDisabled = false
        if let flag = top["sdk_disabled"] {
            guard let b = flag.boolValue else { throw broken("\"sdk_disabled\" is \(flag.kindName), expected a boolean") }
            sdkDisabled = b
        }
        guard let placementsValue = top["placements"] else {
            if sdkDisabled { return PlacementsResponse(placements: [], sdkDisabled: true) }
            throw broken("missing \"placements\"")
        }
        guard let placementsObject = placementsValue.objectValue else {
            throw broken("\"placements\" is \(placementsValue.kindName), expected an object")
        }
        var placements: [Placement] = []
        var dropped: [DroppedCampaign] = []
        for member in placementsObject.members {
            let pid = member.key
            guard !pid.isEmpty, pid.utf8.count <= maxIDBytes else {
                throw broken("placement id must be 1...\(maxIDBytes) bytes")
            }
            guard let placementObject = member.value.objectValue else {
                throw broken("placement \"\(pid)\" is \(member.value.kindName), expected an object")
            }
            guard let campaignsValue = placementObject["campaigns"] else {
                throw broken("placement \"\(pid)\" has no \"campaigns\"")
            }
            guard let campaignValues = campaignsValue.arrayValue else {
                throw broken("\"campaigns\" of placement \"\(pid)\" is \(campaignsValue.kindName), expected an array")
            }
            var campaigns: [Campaign] = []
            var seen = Set<ExactKey>()
            for (index, value) in campaignValues.enumerated() {
                switch Campaign.decode(value) {
                case .success(let campaign):
                    if seen.insert(ExactKey(campaign.id)).inserted {
                        campaigns.append(campaign)
                    } else {
                        dropped.append(DroppedCampaign(placementID: pid, index: index, campaignID: campaign.id,
                                                       reason: "repeats campaign id \"\(campaign.id)\" of an earlier campaign"))
                    }
                case .failure(let failure):
                    dropped.append(DroppedCampaign(placementID: pid, index: index, campaignID: failure.id,
                                                   reason: failure.reason))
                }
            }
            placements.append(Placement(id: pid, campaigns: campaigns))
        }
        return PlacementsResponse(placements: placements, sdkDisabled: sdkDisabled, dropped: dropped)
    }
}

struct CampaignDecodingFailure: Error {
    let id: String?
    let reason: String
}

extension Campaign {
    static func decode(_ value: JSONValue) -> Result<Campaign, CampaignDecodingFailure> {
        guard let object = value.objectValue else {
            return .failure(CampaignDecodingFailure(id: nil, reason: "campaign is \(value.kindName), expected an object"))
        }
        guard let id = object["id"]?.stringValue, !id.isEmpty, id.utf8.count <= PlacementsResponse.maxIDBytes else {
            return .failure(CampaignDecodingFailure(id: nil,
                reason: "\"id\" must be a string of 1...\(PlacementsResponse.maxIDBytes) bytes"))
        }
        func drop(_ reason: String) -> Result<Campaign, CampaignDecodingFailure> {
            .failure(CampaignDecodingFailure(id: id, reason: reason))
        }
        guard let priorityText = object["priority"]?.stringValue,
              let priority = CampaignPriority(wireName: priorityText) else {
            return drop("\"priority\" must be \"high\", \"medium\" or \"low\"")
        }
        guard let createdValue = object["created_at"], case .integer(let createdAt) = createdValue, createdAt >= 0 else {
            return drop("\"created_at\" must be an integer number of milliseconds >= 0")
        }
        var minVersion: SemanticVersion? = nil
        if let versionValue = object["min_engine_version"], versionValue != .null {
            guard let text = versionValue.stringValue, let version = SemanticVersion(text) else {
                return drop("\"min_engine_version\" must be a \"MAJOR.MINOR.PATCH\" string")
            }
            minVersion = version
        }
        guard let variantValues = object["variants"]?.arrayValue else {
            return drop("\"variants\" must be an array")
        }
        guard variantValues.count >= 1, variantValues.count <= Campaign.maxVariants else {
            return drop("has \(variantValues.count) variants, expected 1...\(Campaign.maxVariants)")
        }
        var variants: [Variant] = []
        var seen = Set<ExactKey>()
        for (index, variantValue) in variantValues.enumerated() {
            switch Variant.decode(variantValue) {
            case .success(let variant):
                guard seen.insert(ExactKey(variant.id)).inserted else {
                    return drop("variant \(index) repeats variant id \"\(variant.id)\"")
                }
                variants.append(variant)
            case .failure(let reason):
                return drop("variant \(index): \(reason.reason)")
            }
        }
        return .success(Campaign(id: id, priority: priority, createdAt: createdAt,
                                 minEngineVersion: minVersion, variants: variants))
    }
}

extension Variant {
    static func decode(_ value: JSONValue) -> Result<Variant, CampaignDecodingFailure> {
        func bad(_ reason: String) -> Result<Variant, CampaignDecodingFailure> {
            .failure(CampaignDecodingFailure(id: nil, reason: reason))
        }
        guard let object = value.objectValue else { return bad("is \(value.kindName), expected an object") }
        guard let id = object["id"]?.stringValue, !id.isEmpty, id.utf8.count <= PlacementsResponse.maxIDBytes else {
            return bad("\"id\" must be a string of 1...\(PlacementsResponse.maxIDBytes) bytes")
        }
        guard let weightValue = object["weight"], case .integer(let weight) = weightValue,
              weight >= 1, weight <= Int64(Campaign.maxWeight) else {
            return bad("\"weight\" must be an integer in 1...\(Campaign.maxWeight)")
        }
        guard let content = object["content"]?.objectValue else { return bad("\"content\" must be an object") }
        guard let url = content["url"]?.stringValue, !url.isEmpty else {
            return bad("\"content.url\" must be a non-empty string")
        }
        guard let shaText = content["sha256"]?.stringValue, let sha = normalizedSHA256Hex(shaText) else {
            return bad("\"content.sha256\" must be 64 hexadecimal digits")
        }
        return .success(Variant(id: id, weight: Int(weight), content: ContentReference(url: url, sha256: sha)))
    }
}

/// Lowercases a 64-digit hex SHA-256 text; nil if it has any other shape.
func normalizedSHA256Hex(_ text: String) -> String? {
    let utf8 = text.utf8
    guard utf8.count == 64 else { return nil }
    // The usual case, already lowercase hex, is returned as it is.
    let bytes = utf8.span
    var lowercaseHex = true
    for i in bytes.indices {
        let c = bytes[i]
        if !((c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "f"))) {
            lowercaseHex = false
            break
        }
    }
    if lowercaseHex { return text }
    var out: [UInt8] = []
    out.reserveCapacity(64)
    for c in utf8 {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"): out.append(c)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): out.append(c + 32)
        default: return nil
        }
    }
    return String(decoding: out, as: UTF8.self)
}

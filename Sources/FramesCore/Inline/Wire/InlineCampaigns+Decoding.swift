/// Decoding of the inline campaigns document. Unlike the placements
/// response, a bad campaign rejects the whole document: an inline campaign
/// carries capping and a window, and half a document would show campaigns
/// whose competitors silently vanished (IL-04). Unknown fields are ignored
/// at every level (forward compatibility).
extension PayloadLimits {
    /// The inline campaigns document: 2 MiB, depth 16, strings 64 KiB,
    /// 10,000 elements.
    public static let inlineCampaigns = PayloadLimits(
        maxBytes: 2_097_152, maxDepth: 16, maxStringBytes: 65_536, maxElements: 10_000)
}

extension InlineCampaignsDocument {
    /// Most campaigns in one document.
    public static let maxCampaigns = 2_000
    /// Longest campaign id, placement key or event name, in UTF-8 bytes.
    public static let maxIDBytes = 256
    /// Priorities are integers 0 ... 1,000,000 (0 is the highest).
    public static let maxPriority = 1_000_000
    /// The ledger keeps the last `max_displays` times per campaign and the
    /// state blob holds at most 10,000 values per entry (XC-10).
    public static let maxDisplays = 10_000
    /// Longest capping period: ten years of 365 days.
    public static let maxPeriodMs: Int64 = 315_360_000_000

    public static func decode(_ bytes: [UInt8], limits: PayloadLimits = .inlineCampaigns) throws(FramesError)
        -> InlineCampaignsDocument {
        let json: JSONValue
        do {
            json = try JSONParser(limits: limits).parse(bytes)
        } catch {
            throw FramesError(error.code, "inline campaigns: \(error.message)")
        }
        return try decode(json)
    }

    public static func decode(_ json: JSONValue) throws(FramesError) -> InlineCampaignsDocument {
        func broken(_ what: String) -> FramesError { .invalidArgument("inline campaigns: \(what)") }
        guard let top = json.objectValue else { throw broken("top level is \(json.kindName), expected an object") }
        var sdkDisabled = false
        if let flag = top["sdk_disabled"] {
            guard let b = flag.boolValue else { throw broken("\"sdk_disabled\" is \(flag.kindName), expected a boolean") }
            sdkDisabled = b
        }
        var serverTime: Int64?
        if let value = top["server_time"], value != .null {
            guard case .integer(let t) = value, t >= 0 else {
                throw broken("\"server_time\" must be an integer number of milliseconds >= 0")
            }
            serverTime = t
        }
        guard let campaignsValue = top["campaigns"] else {
            if sdkDisabled { return InlineCampaignsDocument(campaigns: [], sdkDisabled: true, serverTime: serverTime) }
            throw broken("missing \"campaigns\"")
        }
        guard let values = campaignsValue.arrayValue else {
            throw broken("\"campaigns\" is \(campaignsValue.kindName), expected an array")
        }
        guard values.count <= maxCampaigns else {
            throw broken("\(values.count) campaigns exceed the limit of \(maxCampaigns)")
        }
        var campaigns: [InlineCampaign] = []
        campaigns.reserveCapacity(values.count)
        var seen = Set<ExactKey>()
        for (index, value) in values.enumerated() {
            let campaign = try decodeCampaign(value, index: index, serverTime: serverTime)
            guard seen.insert(ExactKey(campaign.id)).inserted else {
                throw broken("campaigns[\(index)] repeats the id \"\(campaign.id)\" of an earlier campaign")
            }
            campaigns.append(campaign)
        }
        return InlineCampaignsDocument(campaigns: campaigns, sdkDisabled: sdkDisabled, serverTime: serverTime)
    }

    private static func decodeCampaign(_ value: JSONValue, index: Int, serverTime: Int64?) throws(FramesError)
        -> InlineCampaign {
        guard let object = value.objectValue else {
            throw .invalidArgument("inline campaigns: campaigns[\(index)] is \(value.kindName), expected an object")
        }
        let idText = object["id"]?.stringValue
        func bad(_ what: String) -> FramesError {
            let name = idText.map { " (\"\($0)\")" } ?? ""
            return .invalidArgument("inline campaigns: campaigns[\(index)]\(name): \(what)")
        }
        func identifier(_ key: String) throws(FramesError) -> String {
            guard let text = object[key]?.stringValue, !text.isEmpty, text.utf8.count <= maxIDBytes else {
                throw bad("\"\(key)\" must be a string of 1...\(maxIDBytes) bytes")
            }
            return text
        }
        let id = try identifier("id")
        let placementKey = try identifier("placement_key")
        guard let triggerText = object["trigger"]?.stringValue, let trigger = InlineTrigger(wireName: triggerText) else {
            throw bad("\"trigger\" must be \"automatic\", \"on_demand\" or \"event\"")
        }
        var eventName: String?
        if trigger == .event {
            eventName = try identifier("event")
        } else if let event = object["event"], event != .null {
            throw bad("\"event\" is only for the \"event\" trigger")
        }
        guard let priorityValue = object["priority"], case .integer(let priority) = priorityValue,
              priority >= 0, priority <= Int64(maxPriority) else {
            throw bad("\"priority\" must be an integer in 0...\(maxPriority) (lower is higher)")
        }
        let capping = try decodeCapping(object["capping"], bad)
        let startsAt = try time(object["starts_at"], "starts_at", bad)
        let endsAt = try time(object["ends_at"], "ends_at", bad)
        if let startsAt, let endsAt, endsAt <= startsAt {
            throw bad("\"ends_at\" (\(endsAt)) must be later than \"starts_at\" (\(startsAt))")
        }
        if (startsAt != nil || endsAt != nil) && serverTime == nil {
            throw bad("a validity window needs the document's \"server_time\" to be measured against")
        }
        var minVersion: SemanticVersion?
        if let versionValue = object["min_engine_version"], versionValue != .null {
            guard let text = versionValue.stringValue, let version = SemanticVersion(text) else {
                throw bad("\"min_engine_version\" must be a \"MAJOR.MINOR.PATCH\" string")
            }
            minVersion = version
        }
        guard let content = object["content"]?.objectValue else { throw bad("\"content\" must be an object") }
        guard let url = content["url"]?.stringValue, !url.isEmpty else {
            throw bad("\"content.url\" must be a non-empty string")
        }
        guard let shaText = content["sha256"]?.stringValue, let sha = normalizedSHA256Hex(shaText) else {
            throw bad("\"content.sha256\" must be 64 hexadecimal digits")
        }
        return InlineCampaign(id: id, placementKey: placementKey, trigger: trigger, eventName: eventName,
                              priority: Int(priority), capping: capping, startsAt: startsAt, endsAt: endsAt,
                              minEngineVersion: minVersion, content: ContentReference(url: url, sha256: sha),
                              index: index)
    }

    private static func decodeCapping(_ value: JSONValue?, _ bad: (String) -> FramesError) throws(FramesError)
        -> InlineCapping? {
        guard let value, value != .null else { return nil }
        guard let object = value.objectValue else { throw bad("\"capping\" must be an object or null") }
        guard let maxValue = object["max_displays"], case .integer(let max) = maxValue,
              max >= 1, max <= Int64(maxDisplays) else {
            throw bad("\"capping.max_displays\" must be an integer in 1...\(maxDisplays)")
        }
        var period: Int64?
        if let periodValue = object["period_ms"], periodValue != .null {
            guard case .integer(let p) = periodValue, p >= 1, p <= maxPeriodMs else {
                throw bad("\"capping.period_ms\" must be an integer in 1...\(maxPeriodMs), or null for a lifetime cap")
            }
            period = p
        }
        return InlineCapping(maxDisplays: Int(max), periodMs: period)
    }

    private static func time(_ value: JSONValue?, _ key: String, _ bad: (String) -> FramesError) throws(FramesError)
        -> Int64? {
        guard let value, value != .null else { return nil }
        guard case .integer(let t) = value, t >= 0 else {
            throw bad("\"\(key)\" must be an integer number of milliseconds since the Unix epoch, >= 0")
        }
        return t
    }
}

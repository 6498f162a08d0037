// Decides: BN-07
/// Decoding of a banner list (BN-07, BN-14). The whole response is rejected
/// when it is not JSON, over a limit, or `banners` is not an array; a single
/// banner is dropped (with a reason) when `available` is false or it has a
/// bad field: a missing or repeated id, a ratio that is not a positive finite
/// number, a duration that is not an integer in 1...3,600,000 ms, a content
/// reference without a url or a 64-hex-digit sha256. Unknown fields are
/// ignored. An absent duration means 5,000 ms.
extension BannerList {
    public static let defaultDurationMs: Int64 = 5_000
    public static let maxDurationMs: Int64 = 3_600_000

    public static func decode(_ bytes: [UInt8], limits: PayloadLimits = .bannerList) throws(FramesError) -> BannerList {
        // The usual list is read in one pass, without a tree; anything it
        // does not take — malformed JSON, a wrong shape — is decoded again
        // through the tree below, which gives the error (the two readers
        // accept the same documents, so only the message source changes).
        if let list = try? read(bytes, limits: limits) { return list }
        return try decodeTree(bytes, limits: limits)
    }

    /// The reference decoding: the whole document as a `JSONValue` first.
    static func decodeTree(_ bytes: [UInt8], limits: PayloadLimits) throws(FramesError) -> BannerList {
        let json: JSONValue
        do {
            json = try JSONParser(limits: limits).parse(bytes)
        } catch {
            throw FramesError(error.code, "banner list: \(error.message)")
        }
        guard let top = json.objectValue else {
            throw .invalidArgument("banner list: top level is \(json.kindName), expected an object")
        }
        guard let items = top["banners"]?.arrayValue else {
            throw .invalidArgument("banner list: \"banners\" must be an array")
        }
        var builder = Builder(expected: items.count)
        for item in items { builder.add(fields(of: item)) }
        return builder.list
    }

    struct BannerFailure: Error {
        let id: String?
        let reason: String
    }

    /// The members of one banner that the rules look at, however it was
    /// read: a value of the wrong kind is nil, like an absent one.
    struct BannerFields {
        var isObject = true
        var id: String?
        /// Present: whether it was a boolean, and which.
        var available: Bool??
        var ratio: Double?
        /// Present and not null: its exact integer value, if it has one.
        var duration: Int64??
        var url: String?
        var sha256: String?
    }

    static func fields(of value: JSONValue) -> BannerFields {
        guard let object = value.objectValue else { return BannerFields(isObject: false) }
        var fields = BannerFields()
        fields.id = object["id"]?.stringValue
        if let available = object["available"] { fields.available = .some(available.boolValue) }
        fields.ratio = object["ratio"]?.doubleValue
        if let value = object["duration_ms"], value != .null { fields.duration = .some(value.int64Value) }
        if let content = object["content"]?.objectValue {
            fields.url = content["url"]?.stringValue
            fields.sha256 = content["sha256"]?.stringValue
        }
        return fields
    }

    /// The banners kept, in order, and the dropped ones with their index.
    struct Builder {
        var banners: [Banner] = []
        var dropped: [DroppedBanner] = []
        var seen = Set<ExactKey>()
        var index = 0

        /// Room for `expected` banners at once: growing the set rehashes
        /// every id kept so far, each time it doubles.
        init(expected: Int) {
            banners.reserveCapacity(expected)
            seen.reserveCapacity(expected)
        }

        mutating func add(_ fields: BannerFields) {
            switch decodeBanner(fields, seen: &seen) {
            case .success(let banner):
                banners.append(banner)
            case .failure(let failure):
                dropped.append(DroppedBanner(index: index, bannerID: failure.id, reason: failure.reason))
            }
            index += 1
        }

        var list: BannerList { BannerList(banners: banners, dropped: dropped) }
    }

    /// The banner, its id then in `seen`; or why it is dropped, `seen` as
    /// it was.
    static func decodeBanner(_ fields: BannerFields, seen: inout Set<ExactKey>) -> Result<Banner, BannerFailure> {
        guard fields.isObject else {
            return .failure(BannerFailure(id: nil, reason: "not an object"))
        }
        guard let id = fields.id, !id.isEmpty, id.utf8.count <= WireID.maxBytes else {
            return .failure(BannerFailure(id: nil, reason: "\"id\" must be a string of 1...\(WireID.maxBytes) bytes"))
        }
        // The id taken now — one hash for the look and the insertion — and
        // given back if a later rule drops the banner.
        guard seen.insert(ExactKey(id)).inserted else {
            return .failure(BannerFailure(id: id, reason: "repeated id"))
        }
        func drop(_ reason: String) -> Result<Banner, BannerFailure> {
            seen.remove(ExactKey(id))
            return .failure(BannerFailure(id: id, reason: reason))
        }
        if let available = fields.available {
            guard let flag = available else { return drop("\"available\" must be a boolean") }
            guard flag else { return drop("not available") }
        }
        guard let ratio = fields.ratio, ratio > 0, ratio.isFinite else {
            return drop("\"ratio\" must be a positive finite number (BN-07)")
        }
        var duration = defaultDurationMs
        if let value = fields.duration {
            guard let ms = value, ms >= 1, ms <= maxDurationMs else {
                return drop("\"duration_ms\" must be an integer in 1...\(maxDurationMs)")
            }
            duration = ms
        }
        // The usual lowercase digits checked a word at a time; other text
        // normalized (uppercase digits) or refused.
        guard let url = fields.url, !url.isEmpty, let shaText = fields.sha256,
              let sha = HexWord.isLowercaseSHA256(shaText) ? shaText : normalizedSHA256Hex(shaText) else {
            return drop("\"content\" must have a \"url\" and a 64-hex-digit \"sha256\"")
        }
        return .success(Banner(id: id, ratio: ratio, durationMs: duration, content: ContentReference(url: url, sha256: sha)))
    }
}

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
        var banners: [Banner] = []
        var dropped: [DroppedBanner] = []
        var seen = Set<ExactKey>()
        for (index, item) in items.enumerated() {
            switch decodeBanner(item, seen: seen) {
            case .success(let banner):
                seen.insert(ExactKey(banner.id))
                banners.append(banner)
            case .failure(let failure):
                dropped.append(DroppedBanner(index: index, bannerID: failure.id, reason: failure.reason))
            }
        }
        return BannerList(banners: banners, dropped: dropped)
    }

    struct BannerFailure: Error {
        let id: String?
        let reason: String
    }

    static func decodeBanner(_ value: JSONValue, seen: Set<ExactKey>) -> Result<Banner, BannerFailure> {
        guard let object = value.objectValue else {
            return .failure(BannerFailure(id: nil, reason: "not an object"))
        }
        guard let id = object["id"]?.stringValue, !id.isEmpty, id.utf8.count <= PlacementsResponse.maxIDBytes else {
            return .failure(BannerFailure(id: nil, reason: "\"id\" must be a string of 1...\(PlacementsResponse.maxIDBytes) bytes"))
        }
        func drop(_ reason: String) -> Result<Banner, BannerFailure> { .failure(BannerFailure(id: id, reason: reason)) }
        guard !seen.contains(ExactKey(id)) else { return drop("repeated id") }
        if let available = object["available"] {
            guard let flag = available.boolValue else { return drop("\"available\" must be a boolean") }
            guard flag else { return drop("not available") }
        }
        guard let ratio = object["ratio"]?.doubleValue, ratio > 0, ratio.isFinite else {
            return drop("\"ratio\" must be a positive finite number (BN-07)")
        }
        var duration = defaultDurationMs
        if let value = object["duration_ms"], value != .null {
            guard let ms = value.int64Value, ms >= 1, ms <= maxDurationMs else {
                return drop("\"duration_ms\" must be an integer in 1...\(maxDurationMs)")
            }
            duration = ms
        }
        guard let content = object["content"]?.objectValue,
              let url = content["url"]?.stringValue, !url.isEmpty,
              let shaText = content["sha256"]?.stringValue, let sha = normalizedSHA256Hex(shaText) else {
            return drop("\"content\" must have a \"url\" and a 64-hex-digit \"sha256\"")
        }
        return .success(Banner(id: id, ratio: ratio, durationMs: duration, content: ContentReference(url: url, sha256: sha)))
    }
}

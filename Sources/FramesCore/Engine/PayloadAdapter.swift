/// The placements response as the engine uses it: one choice per placement
/// that has a campaign for this user (AF-13), and the remote switch (XC-04).
struct ResolvedPlacements {
    var choices: [String: PlacementChoice]
    var sdkDisabled: Bool
}

extension ResolvedPlacements {
    init(_ body: [UInt8], bucketingId: String) throws(FramesError) {
        let response = try PlacementsResponse.decode(body)
        var choices: [String: PlacementChoice] = [:]
        for placement in response.placements {
            guard let choice = Selection.choose(from: placement, bucketingID: bucketingId) else { continue }
            choices[placement.id] = PlacementChoice(
                campaignId: choice.campaign.id, variantId: choice.variant.id,
                content: choice.variant.content)
        }
        self.init(choices: choices, sdkDisabled: response.sdkDisabled)
    }
}

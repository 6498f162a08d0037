// Decides: BN-10
/// The 75 % rule of list playback (BN-10), as pure functions.
public enum BannerVisibility {
    /// A banner plays when its share is strictly above this.
    public static let threshold = 0.75

    /// The share the rule compares with 75 %: the visible part of the
    /// banner's area — or, for a banner taller than the viewport, the part of
    /// the viewport's height it occupies (times its visible width share).
    /// 0 for an empty banner or viewport.
    public static func share(of banner: Rect, in viewport: Viewport) -> Double {
        guard banner.width > 0, banner.height > 0, viewport.width > 0, viewport.height > 0 else { return 0 }
        let visibleWidth = overlap(banner.x, banner.width, viewport.x, viewport.width)
        let visibleHeight = overlap(banner.y, banner.height, viewport.y, viewport.height)
        // Ratios of lengths, not of areas, so that exactly 75 % is exactly
        // 0.75 whenever the other side is fully visible.
        let widthShare = visibleWidth / banner.width
        let heightShare = banner.height > viewport.height ? visibleHeight / viewport.height : visibleHeight / banner.height
        let share = widthShare * heightShare
        return share.isFinite ? min(1, max(0, share)) : 0
    }

    /// Strictly more than 75 % (BN-10): exactly 75 % pauses.
    public static func isEligible(_ share: Double) -> Bool {
        share > threshold
    }

    /// The visible length, never more than either length: at huge
    /// coordinates `start + length` rounds or overflows, and the share must
    /// still stay within [0, 1].
    private static func overlap(_ start: Double, _ length: Double, _ windowStart: Double, _ windowLength: Double) -> Double {
        let visible = min(start + length, windowStart + windowLength) - max(start, windowStart)
        guard visible > 0 else { return 0 }
        return min(visible, length, windowLength)
    }
}

extension BannerVisibility {
    /// `rects[index]` as the rule takes it (BN-10): finite, with sizes >= 0
    /// (frames_layout_visibility checks every rect before it writes a share).
    @inline(__always)
    public static func check(_ r: Rect, at index: Int) throws(FramesError) {
        guard r.x.isFinite, r.y.isFinite, r.width.isFinite, r.height.isFinite, r.width >= 0, r.height >= 0 else {
            throw .invalidArgument("rects[\(index)] is (\(r.x), \(r.y), \(r.width) x \(r.height)); it must be finite with sizes >= 0")
        }
    }
}

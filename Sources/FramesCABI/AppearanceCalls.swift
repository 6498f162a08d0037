import CFrames
import FramesCore

// Section "Banner appearance" of frames.h.

@_cdecl("frames_appearance_init")
public func frames_appearance_init(_ appearance: UnsafeMutablePointer<frames_appearance>?, _ version: UInt32) -> frames_result {
    withResult { () throws(FramesError) in
        let out = try required(appearance, "appearance")
        try checkVersion(version)
        out.pointee = CAppearance.defaults
    }
}

@_cdecl("frames_appearance_validate")
public func frames_appearance_validate(_ appearance: UnsafePointer<frames_appearance>?) -> frames_result {
    withResult { () throws(FramesError) in
        _ = try CAppearance.resolve(try required(appearance, "appearance"))
    }
}

private func checkVersion(_ version: UInt32) throws(FramesError) {
    try FramesCABI.checkVersion(version, is: FRAMES_APPEARANCE_VERSION, "frames_appearance")
}

/// Conversion between the C struct and the core's `Appearance`.
enum CAppearance {
    static var defaults: frames_appearance {
        let a = Appearance()
        return frames_appearance(
            version: UInt32(FRAMES_APPEARANCE_VERSION),
            layout_type: a.layoutType.rawValue,
            has_max_banners_count: a.maxBannersCount != nil,
            should_loop: a.shouldLoop,
            max_banners_count: Int64(a.maxBannersCount ?? 0),
            side_inset: a.sideInset,
            leading_inset: 0,
            trailing_inset: 0,
            inter_item_spacing: a.interItemSpacing,
            column_spacing: 0,
            row_spacing: 0,
            corner_radius: a.cornerRadius,
            has_leading_inset: false,
            has_trailing_inset: false,
            has_column_spacing: false,
            has_row_spacing: false)
    }

    /// The struct's fields by their C names, for a recording (XC-12).
    static func record(_ c: frames_appearance, into line: inout RecordingLine) {
        line.field("layout_type", Int64(c.layout_type))
        line.field("has_max_banners_count", c.has_max_banners_count)
        line.field("should_loop", c.should_loop)
        line.field("max_banners_count", c.max_banners_count)
        line.field("side_inset", c.side_inset)
        line.field("leading_inset", c.leading_inset)
        line.field("trailing_inset", c.trailing_inset)
        line.field("inter_item_spacing", c.inter_item_spacing)
        line.field("column_spacing", c.column_spacing)
        line.field("row_spacing", c.row_spacing)
        line.field("corner_radius", c.corner_radius)
        line.field("has_leading_inset", c.has_leading_inset)
        line.field("has_trailing_inset", c.has_trailing_inset)
        line.field("has_column_spacing", c.has_column_spacing)
        line.field("has_row_spacing", c.has_row_spacing)
    }

    /// The struct again from a recorded line (XC-13).
    static func read(_ line: RecordedLine) throws(FramesError) -> frames_appearance {
        var c = defaults
        guard let layout = Int32(exactly: try line.int("layout_type")) else { throw line.missing("layout_type", "a layout type") }
        c.layout_type = layout
        c.has_max_banners_count = try line.bool("has_max_banners_count")
        c.should_loop = try line.bool("should_loop")
        c.max_banners_count = try line.int("max_banners_count")
        c.side_inset = try line.double("side_inset")
        c.leading_inset = try line.double("leading_inset")
        c.trailing_inset = try line.double("trailing_inset")
        c.inter_item_spacing = try line.double("inter_item_spacing")
        c.column_spacing = try line.double("column_spacing")
        c.row_spacing = try line.double("row_spacing")
        c.corner_radius = try line.double("corner_radius")
        c.has_leading_inset = try line.bool("has_leading_inset")
        c.has_trailing_inset = try line.bool("has_trailing_inset")
        c.has_column_spacing = try line.bool("has_column_spacing")
        c.has_row_spacing = try line.bool("has_row_spacing")
        return c
    }

    static func resolve(_ pointer: UnsafePointer<frames_appearance>) throws(FramesError) -> ResolvedAppearance {
        // Read the version before the rest: a struct of another version may
        // be shorter than ours.
        let version = UnsafeRawPointer(pointer).load(as: UInt32.self)
        try checkVersion(version)
        let c = pointer.pointee
        guard let layoutType = LayoutType(rawValue: c.layout_type) else {
            throw .invalidArgument("layout_type is \(c.layout_type); it must be FRAMES_LAYOUT_TYPE_CAROUSEL (0), "
                + "FRAMES_LAYOUT_TYPE_VERTICAL_LIST (1) or FRAMES_LAYOUT_TYPE_TILES (2)")
        }
        let appearance = Appearance(
            layoutType: layoutType,
            maxBannersCount: c.has_max_banners_count ? Int(clamping: c.max_banners_count) : nil,
            shouldLoop: c.should_loop,
            sideInset: c.side_inset,
            leadingInset: c.has_leading_inset ? c.leading_inset : nil,
            trailingInset: c.has_trailing_inset ? c.trailing_inset : nil,
            interItemSpacing: c.inter_item_spacing,
            columnSpacing: c.has_column_spacing ? c.column_spacing : nil,
            rowSpacing: c.has_row_spacing ? c.row_spacing : nil,
            cornerRadius: c.corner_radius)
        return try ResolvedAppearance(appearance)
    }
}

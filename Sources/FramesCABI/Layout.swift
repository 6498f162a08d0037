import CFrames
import FramesCore

// Section "Banner layout geometry" of frames.h. The batch path hands the
// caller's buffers to the core as spans: no copy of ratios or rects.

@_cdecl("frames_layout_banners")
public func frames_layout_banners(
    _ appearance: UnsafePointer<frames_appearance>?,
    _ containerWidth: Double,
    _ ratios: UnsafePointer<Double>?,
    _ count: UInt,
    _ rtl: Bool,
    _ outRects: UnsafeMutablePointer<frames_rect>?,
    _ rectsCapacity: UInt,
    _ outLaidOutCount: UnsafeMutablePointer<UInt>?,
    _ outContentHeight: UnsafeMutablePointer<Double>?
) -> frames_result {
    withResult { () throws(FramesError) in
        let appearance = try required(appearance, "appearance")
        let outCount = try required(outLaidOutCount, "out_laid_out_count")
        let outHeight = try required(outContentHeight, "out_content_height")
        let layout = try BannerLayout(appearance: CAppearance.resolve(appearance), containerWidth: containerWidth, rtl: rtl)
        let ratioCount = try elementCount(count, "count", elementSize: MemoryLayout<Double>.stride)
        let needed = layout.laidOutCount(of: ratioCount)
        if ratioCount > 0 { _ = try required(ratios, "ratios") }
        try layout.requireRoom(forLaidOut: needed)
        if rectsCapacity < UInt(needed) {
            // Ratios are checked first so a size query with a bad ratio says so.
            try withRatios(ratios, ratioCount) { (span: Span<Double>) throws(FramesError) in
                try BannerLayout.checkRatiosOf(span)
            }
            outCount.pointee = UInt(needed)
            throw FramesError(.bufferTooSmall, "out_rects holds \(rectsCapacity) rects; \(needed) are needed "
                + "(the needed count is in *out_laid_out_count)")
        }
        if needed > 0 { _ = try required(outRects, "out_rects") }
        let summary = try withRatios(ratios, ratioCount) { (span: Span<Double>) throws(FramesError) -> LayoutSummary in
            try withRects(outRects, needed) { (rects: inout MutableSpan<Rect>) throws(FramesError) -> LayoutSummary in
                try layout.layout(ratios: span, into: &rects)
            }
        }
        outCount.pointee = UInt(summary.count)
        outHeight.pointee = summary.contentHeight
    }
}

@_cdecl("frames_layout_scroll_offset")
public func frames_layout_scroll_offset(
    _ appearance: UnsafePointer<frames_appearance>?,
    _ containerWidth: Double,
    _ viewportHeight: Double,
    _ ratios: UnsafePointer<Double>?,
    _ count: UInt,
    _ rtl: Bool,
    _ index: UInt,
    _ outOffset: UnsafeMutablePointer<frames_point>?
) -> frames_result {
    withResult { () throws(FramesError) in
        let appearance = try required(appearance, "appearance")
        let out = try required(outOffset, "out_offset")
        let layout = try BannerLayout(appearance: CAppearance.resolve(appearance), containerWidth: containerWidth, rtl: rtl)
        let ratioCount = try elementCount(count, "count", elementSize: MemoryLayout<Double>.stride)
        if ratioCount > 0 { _ = try required(ratios, "ratios") }
        guard let position = Int(exactly: index) else {
            throw FramesError(.outOfRange, "index \(index) is not a laid-out banner")
        }
        let offset = try withRatios(ratios, ratioCount) { (span: Span<Double>) throws(FramesError) -> Point in
            try layout.scrollOffset(ratios: span, index: position, viewportHeight: viewportHeight)
        }
        out.pointee = frames_point(x: offset.x, y: offset.y)
    }
}

@_cdecl("frames_layout_banners_batch")
public func frames_layout_banners_batch(
    _ appearance: UnsafePointer<frames_appearance>?,
    _ batch: UnsafeMutablePointer<frames_layout_batch>?
) -> frames_result {
    withResult { () throws(FramesError) in
        let appearance = try required(appearance, "appearance")
        let batchPointer = try required(batch, "batch")
        try checkVersion(of: batchPointer, is: FRAMES_LAYOUT_BATCH_VERSION, "frames_layout_batch")
        let b = batchPointer.pointee
        let resolved = try CAppearance.resolve(appearance)
        // size_t fields import as Int: read them as the unsigned values they are.
        let widths = try elementCount(UInt(bitPattern: b.width_count), "width_count", elementSize: MemoryLayout<Double>.stride)
        let ratioTotal = try elementCount(UInt(bitPattern: b.ratio_count), "ratio_count", elementSize: MemoryLayout<Double>.stride)
        let lists = try elementCount(UInt(bitPattern: b.list_count), "list_count", elementSize: MemoryLayout<UInt>.stride)
        let rectsCapacity = UInt(bitPattern: b.rects_capacity)
        let layoutsCapacity = UInt(bitPattern: b.layouts_capacity)
        // Int and UInt may alias the same memory (Swift's signed/unsigned rule).
        let listLengths = UnsafeRawPointer(b.list_lengths)?.assumingMemoryBound(to: UInt.self)
        let outRectEnds = UnsafeMutableRawPointer(b.out_rect_ends)?.assumingMemoryBound(to: UInt.self)
        if widths > 0 { _ = try required(b.container_widths, "container_widths") }
        if ratioTotal > 0 { _ = try required(b.ratios, "ratios") }
        if lists > 0 { _ = try required(listLengths, "list_lengths") }
        try withSpan(b.container_widths, widths) { (widthSpan: Span<Double>) throws(FramesError) in
            try withSpan(b.ratios, ratioTotal) { (ratioSpan: Span<Double>) throws(FramesError) in
                try withSpan(listLengths, lists) { (lengthSpan: Span<UInt>) throws(FramesError) in
                    let plan = try LayoutBatch(appearance: resolved, containerWidths: widthSpan, ratios: ratioSpan,
                                               listLengths: lengthSpan, rtl: b.rtl)
                    if rectsCapacity < UInt(plan.rectCount) || layoutsCapacity < UInt(plan.layoutCount) {
                        batchPointer.pointee.out_rect_count = plan.rectCount
                        throw FramesError(.bufferTooSmall, "the outputs hold \(rectsCapacity) rects and \(layoutsCapacity) "
                            + "layouts; \(plan.rectCount) rects and \(plan.layoutCount) layouts are needed "
                            + "(the rect count needed is in out_rect_count)")
                    }
                    if plan.rectCount > 0 { _ = try required(b.out_rects, "out_rects") }
                    if plan.layoutCount > 0 {
                        _ = try required(outRectEnds, "out_rect_ends")
                        _ = try required(b.out_content_heights, "out_content_heights")
                    }
                    try withRects(b.out_rects, plan.rectCount) { (rects: inout MutableSpan<Rect>) throws(FramesError) in
                        try withMutableSpan(outRectEnds, plan.layoutCount) { (ends: inout MutableSpan<UInt>) throws(FramesError) in
                            try withMutableSpan(b.out_content_heights, plan.layoutCount) {
                                (heights: inout MutableSpan<Double>) throws(FramesError) in
                                try plan.layout(containerWidths: widthSpan, ratios: ratioSpan, listLengths: lengthSpan,
                                                into: &rects, rectEnds: &ends, contentHeights: &heights)
                            }
                        }
                    }
                    batchPointer.pointee.out_rect_count = plan.rectCount
                }
            }
        }
    }
}

/// The caller's input array as a span (empty when there are none).
private func withSpan<T, R>(
    _ elements: UnsafePointer<T>?, _ count: Int,
    _ body: (Span<T>) throws(FramesError) -> R
) throws(FramesError) -> R {
    let buffer = UnsafeBufferPointer(start: count > 0 ? elements : nil, count: count)
    return try body(Span(_unsafeElements: buffer))
}

/// The caller's output array as a span (empty when there are none).
private func withMutableSpan<T, R>(
    _ elements: UnsafeMutablePointer<T>?, _ count: Int,
    _ body: (inout MutableSpan<T>) throws(FramesError) -> R
) throws(FramesError) -> R {
    var span = MutableSpan<T>(_unsafeElements: UnsafeMutableBufferPointer(start: count > 0 ? elements : nil, count: count))
    return try body(&span)
}

/// The caller's ratios as a span (empty when there are none).
private func withRatios<R>(
    _ ratios: UnsafePointer<Double>?, _ count: Int,
    _ body: (Span<Double>) throws(FramesError) -> R
) throws(FramesError) -> R {
    let buffer = UnsafeBufferPointer(start: count > 0 ? ratios : nil, count: count)
    return try body(Span(_unsafeElements: buffer))
}

/// The caller's rect buffer as a span of the core's `Rect`, which has the
/// layout of `frames_rect` (four doubles); checked here rather than assumed.
private func withRects<R>(
    _ rects: UnsafeMutablePointer<frames_rect>?, _ count: Int,
    _ body: (inout MutableSpan<Rect>) throws(FramesError) -> R
) throws(FramesError) -> R {
    guard MemoryLayout<Rect>.size == MemoryLayout<frames_rect>.size,
          MemoryLayout<Rect>.stride == MemoryLayout<frames_rect>.stride,
          MemoryLayout<Rect>.alignment == MemoryLayout<frames_rect>.alignment else {
        throw FramesError(.internal, "the Swift Rect does not have the layout of frames_rect")
    }
    guard let rects, count > 0 else {
        var empty = MutableSpan<Rect>(_unsafeElements: UnsafeMutableBufferPointer(start: nil, count: 0))
        return try body(&empty)
    }
    let raw = UnsafeMutableRawPointer(rects)
    let typed = raw.bindMemory(to: Rect.self, capacity: count)
    defer { raw.bindMemory(to: frames_rect.self, capacity: count) }
    var span = MutableSpan<Rect>(_unsafeElements: UnsafeMutableBufferPointer(start: typed, count: count))
    return try body(&span)
}

@_cdecl("frames_layout_metrics_init")
public func frames_layout_metrics_init(_ metrics: UnsafeMutablePointer<frames_layout_metrics>?, _ version: UInt32) -> frames_result {
    withResult { () throws(FramesError) in
        try initialize(metrics, "metrics", version: version, is: FRAMES_LAYOUT_METRICS_VERSION, "frames_layout_metrics")
    }
}

@_cdecl("frames_layout_batch_init")
public func frames_layout_batch_init(_ batch: UnsafeMutablePointer<frames_layout_batch>?, _ version: UInt32) -> frames_result {
    withResult { () throws(FramesError) in
        try initialize(batch, "batch", version: version, is: FRAMES_LAYOUT_BATCH_VERSION, "frames_layout_batch")
    }
}

@_cdecl("frames_layout_measure")
public func frames_layout_measure(
    _ appearance: UnsafePointer<frames_appearance>?,
    _ containerWidth: Double,
    _ count: UInt,
    _ outMetrics: UnsafeMutablePointer<frames_layout_metrics>?
) -> frames_result {
    withResult { () throws(FramesError) in
        let appearance = try required(appearance, "appearance")
        let out = try required(outMetrics, "out_metrics")
        try checkVersion(of: out, is: FRAMES_LAYOUT_METRICS_VERSION, "frames_layout_metrics")
        let version = out.pointee.version
        let layout = try BannerLayout(appearance: CAppearance.resolve(appearance), containerWidth: containerWidth, rtl: false)
        let m = try layout.metrics(count: Int(clamping: count))
        out.pointee = frames_layout_metrics(
            version: version, laid_out_count: m.laidOutCount, item_width: m.itemWidth,
            leading_inset: m.leadingInset, trailing_inset: m.trailingInset,
            inter_item_spacing: m.interItemSpacing, column_spacing: m.columnSpacing,
            row_spacing: m.rowSpacing, content_width: m.contentWidth)
    }
}

/// Many layouts of one appearance in one call (BN-04..BN-07): the same
/// ratios at many container widths (a device sweep), many ratio lists at one
/// width, or width i with list i. Layout i is exactly what
/// `BannerLayout(appearance:containerWidth: widths[i], rtl:).layout(ratios: list i)`
/// gives; its rects follow layout i - 1's in one flat buffer.
///
/// The counts broadcast as numpy's shapes do: a count of 1 is repeated to
/// match the other, otherwise the two counts must be equal; a count of 0
/// makes no layout. Ratio lists are given flat, list i being the next
/// `listLengths[i]` ratios, so a caller holding a 2-D array or many arrays
/// passes one buffer and their lengths.
///
/// Planning (`init`) checks every input and sizes the outputs; `layout`
/// writes them. Both take spans so the C shim hands the caller's buffers
/// straight through.
public struct LayoutBatch: Equatable, Sendable {
    public let appearance: ResolvedAppearance
    public let rtl: Bool
    public let widthCount: Int
    public let listCount: Int
    public let ratioCount: Int
    /// Layouts computed: the broadcast of the two counts.
    public let layoutCount: Int
    /// Rects all layouts write together.
    public let rectCount: Int

    /// Checks the widths (finite, >= 0), the list lengths (they add up to
    /// the ratio count), every ratio (BN-07, named by its flat index) and
    /// the shape, and counts the rects the layouts will write.
    public init(
        appearance: ResolvedAppearance, containerWidths: Span<Double>, ratios: Span<Double>,
        listLengths: Span<UInt>, rtl: Bool
    ) throws(FramesError) {
        let widthCount = containerWidths.count
        let listCount = listLengths.count
        let layoutCount: Int
        if widthCount == listCount || listCount == 1 {
            layoutCount = widthCount
        } else if widthCount == 1 {
            layoutCount = listCount
        } else {
            throw .invalidArgument("width_count is \(widthCount) and list_count is \(listCount); they must be equal, "
                + "or one of them 1 (its width or list is used for every layout)")
        }
        for i in containerWidths.indices {
            let width = containerWidths[i]
            guard width.isFinite, width >= 0 else {
                throw .invalidArgument("container_widths[\(i)] is \(width); it must be a finite length >= 0")
            }
        }
        var listed = 0
        var rectCount = 0
        for i in listLengths.indices {
            guard let length = Int(exactly: listLengths[i]) else {
                throw .invalidArgument("list_lengths[\(i)] is \(listLengths[i]), larger than any buffer can be")
            }
            let (sum, overflow) = listed.addingReportingOverflow(length)
            guard !overflow else {
                throw .invalidArgument("list_lengths add up past the largest count a buffer can have")
            }
            listed = sum
            let (rects, tooMany) = rectCount.addingReportingOverflow(appearance.laidOutCount(of: length))
            guard !tooMany else { throw FramesError(.overflow, "the layouts would write more rects than a count can hold") }
            rectCount = rects
        }
        guard listed == ratios.count else {
            throw .invalidArgument("list_lengths add up to \(listed) ratios but ratio_count is \(ratios.count); "
                + "they must be equal")
        }
        for i in 0..<layoutCount {
            let w = widthCount == 1 ? 0 : i
            let length = Int(listLengths[listCount == 1 ? 0 : i])
            try BannerLayout(appearance: appearance, containerWidth: containerWidths[w], rtl: rtl)
                .requireRoom(forLaidOut: appearance.laidOutCount(of: length), widthName: "container_widths[\(w)]")
        }
        try BannerLayout.checkRatiosOf(ratios)
        if listCount == 1 {
            // One list laid out at every width.
            let (total, overflow) = rectCount.multipliedReportingOverflow(by: layoutCount)
            guard !overflow else { throw FramesError(.overflow, "the layouts would write more rects than a count can hold") }
            rectCount = total
        } else if layoutCount == 0 {
            rectCount = 0
        }
        self.appearance = appearance
        self.rtl = rtl
        self.widthCount = widthCount
        self.listCount = listCount
        self.ratioCount = ratios.count
        self.layoutCount = layoutCount
        self.rectCount = rectCount
    }

    /// Lays out every layout: its rects into `rects` after the previous
    /// layout's, the end of its rects (the index after its last one) into
    /// `rectEnds[i]` and its reported height into `contentHeights[i]`.
    ///
    /// The spans must be the ones planned with and the outputs at least
    /// `rectCount` and `layoutCount` long. On `.overflow` (named by its
    /// layout) earlier layouts are written and that layout may be partly.
    public func layout(
        containerWidths: Span<Double>, ratios: Span<Double>, listLengths: Span<UInt>,
        into rects: inout MutableSpan<Rect>, rectEnds: inout MutableSpan<UInt>,
        contentHeights: inout MutableSpan<Double>
    ) throws(FramesError) {
        guard containerWidths.count == widthCount, listLengths.count == listCount, ratios.count == ratioCount else {
            throw FramesError(.internal, "the batch was planned for other inputs")
        }
        guard rects.count >= rectCount, rectEnds.count >= layoutCount, contentHeights.count >= layoutCount else {
            throw FramesError(.bufferTooSmall, "the outputs hold \(rects.count) rects and \(min(rectEnds.count, contentHeights.count)) "
                + "layouts; \(rectCount) rects and \(layoutCount) layouts are needed")
        }
        var ratioStart = 0
        var rectStart = 0
        for i in 0..<layoutCount {
            let width = containerWidths[widthCount == 1 ? 0 : i]
            // init checked the lengths; checked again because a trap here
            // would kill the host (the caller's buffer could have changed).
            guard let length = Int(exactly: listLengths[listCount == 1 ? 0 : i]),
                  length <= ratios.count - ratioStart else {
                throw FramesError(.internal, "list_lengths changed while the batch was laid out")
            }
            let list = ratios.extracting(ratioStart..<(ratioStart + length))
            if listCount != 1 { ratioStart += length }
            let summary: LayoutSummary
            do {
                let layout = try BannerLayout(appearance: appearance, containerWidth: width, rtl: rtl)
                summary = try layout.layout(checkedRatios: list, into: &rects, at: rectStart)
            } catch {
                throw FramesError(error.code, "layout \(i) (container_widths[\(widthCount == 1 ? 0 : i)] = \(width)): "
                    + error.message)
            }
            rectStart += summary.count
            rectEnds[i] = UInt(rectStart)
            contentHeights[i] = summary.contentHeight
        }
    }
}

extension LayoutBatch {
    /// Owning convenience for Swift callers: `lists` laid out at `widths`
    /// with the same broadcasting; one `LayoutResult` per layout.
    public static func layout(
        appearance: Appearance, widths: [Double], lists: [[Double]], rtl: Bool = false
    ) throws(FramesError) -> [LayoutResult] {
        let resolved = try ResolvedAppearance(appearance)
        let flat = lists.flatMap { $0 }
        let lengths = lists.map { UInt($0.count) }
        let batch = try LayoutBatch(appearance: resolved, containerWidths: widths.span, ratios: flat.span,
                                    listLengths: lengths.span, rtl: rtl)
        var rects = [Rect](repeating: .zero, count: batch.rectCount)
        var ends = [UInt](repeating: 0, count: batch.layoutCount)
        var heights = [Double](repeating: 0, count: batch.layoutCount)
        var rectSpan = rects.mutableSpan
        var endSpan = ends.mutableSpan
        var heightSpan = heights.mutableSpan
        try batch.layout(containerWidths: widths.span, ratios: flat.span, listLengths: lengths.span,
                         into: &rectSpan, rectEnds: &endSpan, contentHeights: &heightSpan)
        var results: [LayoutResult] = []
        var start = 0
        for i in 0..<batch.layoutCount {
            let end = Int(ends[i])
            let width = widths[batch.widthCount == 1 ? 0 : i]
            let layout = try BannerLayout(appearance: resolved, containerWidth: width, rtl: rtl)
            let contentWidth = resolved.layoutType == .carousel ? layout.carouselContentWidth(count: end - start) : width
            results.append(LayoutResult(rects: Array(rects[start..<end]), contentWidth: contentWidth,
                                        contentHeight: heights[i]))
            start = end
        }
        return results
    }
}

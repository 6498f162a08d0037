import CFrames
import FramesCore

// Section "Banner places" of frames.h.

@_cdecl("frames_banner_place_delegate_init")
public func frames_banner_place_delegate_init(_ delegate: UnsafeMutablePointer<frames_banner_place_delegate>?,
                                              _ version: UInt32) -> frames_result {
    withResult { () throws(FramesError) in
        try initialize(delegate, "delegate", version: version, is: FRAMES_BANNER_PLACE_DELEGATE_VERSION,
                       "frames_banner_place_delegate")
    }
}

@_cdecl("frames_banners_delegate_init")
public func frames_banners_delegate_init(_ delegate: UnsafeMutablePointer<frames_banners_delegate>?,
                                         _ version: UInt32) -> frames_result {
    withResult { () throws(FramesError) in
        try initialize(delegate, "delegate", version: version, is: FRAMES_BANNERS_DELEGATE_VERSION,
                       "frames_banners_delegate")
    }
}

@_cdecl("frames_banners_set_delegate")
public func frames_banners_set_delegate(_ handle: OpaquePointer?,
                                        _ delegate: UnsafePointer<frames_banners_delegate>?) -> frames_result {
    withResult { () throws(FramesError) in
        let entry = try Handles.engine(handle)
        try entry.recorded("frames_banners_set_delegate", nil, { $0.delegate(delegate, version: FRAMES_BANNERS_DELEGATE_VERSION) }) { () throws(FramesError) in
            try replaceDelegate(delegate, version: FRAMES_BANNERS_DELEGATE_VERSION, "frames_banners_delegate",
                                release: { entry.bannersDelegate.release() },
                                install: { entry.bannersDelegate = BannersDelegateBridge($0, tap: entry.tap(nil)) })
        }
    }
}

@_cdecl("frames_banners_preload")
public func frames_banners_preload(_ handle: OpaquePointer?, _ placementId: UnsafePointer<CChar>?, _ now: Int64) -> frames_result {
    withResult { () throws(FramesError) in
        let entry = try Handles.engine(handle)
        let id = try requiredText(placementId, "placement_id")
        try entry.recorded("frames_banners_preload", nil, { $0.field("placement_id", id); $0.field("now_ms", now) }) {
            () throws(FramesError) in
            try entry.engine.banners.preloadBanners(placeId: id, now: now)
        }
    }
}

@_cdecl("frames_banner_place_new")
public func frames_banner_place_new(
    _ engineHandle: OpaquePointer?, _ placementId: UnsafePointer<CChar>?, _ appearance: UnsafePointer<frames_appearance>?,
    _ outPlace: UnsafeMutablePointer<OpaquePointer?>?
) -> frames_result {
    withResult { () throws(FramesError) in
        let engine = try Handles.engine(engineHandle)
        let out = try required(outPlace, "out_place")
        let id = try requiredText(placementId, "placement_id")
        let given = try required(appearance, "appearance")
        let resolved = try CAppearance.resolve(given)
        let entry: PlaceEntry = try engine.recorded("frames_banner_place_new", nil, { line in
            line.field("placement_id", id)
            CAppearance.record(given.pointee, into: &line)
        }) { () throws(FramesError) in
            let place = try engine.engine.banners.makePlace(placeId: id, appearance: resolved)
            return try engine.adopt(place) { entry in
                Handles.table.withLock { $0.places[entry.id] = entry }
                engine.placeIds.insert(entry.id)
            }
        }
        engine.recordReturn("frames_banner_place_new") { $0.field("obj", entry.place.recordingName) }
        out.pointee = entry.handle
    }
}

@_cdecl("frames_banner_place_free")
public func frames_banner_place_free(_ handle: OpaquePointer?) -> frames_result {
    guard handle != nil else { return FRAMES_OK }
    return withResult { () throws(FramesError) in
        let entry = try Handles.place(handle)
        try entry.recorded("frames_banner_place_free") { () throws(FramesError) in
            _ = Handles.table.withLock { $0.places.removeValue(forKey: entry.id) }
            entry.engine.placeIds.remove(entry.id)
            try entry.engine.engine.banners.removePlace(entry.place)
            entry.releaseDelegate()
        }
    }
}

@_cdecl("frames_banner_place_set_delegate")
public func frames_banner_place_set_delegate(_ handle: OpaquePointer?,
                                             _ delegate: UnsafePointer<frames_banner_place_delegate>?) -> frames_result {
    withResult { () throws(FramesError) in
        let entry = try Handles.place(handle)
        try entry.recorded("frames_banner_place_set_delegate", { $0.delegate(delegate, version: FRAMES_BANNER_PLACE_DELEGATE_VERSION) }) { () throws(FramesError) in
            try replaceDelegate(delegate, version: FRAMES_BANNER_PLACE_DELEGATE_VERSION, "frames_banner_place_delegate",
                                release: entry.releaseDelegate,
                                install: { entry.install(BannerPlaceDelegateBridge($0, handle: entry.handle, tap: entry.tap)) })
        }
    }
}

/// Runs `body` with the place's entry, recorded as `name` with its
/// `arguments` (XC-12): the common shape of the calls below.
private func onPlace(_ handle: OpaquePointer?, _ name: String, _ arguments: (inout RecordingLine) -> Void,
                     _ body: (BannerPlacesController, BannerPlace) throws(FramesError) -> Void) -> frames_result {
    withResult { () throws(FramesError) in
        let entry = try Handles.place(handle)
        try entry.recorded(name, arguments) { () throws(FramesError) in try body(entry.engine.engine.banners, entry.place) }
    }
}

/// The same for a query, which changes nothing and is not recorded.
private func queryPlace(_ handle: OpaquePointer?, _ body: (BannerPlacesController, BannerPlace) throws(FramesError) -> Void) -> frames_result {
    withResult { () throws(FramesError) in
        let entry = try Handles.place(handle)
        try body(entry.engine.engine.banners, entry.place)
    }
}

/// A size_t index as an Int, refusing what no list can hold.
private func index(_ value: UInt) throws(FramesError) -> Int {
    guard let index = Int(exactly: value) else { throw FramesError(.outOfRange, "index \(value) is not a banner of the place") }
    return index
}

@_cdecl("frames_banner_place_attach")
public func frames_banner_place_attach(_ handle: OpaquePointer?, _ now: Int64) -> frames_result {
    onPlace(handle, "frames_banner_place_attach", { $0.field("now_ms", now) }) { (engine, place) throws(FramesError) in try engine.create(place, now: now) }
}

@_cdecl("frames_banner_place_refresh")
public func frames_banner_place_refresh(_ handle: OpaquePointer?, _ now: Int64) -> frames_result {
    onPlace(handle, "frames_banner_place_refresh", { $0.field("now_ms", now) }) { (engine, place) throws(FramesError) in try engine.refresh(place, now: now) }
}

@_cdecl("frames_banner_place_set_container")
public func frames_banner_place_set_container(_ handle: OpaquePointer?, _ width: Double, _ rtl: Bool, _ now: Int64) -> frames_result {
    onPlace(handle, "frames_banner_place_set_container", { $0.field("width", width); $0.field("rtl", rtl); $0.field("now_ms", now) }) { (engine, place) throws(FramesError) in try engine.setContainer(place, width: width, rtl: rtl, now: now) }
}

@_cdecl("frames_banner_place_set_viewport")
public func frames_banner_place_set_viewport(_ handle: OpaquePointer?, _ viewport: UnsafePointer<frames_rect>?, _ now: Int64) -> frames_result {
    onPlace(handle, "frames_banner_place_set_viewport", { line in
        line.field("viewport", viewport != nil)
        if let v = viewport?.pointee { line.field("x", v.x); line.field("y", v.y); line.field("width", v.width); line.field("height", v.height) }
        line.field("now_ms", now)
    }) { (engine, place) throws(FramesError) in
        let value = viewport.map { Viewport(x: $0.pointee.x, y: $0.pointee.y, width: $0.pointee.width, height: $0.pointee.height) }
        try engine.setViewport(place, value, now: now)
    }
}

@_cdecl("frames_banner_place_set_hidden")
public func frames_banner_place_set_hidden(_ handle: OpaquePointer?, _ hidden: Bool, _ now: Int64) -> frames_result {
    onPlace(handle, "frames_banner_place_set_hidden", { $0.field("hidden", hidden); $0.field("now_ms", now) }) { (engine, place) throws(FramesError) in try engine.setHidden(place, hidden, now: now) }
}

@_cdecl("frames_banner_place_set_reader_shown")
public func frames_banner_place_set_reader_shown(_ handle: OpaquePointer?, _ shown: Bool, _ now: Int64) -> frames_result {
    onPlace(handle, "frames_banner_place_set_reader_shown", { $0.field("shown", shown); $0.field("now_ms", now) }) { (engine, place) throws(FramesError) in try engine.setReaderShown(place, shown, now: now) }
}

@_cdecl("frames_banner_place_pause")
public func frames_banner_place_pause(_ handle: OpaquePointer?, _ now: Int64) -> frames_result {
    onPlace(handle, "frames_banner_place_pause", { $0.field("now_ms", now) }) { (engine, place) throws(FramesError) in try engine.pause(place, now: now) }
}

@_cdecl("frames_banner_place_resume")
public func frames_banner_place_resume(_ handle: OpaquePointer?, _ now: Int64) -> frames_result {
    onPlace(handle, "frames_banner_place_resume", { $0.field("now_ms", now) }) { (engine, place) throws(FramesError) in try engine.resume(place, now: now) }
}

@_cdecl("frames_banner_place_report_user_interaction")
public func frames_banner_place_report_user_interaction(_ handle: OpaquePointer?, _ now: Int64) -> frames_result {
    onPlace(handle, "frames_banner_place_report_user_interaction", { $0.field("now_ms", now) }) { (engine, place) throws(FramesError) in try engine.userInteracted(place, now: now) }
}

@_cdecl("frames_banner_place_report_user_scrolled")
public func frames_banner_place_report_user_scrolled(_ handle: OpaquePointer?, _ value: UInt, _ now: Int64) -> frames_result {
    onPlace(handle, "frames_banner_place_report_user_scrolled", { $0.field("index", UInt64(value)); $0.field("now_ms", now) }) { (engine, place) throws(FramesError) in try engine.userScrolled(place, to: index(value), now: now) }
}

@_cdecl("frames_banner_place_report_web_context_reset")
public func frames_banner_place_report_web_context_reset(_ handle: OpaquePointer?, _ value: UInt, _ now: Int64) -> frames_result {
    onPlace(handle, "frames_banner_place_report_web_context_reset", { $0.field("index", UInt64(value)); $0.field("now_ms", now) }) { (engine, place) throws(FramesError) in try engine.webContextReset(place, row: index(value), now: now) }
}

@_cdecl("frames_banner_place_retry_row")
public func frames_banner_place_retry_row(_ handle: OpaquePointer?, _ value: UInt, _ now: Int64) -> frames_result {
    onPlace(handle, "frames_banner_place_retry_row", { $0.field("index", UInt64(value)); $0.field("now_ms", now) }) { (engine, place) throws(FramesError) in try engine.retryRow(place, index(value), now: now) }
}

private func write(_ navigation: BannerPlacesController.Navigation, _ out: UnsafeMutablePointer<frames_navigation>) {
    let offset = navigation.offset ?? Point(x: 0, y: 0)
    out.pointee = frames_navigation(index: navigation.index, moved: navigation.offset != nil,
                                    offset: frames_point(x: offset.x, y: offset.y))
}

@_cdecl("frames_banner_place_show_next")
public func frames_banner_place_show_next(_ handle: OpaquePointer?, _ now: Int64, _ out: UnsafeMutablePointer<frames_navigation>?) -> frames_result {
    navigate(handle, out, "frames_banner_place_show_next", { $0.field("now_ms", now) }) { (engine, place) throws(FramesError) in
        try engine.showNext(place, now: now)
    }
}

@_cdecl("frames_banner_place_show_previous")
public func frames_banner_place_show_previous(_ handle: OpaquePointer?, _ now: Int64, _ out: UnsafeMutablePointer<frames_navigation>?) -> frames_result {
    navigate(handle, out, "frames_banner_place_show_previous", { $0.field("now_ms", now) }) { (engine, place) throws(FramesError) in
        try engine.showPrevious(place, now: now)
    }
}

@_cdecl("frames_banner_place_show_banner")
public func frames_banner_place_show_banner(
    _ handle: OpaquePointer?, _ value: UInt, _ now: Int64, _ out: UnsafeMutablePointer<frames_navigation>?
) -> frames_result {
    navigate(handle, out, "frames_banner_place_show_banner", { $0.field("index", UInt64(value)); $0.field("now_ms", now) }) { (engine, place) throws(FramesError) in
        try engine.showBanner(place, index: index(value), now: now)
    }
}

/// `onPlace` for the navigation calls. A NULL `out` is refused before the
/// call is recorded, as every shim refuses a missing output: the call
/// changes nothing, and a recording holds no output pointers to replay it
/// with (XC-12, XC-13).
private func navigate(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<frames_navigation>?, _ name: String,
                      _ arguments: (inout RecordingLine) -> Void,
                      _ move: (BannerPlacesController, BannerPlace) throws(FramesError) -> BannerPlacesController.Navigation) -> frames_result {
    withResult { () throws(FramesError) in
        let entry = try Handles.place(handle)
        let target = try required(out, "out")
        try entry.recorded(name, arguments) { () throws(FramesError) in
            write(try move(entry.engine.engine.banners, entry.place), target)
        }
    }
}

@_cdecl("frames_banner_place_report_action")
public func frames_banner_place_report_action(
    _ handle: OpaquePointer?, _ value: UInt, _ target: UnsafePointer<CChar>?, _ now: Int64
) -> frames_result {
    onPlace(handle, "frames_banner_place_report_action", { line in line.field("index", UInt64(value)); line.field("target", target.flatMap { String(validatingCString: $0) }); line.field("now_ms", now) }) { (engine, place) throws(FramesError) in
        try engine.bannerAction(place, row: index(value), target: requiredText(target, "target"), now: now)
    }
}

@_cdecl("frames_banner_place_report_widget_event")
public func frames_banner_place_report_widget_event(
    _ handle: OpaquePointer?, _ value: UInt, _ name: UnsafePointer<CChar>?, _ data: UnsafePointer<CChar>?, _ now: Int64
) -> frames_result {
    onPlace(handle, "frames_banner_place_report_widget_event", { line in line.field("index", UInt64(value)); line.field("name", name.flatMap { String(validatingCString: $0) }); line.field("data_json", data.flatMap { String(validatingCString: $0) }); line.field("now_ms", now) }) { (engine, place) throws(FramesError) in
        try engine.bannerWidgetEvent(place, row: index(value), name: requiredText(name, "name"),
                                     data: text(data, "data_json"), now: now)
    }
}

@_cdecl("frames_banner_place_report_input_requested")
public func frames_banner_place_report_input_requested(
    _ handle: OpaquePointer?, _ value: UInt, _ kind: frames_input_kind, _ prompt: UnsafePointer<CChar>?, _ now: Int64
) -> frames_result {
    onPlace(handle, "frames_banner_place_report_input_requested", { line in line.field("index", UInt64(value)); line.field("kind", Int64(kind)); line.field("prompt", prompt.flatMap { String(validatingCString: $0) }); line.field("now_ms", now) }) { (engine, place) throws(FramesError) in
        guard let inputKind = InputKind(rawValue: kind) else {
            throw .invalidArgument("kind is \(kind); it must be FRAMES_INPUT_KIND_TEXT (0), _EMAIL (1) or _TELEPHONE (2)")
        }
        try engine.bannerInputRequested(place, row: index(value), kind: inputKind,
                                        prompt: text(prompt, "prompt") ?? "", now: now)
    }
}

@_cdecl("frames_banner_place_report_input_finished")
public func frames_banner_place_report_input_finished(_ handle: OpaquePointer?, _ now: Int64) -> frames_result {
    onPlace(handle, "frames_banner_place_report_input_finished", { $0.field("now_ms", now) }) { (engine, place) throws(FramesError) in try engine.inputFinished(place, now: now) }
}

@_cdecl("frames_banner_place_get_rows")
public func frames_banner_place_get_rows(
    _ handle: OpaquePointer?, _ now: Int64, _ outRows: UnsafeMutablePointer<frames_banner_row>?, _ capacity: UInt,
    _ outCount: UnsafeMutablePointer<UInt>?
) -> frames_result {
    queryPlace(handle) { (banners, place) throws(FramesError) in
        let count = try required(outCount, "out_count")
        let rows = try banners.rows(of: place, now: now)
        count.pointee = UInt(rows.count)
        guard capacity >= UInt(rows.count) else {
            throw FramesError(.bufferTooSmall, "out_rows holds \(capacity) rows; \(rows.count) are needed (in *out_count)")
        }
        guard !rows.isEmpty else { return }
        let out = try required(outRows, "out_rows")
        for (i, row) in rows.enumerated() {
            let state: frames_row_state
            switch row.content {
            case .loading: state = FRAMES_ROW_STATE_LOADING
            case .ready: state = FRAMES_ROW_STATE_READY
            case .failed: state = FRAMES_ROW_STATE_FAILED
            }
            out[i] = frames_banner_row(
                rect: frames_rect(x: row.rect.x, y: row.rect.y, width: row.rect.width, height: row.rect.height),
                state: state, share_known: row.share != nil, playing: row.playing, viewed: row.viewed,
                share: row.share ?? 0, position_ms: row.position)
        }
    }
}

@_cdecl("frames_banner_place_get_current_index")
public func frames_banner_place_get_current_index(_ handle: OpaquePointer?, _ outIndex: UnsafeMutablePointer<UInt>?) -> frames_result {
    queryPlace(handle) { (_, place) throws(FramesError) in
        try required(outIndex, "out_index").pointee = UInt(place.currentIndex)
    }
}

@_cdecl("frames_banner_place_get_banner_id")
public func frames_banner_place_get_banner_id(
    _ handle: OpaquePointer?, _ value: UInt, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: UInt,
    _ outLength: UnsafeMutablePointer<UInt>?
) -> frames_result {
    queryPlace(handle) { (banners, place) throws(FramesError) in
        let length = try required(outLength, "out_length")
        try copyText(banners.bannerId(of: place, row: index(value)), into: buffer, capacity: capacity, length: length,
                     "banner id")
    }
}

@_cdecl("frames_layout_visibility")
public func frames_layout_visibility(
    _ rects: UnsafePointer<frames_rect>?, _ count: UInt, _ viewport: UnsafePointer<frames_rect>?,
    _ outShares: UnsafeMutablePointer<Double>?, _ outEligible: UnsafeMutablePointer<Bool>?
) -> frames_result {
    withResult { () throws(FramesError) in
        let n = try elementCount(count, "count", elementSize: MemoryLayout<frames_rect>.stride)
        let view = try required(viewport, "viewport").pointee
        let input = n > 0 ? try required(rects, "rects") : nil
        let window = try Viewport(x: view.x, y: view.y, width: view.width, height: view.height).checked()
        guard let input else { return }
        // The rects read where they lie, with no array in between (a scroll
        // step calls this with every row): all of them checked before any
        // output is written, so a refused call leaves both outputs as they were.
        func rect(_ i: Int) -> Rect { Rect(x: input[i].x, y: input[i].y, width: input[i].width, height: input[i].height) }
        for i in 0..<n { try BannerVisibility.check(rect(i), at: i) }
        let outShare = try required(outShares, "out_shares")
        let outEligible = try required(outEligible, "out_eligible")
        for i in 0..<n {
            let share = BannerVisibility.share(of: rect(i), in: window)
            outShare[i] = share
            outEligible[i] = BannerVisibility.isEligible(share)
        }
    }
}

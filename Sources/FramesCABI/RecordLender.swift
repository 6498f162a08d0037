import CFrames
import FramesCore

/// An analytics record as C sees it (XC-05), lent for one callback. Most of
/// its text repeats from one record to the next — the name, the session,
/// the module, the place, the view, the fields' names — so it is lent from
/// `CStringSlots`, copied only when it changes; the fields' values go into
/// an arena. A record delivered while another one's callback runs
/// (the host re-entered the engine from it) gets a lender of its own, so
/// the running one's strings stay valid until it returns.
final class RecordLender {
    private enum Slot {
        static let name = 0, sessionId = 1, userId = 2, module = 3, location = 4, campaignId = 5, variantId = 6,
                   viewId = 7
        /// The first `fields` fields' keys have slots; their values, which
        /// change from record to record, go into the arena.
        static let fields = 4
        static func key(_ i: Int) -> Int { 8 + i }
        static let count = 8 + fields
    }

    private var slots = CStringSlots(count: Slot.count)
    private var arena = CArena()
    private var busy = false

    func lend(_ record: AnalyticsRecord, to body: (UnsafePointer<frames_analytics_record>) -> Void) {
        guard !busy else {
            RecordLender().lend(record, to: body)
            return
        }
        busy = true
        defer {
            arena.reset()
            busy = false
        }
        // The fields straight into the arena, one by one: no array on the
        // way (`AnalyticsRecord.field(at:)`).
        let count = record.fieldCount
        let fields = arena.uninitialized(frames_analytics_field.self, count: count)
        if let fields {
            for i in 0..<count {
                let field = record.field(at: i)
                let key = i < Slot.fields ? slots.lend(field.key, slot: Slot.key(i)) : arena.string(field.key)
                (fields + i).initialize(to: frames_analytics_field(key: key, value: arena.string(field.value)))
            }
        }
        var c = frames_analytics_record(
            name: slots.lend(record.name, slot: Slot.name), time_ms: record.time,
            session_id: slots.lend(record.sessionId, slot: Slot.sessionId),
            user_id: slots.lend(record.userId, slot: Slot.userId), module: slots.lend(record.module, slot: Slot.module),
            placement_id: slots.lend(record.location, slot: Slot.location),
            campaign_id: slots.lend(record.campaignId, slot: Slot.campaignId),
            variant_id: slots.lend(record.variantId, slot: Slot.variantId),
            view_id: slots.lend(record.viewId, slot: Slot.viewId),
            field_count: fields == nil ? 0 : count, fields: fields.map { UnsafePointer($0) })
        body(&c)
    }
}

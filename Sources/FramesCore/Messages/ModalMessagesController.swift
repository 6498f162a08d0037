// Decides: IM-02, IM-03, IM-04
/// Modal in-app messages delivered by silent push (IM-01..IM-07): the
/// message waiting to be shown, the one on screen, the shown-once ledger,
/// and fetches of referenced content. A module of the engine: it owns this
/// state and reaches the shared services through `services`.
///
/// Messages come in through the inbox (`MessageInbox`), which any thread
/// may fill; the owner thread picks them up at the start of each call
/// (`callStarting`). From there on every decision is the owner's:
///
/// - at most one message waits (`pending`): the newest (IM-03, IM-04);
/// - at most one is on screen (`onScreen`, IM-04);
/// - a message is presented when the app is active, nothing is on screen,
///   content is allowed, its content is at hand, and it arrived less than
///   6 hours earlier (IM-02, IM-03);
/// - presenting enters its id in the ledger (IM-03), which the host stores
///   with the engine's durable state (XC-10).
public final class ModalMessagesController: EngineModule {
    /// IM-03: a message that arrived this long ago or longer is too old.
    public static let holdLimit: Milliseconds = 6 * 60 * 60 * 1_000

    let services: ModuleServices<ModalMessagesController>
    #if hasFeature(Embedded)
    // Strong in the Embedded build, which has no weak references: its only
    // host there is the C layer's bridge, which holds nothing that holds
    // this object (docs/decisions.md, "Embedded Swift").
    public var host: ModalMessagesHost?
    #else
    public weak var host: ModalMessagesHost?
    #endif
    /// Where pushes handed in on any thread wait (IM-01); set by whoever
    /// hands them in, which alone knows its threads and provides the lock.
    public var inbox: MessageInbox?

    var pending: PendingMessage?
    var onScreen: ShownMessage?
    var ledger = ShownLedger()
    /// How recent messages ended, for `explain` (XC-11).
    var outcomes = MessageOutcomes()
    /// The content fetch in flight, for the pending message.
    var contentRequest: RequestID?
    /// Who is logged in as far as this module has heard: the user a message
    /// discarded at logout or a user change belonged to (XC-11).
    var lastUser: String?

    enum RequestPurpose {
        /// The pending message's referenced content.
        case content
    }

    enum TimerPurpose {
        /// IM-03: the pending message turns 6 hours old.
        case expiry
        /// XC-06: the next attempt at the pending message's content.
        case retryContent
    }

    init(services: ModuleServices<ModalMessagesController>) {
        self.services = services
        services.bind(self)
    }

    /// The id of the message waiting to be presented, if any.
    public var pendingMessageId: String? { pending?.arrival.message.id }

    /// The id of the message on screen, if any.
    public var onScreenMessageId: String? { onScreen?.arrival.message.id }

    /// Whether `id` was presented (and is still remembered).
    public func wasShown(_ id: String) -> Bool { ledger.contains(id) }

    /// IM-01: while messages wait in the inbox the owner must call in now:
    /// the earliest arrival, never later than the latest time the engine
    /// knows.
    var nextDeadline: Milliseconds? {
        guard let arrival = inbox?.earliestArrival else { return nil }
        return services.latestTime.map { min($0, arrival) } ?? arrival
    }

    /// Records an analytics event about `message` (XC-05); nothing while
    /// content is not allowed (XC-04).
    func record(_ event: String, _ arrival: ArrivedMessage, viewId: String?, now: Milliseconds,
                fields: [AnalyticsField] = []) {
        guard services.session.contentAllowed else { return }
        let message = arrival.message
        services.record("messages." + event, module: "messages", now: now, location: nil, campaignId: message.campaignId,
                    variantId: message.variantId, viewId: viewId,
                    fields: [AnalyticsField("message_id", message.id)] + fields)
    }

    // MARK: EngineModule

    /// IM-01: arrivals are picked up at the start of every call.
    public var wantsCallStarting: Bool { true }

    public func callStarting(now: Milliseconds) {
        guard let inbox else { return }
        let (arrivals, refusals) = inbox.takeAll()
        for refused in refusals { noteRefusal(refused, now: now) }
        guard !arrivals.isEmpty else { return }
        receive(arrivals, now: now)
    }

    func requestFinished(_ id: RequestID, for purpose: RequestPurpose, _ result: Result<[UInt8], RequestFailure>,
                         now: Milliseconds) {
        guard id == contentRequest else { return }
        contentRequest = nil
        contentFinished(result, now: now)
    }

    func timerFired(_ id: TimerID, for purpose: TimerPurpose, now: Milliseconds) {
        switch purpose {
        case .expiry:
            guard let waiting = pending, waiting.expiryTimer == id else { return }
            pending?.expiryTimer = nil
            discardPending(.expired, now: now)
        case .retryContent:
            guard pending?.retryTimer == id else { return }
            pending?.retryTimer = nil
            fetchContent(now: now)
        }
    }

    /// IM-02, IM-03: becoming active presents what waits.
    public func appStateChanged(to state: AppState, wasBackgrounded: Bool, now: Milliseconds) {
        if state == .active { presentIfPossible(now: now) }
    }

    /// IM-03: logout discards the waiting message, and so does another
    /// user; a message on screen is withdrawn. A message addressed to the
    /// user who just logged in (its `user_id`) stays.
    public func identityChanged(now: Milliseconds) {
        let user = services.session.userId
        let reason: DiscardReason = user == nil ? .logout : .userChanged
        if let waiting = pending, !isAddressedToCurrentUser(waiting.arrival.message) {
            discardPending(reason, now: now)
        }
        if let shown = onScreen, !isAddressedToCurrentUser(shown.arrival.message) {
            withdraw(reason, now: now)
        }
        lastUser = user
    }

    /// XC-04: no message is kept or shown while content is not allowed.
    public func contentAllowedChanged(now: Milliseconds) {
        guard !services.session.contentAllowed else { return }
        if pending != nil { discardPending(.consent, now: now) }
        if onScreen != nil { withdraw(.consent, now: now) }
    }

    public func engineClosed() {
        pending = nil
        onScreen = nil
        contentRequest = nil
        host = nil
        inbox = nil
    }

    func isAddressedToCurrentUser(_ message: ModalMessage) -> Bool {
        guard let target = message.userId, let user = services.session.userId else { return false }
        return target.isExactly(user)
    }
}

/// The one message waiting to be presented (IM-03, IM-04).
struct PendingMessage {
    let arrival: ArrivedMessage
    /// Nil while a referenced content is being fetched.
    var content: MessageContent?
    var contentAttempt = 1
    var retryTimer: TimerID?
    var expiryTimer: TimerID?
}

/// The message on screen. A class: the callbacks posted for it check at
/// delivery time that it is still the one on screen (XC-03).
final class ShownMessage {
    let arrival: ArrivedMessage
    let content: MessageContent
    let viewId: String
    /// IM-05: the host confirmed it is on screen.
    var displayed = false
    /// The presenter was called with it: only then is a withdrawal told.
    var delivered = false

    init(arrival: ArrivedMessage, content: MessageContent, viewId: String) {
        self.arrival = arrival
        self.content = content
        self.viewId = viewId
    }
}

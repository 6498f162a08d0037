// Decides: XC-05
/// One analytics event, delivered to the host's single sink (XC-05). The app
/// never records analytics itself; the modules do, with every identifier the
/// event has.
///
/// Constants (`let`): a struct of `var`s made by an initializer was built
/// and then copied whole — a dozen strings retained and released again —
/// every time a record was made.
public struct AnalyticsRecord: Equatable, Sendable {
    /// "<module>.<event>", e.g. "appFrames.impression", or the seed's own
    /// name where it gives one, e.g. "inApp.show" (docs/decisions.md lists
    /// them all).
    public let name: String
    public let time: Milliseconds
    public let sessionId: String
    public let userId: String?
    /// The module that recorded it.
    public let module: String
    /// The id of the slot the module showed the content in.
    public let location: String?
    public let campaignId: String?
    public let variantId: String?
    /// The view the event happened in.
    public let viewId: String?
    /// Event-specific fields, in a fixed order per event.
    public var fields: [AnalyticsField] { fieldStorage.array }
    /// The fields as made: an array is built only for `fields`. A record
    /// of a view often carries two, which its host — the C bridge — reads
    /// one by one (`fieldCount`, `field(at:)`): an array of them was an
    /// allocation and a free per record.
    let fieldStorage: Fields

    public init(name: String, time: Milliseconds, sessionId: String, userId: String?, module: String,
                location: String? = nil, campaignId: String? = nil, variantId: String? = nil,
                viewId: String? = nil, fields: [AnalyticsField] = []) {
        self.init(name: name, time: time, sessionId: sessionId, userId: userId, module: module, location: location,
                  campaignId: campaignId, variantId: variantId, viewId: viewId, fieldStorage: .list(fields))
    }

    init(name: String, time: Milliseconds, sessionId: String, userId: String?, module: String, location: String?,
         campaignId: String?, variantId: String?, viewId: String?, fieldStorage: consuming Fields) {
        self.name = name
        self.time = time
        self.sessionId = sessionId
        self.userId = userId
        self.module = module
        self.location = location
        self.campaignId = campaignId
        self.variantId = variantId
        self.viewId = viewId
        self.fieldStorage = fieldStorage
    }

    public var fieldCount: Int { fieldStorage.count }

    /// Field `index` (0 ..< `fieldCount`).
    public func field(at index: Int) -> AnalyticsField { fieldStorage[index] }

    /// The value of field `key`, if the record has it.
    public func field(_ key: String) -> String? {
        for i in 0..<fieldCount where field(at: i).key == key { return field(at: i).value }
        return nil
    }

    /// Fields as a module gave them: any number in an array, or two
    /// without one.
    enum Fields: Equatable, Sendable {
        case list([AnalyticsField])
        case two(AnalyticsField, AnalyticsField)

        var count: Int {
            switch self {
            case .list(let fields): return fields.count
            case .two: return 2
            }
        }

        subscript(index: Int) -> AnalyticsField {
            switch self {
            case .list(let fields): return fields[index]
            case .two(let first, let second): return index == 0 ? first : second
            }
        }

        var array: [AnalyticsField] {
            switch self {
            case .list(let fields): return fields
            case .two(let first, let second): return [first, second]
            }
        }

        /// The same fields, however kept.
        static func == (a: Fields, b: Fields) -> Bool { a.array == b.array }
    }
}

public struct AnalyticsField: Equatable, Sendable {
    public let key: String
    public let value: String

    public init(_ key: String, _ value: String) {
        self.key = key
        self.value = value
    }
}

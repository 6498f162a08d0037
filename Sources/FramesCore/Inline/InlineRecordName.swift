// Decides: IL-03, IL-09
/// The analytics record names of inline messages (XC-05). Where the inline
/// seed names a record, the record carries that name, so a backend built for
/// the seed's SDKs counts it (IL-03, IL-09); docs/decisions.md lists every
/// record name of the engine and where it comes from.
enum InlineRecordName {
    /// IL-03: the host reported the content on screen, per view.
    static let show = "inApp.show"
    /// IL-09: the content closed itself (`closedBy=user`), per view.
    static let discard = "inApp.discard"
    /// IL-09: closeAndTrigger's custom event. The seed sends it through the
    /// app's tracker under the action's name and names no record; the
    /// engine's name follows its own "<module>.<event>" form, with the
    /// action as a field.
    static let customEvent = "inline.customEvent"
}

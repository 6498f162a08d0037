// Decides: XC-01, XC-03
/// How the services of a module, and what they queue, reach the module
/// without owning it. The module owns its services and the services own
/// their link, so whenever the services run, the module is there; the
/// services' deinit empties the link, so a closure still waiting in the
/// outbox (`ModuleServices.post(_:)`) finds no module and does nothing —
/// what a weak reference gave, made explicit. Not `weak`: Embedded Swift
/// has no weak references (docs/decisions.md, "Embedded Swift"), and an
/// object that is weakly referenced keeps its reference count out of line,
/// which makes every retain and release of the module dearer.
final class ModuleLink<Module: AnyObject> {
    /// Set by `ModuleServices.bind`; emptied by the services' deinit.
    unowned(unsafe) var module: Module?

    init() {}
}

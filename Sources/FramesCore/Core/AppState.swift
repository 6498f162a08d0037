/// The host application's state (XC-04).
public enum AppState: Int32, Sendable, CaseIterable {
    case active = 0
    case inactive = 1
    case background = 2
}

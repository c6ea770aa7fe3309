/// Which centers a nearest-center query may return.
public enum CenterFilter: Sendable, Hashable {
    /// Every center.
    case none
    /// Centers that have every capability in the mask.
    case all(CapabilityMask)
    /// Centers that have at least one capability in the mask.
    case any(CapabilityMask)

    /// Whether a center with capabilities `mask` passes.
    @inline(__always)
    func accepts(_ mask: UInt8) -> Bool {
        switch self {
        case .none: return true
        case .all(let m): return mask & m.rawValue == m.rawValue
        case .any(let m): return mask & m.rawValue != 0
        }
    }
}

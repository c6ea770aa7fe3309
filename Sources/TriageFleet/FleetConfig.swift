/// The configuration-file values the fleet reads, as plain values: the front-end
/// loads its configuration file (with its own policy for a broken one) and hands
/// over only these keys, as the file holds them (nil when a key is absent).
public struct FleetConfig: Sendable, Equatable {
    /// Config `collector`: the fleet collector's base URL.
    public var collector: String?
    /// Config `device`: this device's name at the collector and the relay.
    public var device: String?
    /// Config `orgPublicKey`: the organisation's X25519 key (base64, or a file holding it).
    public var orgPublicKey: String?
    /// Config `relay`: the pre-notification relay's base URL.
    public var relay: String?
    /// Config `hospitalKeys`: pinned hospital keys (`{"ID": "sthk1.…"}`).
    public var hospitalKeys: [String: String]

    /// A configuration with the given values (all unset by default).
    public init(collector: String? = nil, device: String? = nil, orgPublicKey: String? = nil, relay: String? = nil,
                hospitalKeys: [String: String] = [:]) {
        self.collector = collector
        self.device = device
        self.orgPublicKey = orgPublicKey
        self.relay = relay
        self.hospitalKeys = hospitalKeys
    }
}

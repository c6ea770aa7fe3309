import CaseWire
import Foundation
import StrokeModels
import StrokeJSON

/// The board's settings. Every limit is explicit.
public struct BoardConfiguration: Sendable {
    /// The hospital this board serves (as registered at the relay).
    public var hospitalId: String
    /// The hospital's name shown in the page header instead of its id (`--hospital-name`, else the
    /// stroke center of that id in the bundled data), or nil to show the id.
    public var hospitalName: String?
    /// The relay's base URL.
    public var relayURL: String
    /// The host to listen on (default loopback: the board serves only this machine unless told otherwise).
    public var listenHost: String = "127.0.0.1"
    /// The port to listen on.
    public var listenPort: Int = 8445
    /// How often the relay is polled (default 1 s).
    public var pollInterval: Duration = .seconds(1)
    /// The wall clock of the page's ETAs, the snapshot's times and the signed polls (the system's; tests inject one).
    public var clock: WallClock = .system
    /// The page's language, or nil to follow each request's Accept-Language (English by default).
    public var language: BoardLanguage?
    /// Device name → raw Ed25519 key the board trusts instead of the relay's registry (`--trusted-devices`),
    /// or nil to trust the registry's key for the sending device.
    public var trustedDevices: [String: Data]?
    /// Local protocols besides the standard one that cases may name (`--protocol FILE`): a case's decision
    /// is checked against the protocol it names (`CaseDecision`); one naming no known protocol is `contentInvalid`.
    public var protocols: [TriageProtocol] = []
    /// The ids of the stroke centers in the board's dataset (the bundled data, or `centers.file` of the board's
    /// configuration), or nil not to check: a case routed to a center the board does not know is `contentInvalid`.
    public var centerIds: Set<String>?

    /// A configuration with defaults.
    /// - Throws: `BoardError.configurationInvalid` for a malformed hospital id.
    public init(hospitalId: String, relayURL: String) throws(BoardError) {
        guard CaseIdentifiers.isValidName(hospitalId) else {
            throw .configurationInvalid("hospital: 1–64 characters of A–Z a–z 0–9 . _ -, got \(hospitalId)")
        }
        self.hospitalId = hospitalId
        self.relayURL = relayURL
    }

    /// Reads a trusted-device file: a JSON object of device name → base64 Ed25519 public key
    /// (as `stroke-triage audit public-key` prints it).
    /// - Throws: `BoardError.configurationInvalid` naming the file and the first bad entry.
    public static func trustedDevices(file path: String) throws(BoardError) -> [String: Data] {
        guard let data = FileManager.default.contents(atPath: path),
              let object = (try? JSONValue(parsing: Array(data)))?.objectMembers else {
            throw .configurationInvalid("trusted-devices: \(path) is not readable as a JSON object")
        }
        var keys: [String: Data] = [:]
        for (name, value) in object {
            guard CaseIdentifiers.isValidName(name), let text = value.stringValue,
                  let key = Data(base64Encoded: text.trimmingCharacters(in: .whitespaces)), key.count == 32 else {
                throw .configurationInvalid("trusted-devices: \(path): entry \(name) is not a device name with a base64 Ed25519 key")
            }
            keys[name] = key
        }
        return keys
    }

    /// Host names besides the loopback ones that requests may name (`--allowed-host`, repeatable), e.g. the
    /// name a kiosk browser uses; each 1–253 characters of `A–Z a–z 0–9 . -` (set with `allowHosts`).
    public private(set) var allowedHosts: [String] = []

    /// Adds host names requests may name besides the loopback ones.
    /// - Throws: `BoardError.configurationInvalid` naming the first name that is not a host name.
    public mutating func allowHosts(_ names: [String]) throws(BoardError) {
        for name in names {
            guard (1...253).contains(name.utf8.count),
                  name.utf8.allSatisfy({ $0 == 45 || $0 == 46 || (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0) }),
                  !name.hasPrefix("."), !name.hasPrefix("-") else {
                throw .configurationInvalid("allowed-host: a host name of 1–253 characters of A–Z a–z 0–9 . -, got \(name)")
            }
        }
        allowedHosts += names
    }

    /// The check every page, event and case request passes on a loopback listener.
    public var hostCheck: BoardHostCheck { BoardHostCheck(allowedHosts: allowedHosts) }

    /// True when the board listens on a loopback address only.
    public var isLoopback: Bool {
        listenHost == "localhost" || BoardHostCheck.isIPv4Loopback(listenHost) || BoardHostCheck.isIPv6Loopback(listenHost)
    }
}

/// The board's languages.
public enum BoardLanguage: String, Sendable, Hashable, CaseIterable {
    case en, de

    /// The first supported language of an Accept-Language header (quality order), else English.
    public static func negotiate(_ header: String?) -> BoardLanguage {
        guard let header else { return .en }
        let ranked = header.split(separator: ",").enumerated().compactMap { index, part -> (String, Double, Int)? in
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = pieces.first, !tag.isEmpty else { return nil }
            let quality = pieces.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            return (tag.lowercased(), quality, index)
        }.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.2 < $1.2 }
        for (tag, quality, _) in ranked where quality > 0 {
            let primary = tag.split(separator: "-").first.map(String.init) ?? tag
            if let language = BoardLanguage(rawValue: primary) { return language }
        }
        return .en
    }
}

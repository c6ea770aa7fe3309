import AuditFormat
import FleetExport
import Foundation
import StrokeJSON

/// Decides whether a push's signed head may be acknowledged (pure: no I/O).
///
/// The collector reads, under the device's row lock, the log id bound to the
/// device, the highest erasure count and key epoch it accepted, and the keys
/// that may sign the device's heads (`CollectorStore.acceptableHeadKeys`),
/// then asks `evaluate`.
public enum SignedHeadCheck {
    /// What the device row holds about its signed heads.
    public struct Stored: Sendable, Hashable {
        /// The log id bound at the first signed push, else nil.
        public var logId: String?
        /// The highest erasure count accepted.
        public var erasedKeys: Int64
        /// The highest key epoch accepted.
        public var keyEpoch: Int64

        /// Creates the stored state.
        public init(logId: String?, erasedKeys: Int64, keyEpoch: Int64) {
            self.logId = logId
            self.erasedKeys = erasedKeys
            self.keyEpoch = keyEpoch
        }
    }

    /// Checks `request.signedHead` and returns the device's state after the push.
    /// - Throws: `PushRefusal` `head.unsigned` (none), `head.invalid` (signature, key, or not the push's head),
    ///   `log.foreign` (another log id than the bound one), `chain.rollback` (fewer erasures or an older key epoch).
    public static func evaluate(_ request: PushRequest, stored: Stored, acceptableKeys: [Data]) throws(PushRefusal) -> Stored {
        guard let signed = request.signedHead else { throw .headUnsigned }
        guard signed.logID.count == 16, signed.chainHash.count == 32, signed.sequence >= 0, signed.erasedKeys >= 0,
              signed.keyEpoch >= 0, signed.isSigned(byOneOf: acceptableKeys) else { throw .headInvalid }
        guard signed.sequence == request.head.sequence, signed.chainHash == request.head.hash else { throw .headInvalid }
        if let bound = stored.logId, bound != signed.logIDHex { throw .logForeign }
        guard signed.erasedKeys >= stored.erasedKeys, signed.keyEpoch >= stored.keyEpoch else { throw .rollback }
        return Stored(logId: signed.logIDHex, erasedKeys: signed.erasedKeys, keyEpoch: signed.keyEpoch)
    }

    /// The bytes of lower-case hex text (the form `audit head --json` prints), or nil.
    static func hex(_ text: String) -> Data? { Hex.decode(text, lowercaseOnly: true) }

    /// `"bound log L; pushed log P"` and the counters compared, for the incident (no patient data).
    static func describe(_ request: PushRequest, stored: Stored) -> String {
        guard let signed = request.signedHead else { return "no signed head" }
        return "bound log \(stored.logId ?? "none"); pushed log \(signed.logIDHex); erased keys \(stored.erasedKeys)→\(signed.erasedKeys); "
            + "key epoch \(stored.keyEpoch)→\(signed.keyEpoch); signed head \(signed.sequence), push head \(request.head.sequence)"
    }
}

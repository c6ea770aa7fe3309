import AuditFormat
import Crypto
import Foundation
import StrokeJSON

/// The file names, line encodings and signed message of a fleet export
/// (docs/audit-format.md, "Fleet export"), shared by the collector that
/// writes it and the offline verifier that reads it, so no rule exists twice.
///
/// Every JSON file is written with sorted keys and without escaped slashes,
/// one object per line for `.jsonl` files, each line ending in `\n`: the
/// same database state always gives byte-identical files.
public enum FleetExportLayout {
    /// The fleet manifest at the top of the export directory.
    public static let fleetManifest = "fleet-manifest.json"
    /// The collector's base64 Ed25519 signature over `signedMessage(fleetManifest bytes)`.
    public static let fleetSignature = "fleet-manifest.sig"
    /// The directory holding one directory per device.
    public static let devicesDirectory = "devices"
    /// A device's manifest (SHA-256 of each of its other files).
    public static let deviceManifest = "manifest.json"
    /// A device's records: the range plus one boundary record on each side, full (ciphertext as stored).
    public static let recordsFile = "records.jsonl"
    /// A device's chain links after the last exported record up to its latest signed head (no ciphertext).
    public static let linksFile = "links.jsonl"
    /// Every signed head the collector accepted from the device.
    public static let headsFile = "heads.jsonl"
    /// The org-wrapped data keys of the records in range (erased ones absent).
    public static let wrappedKeysFile = "wrapped-keys.jsonl"
    /// The files of a device directory the device manifest hashes, in this order.
    public static let deviceFiles = [headsFile, linksFile, recordsFile, wrappedKeysFile]
    /// The domain prefix of the fleet manifest's signed message.
    public static let signatureDomain = Data("stroke-triage/fleet-export/v1\n".utf8)
    /// The research-use notice every export carries.
    public static let notice = "Research use only. Not a medical device; not for clinical decisions."

    /// `"stroke-triage/fleet-export/v1\n" ‖ manifest bytes`: what the collector signs.
    public static func signedMessage(_ manifest: Data) -> Data { signatureDomain + manifest }

    /// The relative path of a device's file, e.g. `devices/AMB-12/records.jsonl`.
    public static func path(device: String, file: String) -> String { "\(devicesDirectory)/\(device)/\(file)" }

    /// Lower-case hex SHA-256 of `data`.
    public static func sha256(_ data: Data) -> String { Hex.encode(SHA256.hash(data: data)) }

    /// The deterministic JSON of `value` (sorted keys, unescaped slashes, no trailing newline;
    /// audit records and heads in `AuditWireForm.export`).
    public static func json<T: Encodable>(_ value: T) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.userInfo[.auditWireForm] = AuditWireForm.export
        // Every exported type encodes without failure (strings, integers, nested values).
        return (try? encoder.encode(value)) ?? Data("{}".utf8)
    }

    /// JSON Lines: each value's JSON followed by `\n`.
    public static func jsonLines<T: Encodable>(_ values: [T]) -> Data {
        var out = Data()
        for value in values {
            out.append(json(value))
            out.append(0x0a)
        }
        return out
    }

    /// Decodes JSON Lines; nil (with the 1-based line) when a line is not a `T`.
    public static func decodeLines<T: Decodable>(_ type: T.Type, _ data: Data) -> Result<[T], LineError> {
        var out: [T] = []
        let decoder = JSONDecoder()
        decoder.userInfo[.auditWireForm] = AuditWireForm.export
        guard data.isEmpty || data.last == 0x0a else { return .failure(LineError(line: 0)) }
        for (index, line) in data.split(separator: 0x0a, omittingEmptySubsequences: false).dropLast().enumerated() {
            guard let value = try? decoder.decode(T.self, from: Data(line)) else { return .failure(LineError(line: index + 1)) }
            out.append(value)
        }
        return .success(out)
    }

    /// A JSON Lines file's line that does not decode (0: the file does not end with a newline).
    public struct LineError: Error, Sendable, Hashable {
        /// The 1-based line number.
        public let line: Int
    }
}

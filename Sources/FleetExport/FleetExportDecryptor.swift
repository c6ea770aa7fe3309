import AuditFormat
import Crypto
import Foundation
import StrokeJSON
import StrokeModels

/// Opens a verified fleet export with the organisation's private key: each
/// wrapped data key with HPKE (`WrappedDataKey.open`, the contract's suite, info
/// and associated data), then each record's payload with AES-GCM and the
/// audit log's own associated data (`AuditLayout.associatedData`).
///
/// Output: one JSON line per record in the range, devices by name, records by
/// sequence: `{"device","sequence","timestampMs","type","dataKeyId","status","event"}`
/// where status is `ok` (event holds the payload), `erased` (the device destroyed the
/// key), `noKey` (not wrapped to this organisation key) or `unreadable`.
public enum FleetExportDecryptor {
    /// Counts by status.
    public struct Counts: Sendable, Hashable {
        /// Records opened.
        public var opened = 0
        /// Records whose key was erased.
        public var erased = 0
        /// Records without a key for this organisation key, or whose payload did not open.
        public var unopened = 0
    }

    /// The JSON lines of every record in the range of every valid device of `verification`.
    public static func decrypt(directory: URL, verification: FleetVerification,
                               organisationKey: Curve25519.KeyAgreement.PrivateKey) -> (lines: Data, counts: Counts) {
        let myKeyID = WrappedDataKey.orgKeyId(organisationKey.publicKey)
        var out = Data()
        var counts = Counts()
        for device in verification.devices where device.isValid {
            let records = lines(AuditRecord.self, directory, device.name, FleetExportLayout.recordsFile)
            let wrapped = lines(WrappedDataKey.self, directory, device.name, FleetExportLayout.wrappedKeysFile)
            let manifest = (FileManager.default.contents(
                atPath: directory.appendingPathComponent(FleetExportLayout.path(device: device.name, file: FleetExportLayout.deviceManifest)).path))
                .flatMap { try? JSONDecoder().decode(FleetDeviceManifest.self, from: $0) }
            let erased = Set(manifest?.erasedKeyIds ?? [])
            var keys: [String: SymmetricKey] = [:]
            for line in wrapped where line.orgKeyId == myKeyID {
                if let key = try? line.open(with: organisationKey) { keys[line.dataKeyId] = key }
            }
            for record in records where record.sequence >= device.rangeFirstSequence && record.sequence <= device.rangeLastSequence {
                var status = "noKey"
                var event = "null"
                if erased.contains(record.dataKeyId) {
                    status = "erased"
                    counts.erased += 1
                } else if let key = keys[record.dataKeyId] {
                    if let plain = open(record, with: key) {
                        status = "ok"
                        event = plain
                        counts.opened += 1
                    } else {
                        status = "unreadable"
                        counts.unopened += 1
                    }
                } else {
                    counts.unopened += 1
                }
                var line = JSONObjectWriter(capacity: event.utf8.count + 160)
                line.add("device", .string(device.name))
                line.add("sequence", .integer(Int(record.sequence)))
                line.add("timestampMs", .integer(Int(record.timestampMs)))
                line.add("type", .string(record.type))
                line.add("dataKeyId", .string(record.dataKeyId))
                line.add("status", .string(status))
                line.add("event", rawJSON: event.utf8)  // checked as one JSON document by `open`
                // A device's strings (its name, a record's type, the payload) may hold DEL, C1 or
                // bidirectional controls, which JSON allows raw: escaped, the line means the same
                // JSON and never reorders or restyles an operator's terminal.
                out.append(contentsOf: String(decoding: line.finish(), as: UTF8.self).escapingControlCharactersInJSON.utf8)
                out.append(UInt8(ascii: "\n"))
            }
        }
        return (out, counts)
    }

    /// A record's payload as JSON text, or nil when it does not open or is not JSON.
    static func open(_ record: AuditRecord, with key: SymmetricKey) -> String? {
        guard let box = try? AES.GCM.SealedBox(combined: record.ciphertext),
              let plain = try? AES.GCM.open(box, using: key, authenticating: record.associatedData),
              (try? JSONValue(parsing: [UInt8](plain))) != nil,
              let text = String(data: plain, encoding: .utf8), !text.contains("\n") else { return nil }
        return text
    }

    private static func lines<T: Decodable>(_ type: T.Type, _ directory: URL, _ device: String, _ file: String) -> [T] {
        let data = FileManager.default.contents(atPath: directory.appendingPathComponent(FleetExportLayout.path(device: device, file: file)).path)
        return data.flatMap { try? FleetExportLayout.decodeLines(T.self, $0).get() } ?? []
    }
}

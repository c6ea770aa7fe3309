import AuditFormat
import Crypto
import FleetExport
import Foundation
import StrokeAudit
import StrokeJSON
import Testing
import TestJSON

/// Issue 29 item 10: the decrypted lines of `audit verify --fleet-export … --org-key`
/// (stdout or `--decrypt-to`) carry a device's strings, which JSON allows to hold raw
/// bidi, DEL and C1 characters; they are written as `\uXXXX` escapes, the same JSON value.
@Suite("fleet export: decrypted lines are terminal-safe")
struct FleetDecryptEscapingTests {
    @Test("a payload and a record type holding U+202E, U+0085 and DEL are escaped in the decrypted line")
    func escaped() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let organisation = Curve25519.KeyAgreement.PrivateKey()
        let dataKey = SymmetricKey(size: .bits256)
        let type = "test\u{202E}1"
        let payload = Data(#"{"operator":"crew \#u{202E}21-BMA","data":{"note":"a\#u{85}b\#u{7F}c"}}"#.utf8)
        let previous = Data(repeating: 0, count: 32)
        let aad = AuditLayout.associatedData(sequence: 1, timestamp: 0, type: type, previousHash: previous)
        let sealed = try AES.GCM.seal(payload, using: dataKey, authenticating: aad).combined!
        let record = AuditRecord(sequence: 1, timestampMs: 0, type: type, dataKeyId: "a-1", ciphertext: sealed,
                                     previousHash: previous, hash: Data(repeating: 1, count: 32))
        let wrapped = try WrappedDataKey.seal(rawKey: dataKey.withUnsafeBytes { Data($0) }, dataKeyId: "a-1", to: organisation.publicKey)
        let device = directory.url.appendingPathComponent(FleetExportLayout.path(device: "AMB-1", file: ""))
        try FileManager.default.createDirectory(at: device, withIntermediateDirectories: true)
        try FleetExportLayout.jsonLines([record]).write(to: device.appendingPathComponent(FleetExportLayout.recordsFile))
        try FleetExportLayout.jsonLines([wrapped]).write(to: device.appendingPathComponent(FleetExportLayout.wrappedKeysFile))
        var verification = FleetVerification()
        var report = FleetDeviceReport(name: "AMB-1")
        report.rangeFirstSequence = 1
        report.rangeLastSequence = 1
        verification.devices = [report]

        let (lines, counts) = FleetExportDecryptor.decrypt(directory: directory.url, verification: verification, organisationKey: organisation)
        #expect(counts.opened == 1)
        let text = String(decoding: lines, as: UTF8.self)
        #expect(!text.unicodeScalars.contains { [0x202E, 0x85, 0x7F].contains($0.value) }, "\(text.debugDescription)")
        #expect(text.contains(#""type":"test\u202e1""#))
        #expect(text.contains(#"crew \u202e21-BMA"#))
        #expect(text.contains(#"a\u0085b\u007fc"#))
        // The same JSON value as before escaping.
        let object = try JSONValue(parsing: Data(text.split(separator: "\n")[0].utf8)).object
        #expect(object?["type"].stringValue == type)
        let event = object?["event"].object
        #expect(event?["operator"].stringValue == "crew \u{202E}21-BMA")
    }
}

import Foundation
import StrokeJSON
import Testing
@testable import StrokeAudit

/// The audit files written through StrokeJSON are byte for byte what the
/// hand-written templates wrote before (manifests and heads are signed,
/// compared and kept by witnesses: their form must not move).
@Suite("Audit JSON forms through StrokeJSON")
struct AuditJSONFormTests {
    static let head = AuditHead(logID: Data((0..<16).map(UInt8.init)), sequence: 42, chainHash: Data(repeating: 0xAB, count: 32),
                                erasedKeys: 3, keyEpoch: 2, timeMs: 1_795_240_523_264, publicKey: Data(repeating: 7, count: 32),
                                signature: Data(repeating: 9, count: 64))

    static func manifest(head: AuditHead?, range: Bool, file: String, disclaimer: String) -> AuditManifest {
        AuditManifest(exportFormat: "jsonl", file: file, sha256: String(repeating: "c", count: 64), count: 17, first: 3, last: 19,
                      firstPreviousHash: String(repeating: "0", count: 64), lastHash: String(repeating: "f", count: 64),
                      fromMs: range ? 1_700_000_000_000 : nil, toMs: range ? 1_700_000_005_000 : nil,
                      checkpoint: AuditCheckpoint(sequence: 20, headHash: Data(repeating: 1, count: 32), createdMs: 1_700_000_006_000,
                                                  publicKey: Data(repeating: 2, count: 32), signature: Data(repeating: 3, count: 64)),
                      head: head, exportSignature: Data(repeating: 4, count: 64), createdMs: 1_700_000_007_123, disclaimer: disclaimer)
    }

    /// The head's template before StrokeJSON.
    static func legacy(_ h: AuditHead) -> String {
        "{\"format\":\"stroke-triage-audit-head\",\"version\":1,\"logId\":\"\(h.logIDHex)\",\"sequence\":\(h.sequence),"
            + "\"chainHash\":\"\(Hex.encode(h.chainHash))\",\"erasedKeys\":\(h.erasedKeys),\"keyEpoch\":\(h.keyEpoch),"
            + "\"timeMs\":\(h.timeMs),\"time\":\"\(UTCTime.iso(h.timeMs))\",\"publicKey\":\"\(h.publicKey.base64EncodedString())\","
            + "\"signature\":\"\(h.signature.base64EncodedString())\"}"
    }

    /// The manifest's template before StrokeJSON.
    static func legacy(_ m: AuditManifest) -> String {
        func ms(_ value: Int64?) -> String { value.map { "\"\(UTCTime.iso($0))\"" } ?? "null" }
        let cp = m.checkpoint
        return """
            {
              "format": "stroke-triage-audit-export-manifest",
              "version": 2,
              "logId": "\(m.head.map(\.logIDHex) ?? "")",
              "exportFormat": "\(m.exportFormat)",
              "file": \(JSONText.quote(m.file)),
              "sha256": "\(m.sha256)",
              "records": {"count": \(m.count), "first": \(m.first), "last": \(m.last), "firstPrevHash": "\(m.firstPreviousHash)", "lastHash": "\(m.lastHash)"},
              "range": {"from": \(ms(m.fromMs)), "to": \(ms(m.toMs))},
              "chainHead": {"sequence": \(cp.sequence), "hash": "\(Hex.encode(cp.headHash))"},
              "checkpoint": {"sequence": \(cp.sequence), "headHash": "\(Hex.encode(cp.headHash))", "createdMs": \(cp.createdMs), "publicKey": "\(cp.publicKey.base64EncodedString())", "signature": "\(cp.signature.base64EncodedString())"},
              "head": \(m.head.map(legacy) ?? "null"),
              "exportSignature": "\(m.exportSignature.base64EncodedString())",
              "createdMs": \(m.createdMs),
              "createdAt": "\(UTCTime.iso(m.createdMs))",
              "containsPatientData": true,
              "fileMode": "0600",
              "disclaimer": \(JSONText.quote(m.disclaimer))
            }

            """
    }

    @Test("the signed head's JSON is unchanged")
    func headForm() {
        #expect(Self.head.json == Self.legacy(Self.head))
        #expect(AuditHead(json: Data(Self.head.json.utf8)) == Self.head)
    }

    @Test("the export manifest's JSON is unchanged", arguments: [false, true])
    func manifestForm(withHead: Bool) throws {
        for range in [false, true] {
            let m = Self.manifest(head: withHead ? Self.head : nil, range: range, file: "exp\"ört\n😀.jsonl",
                                  disclaimer: "Research use only.\t\"Not\" a device.")
            #expect(m.json == Self.legacy(m))
            #expect(try JSONValue(parsing: m.json)["records"]?["count"] == .integer(17))
        }
    }
}

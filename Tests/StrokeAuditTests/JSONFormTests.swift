import AuditFormat
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

    /// The export's record line (written on the hot path with StrokeJSON's escaper)
    /// and its verifier's fixed-order scanner agree with StrokeJSON's reader.
    @Test("export lines read the same with StrokeJSON and with the verifier's scanner")
    func exportLineAgreesWithTheSharedReader() throws {
        var clock = ISOClock()
        for (assessment, type, payload) in [("a-1\"x", "assessment.result", #"{"gfap":120.0,"note":"ü\n"}"#),
                                            (nil, "audit.erased", "{}")] as [(String?, String, String)] {
            let line = ExportLine(sequence: 1_234_567, timestamp: 1_795_240_523_264, type: type, assessment: assessment, status: "ok",
                                  previous: Data(repeating: 0x0F, count: 32), hash: Data(repeating: 0xF0, count: 32),
                                  ciphertext: Data((0..<61).map(UInt8.init)))
            var out: [UInt8] = []
            line.writeJSON(payload: Data(payload.utf8), to: &out, clock: &clock)
            #expect(out.last == UInt8(ascii: "\n"))
            let value = try JSONValue(parsing: Array(out.dropLast()))
            #expect(value.keys == ["sequence", "timestamp", "time", "type", "assessment", "payloadStatus", "prevHash", "hash", "ciphertext", "payload"])
            #expect(value["sequence"] == .integer(1_234_567))
            #expect(value["time"]?.stringValue == UTCTime.iso(1_795_240_523_264))
            #expect(value["assessment"] == assessment.map(JSONValue.string) ?? .null)
            #expect(value["payload"] == (try JSONValue(parsing: payload)))
            let scanned = try #require(ExportRecord.jsonl(out.dropLast()[...]))
            #expect(scanned.sequence == Int64(value["sequence"]?.intValue ?? 0))
            #expect(scanned.timestamp == Int64(value["timestamp"]?.intValue ?? 0))
            #expect(scanned.type == value["type"]?.stringValue)
            #expect(Hex.encode(scanned.previousHash) == value["prevHash"]?.stringValue)
            #expect(Hex.encode(scanned.hash) == value["hash"]?.stringValue)
            #expect(scanned.ciphertext.base64EncodedString() == value["ciphertext"]?.stringValue)
        }
    }
}

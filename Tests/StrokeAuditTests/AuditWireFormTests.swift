import AuditFormat
import Foundation
import Testing

/// The one record and the one signed head in their JSON wire forms, against
/// bytes written out by hand (the push body's `records`/`signedHead` of
/// docs/server.md and the fleet export's `records.jsonl`/`heads.jsonl` of
/// docs/audit-format.md, as the former per-use types wrote them).
@Suite("audit record and head wire forms")
struct AuditWireFormTests {
    static let record = AuditRecord(sequence: 1, timestampMs: 1_790_000_000_000, type: "assessment.result", dataKeyId: "a-1",
                                    ciphertext: Data([1, 2, 3]), previousHash: Data(count: 32),
                                    hash: Data(repeating: 2, count: 32))
    static let head = AuditHead(logID: Data(repeating: 0xab, count: 16), sequence: 7, chainHash: Data(repeating: 2, count: 32),
                                erasedKeys: 1, keyEpoch: 2, timeMs: 1_790_000_000_123,
                                publicKey: Data(repeating: 5, count: 32), signature: Data(repeating: 6, count: 64))
    static let zeros64 = "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="
    static let twos64 = "AgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgI="
    static let twosHex = String(repeating: "02", count: 32)

    static func json(_ value: some Encodable, _ form: AuditWireForm?) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        if let form { encoder.userInfo[.auditWireForm] = form }
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func decode<T: Decodable>(_ type: T.Type, _ text: String, _ form: AuditWireForm) throws -> T {
        let decoder = JSONDecoder()
        decoder.userInfo[.auditWireForm] = form
        return try decoder.decode(type, from: Data(text.utf8))
    }

    @Test("a record: base64 binary in a push (the default form), hex hashes in an export; both read back")
    func recordForms() throws {
        let push = #"{"ciphertext":"AQID","dataKeyId":"a-1","hash":"\#(Self.twos64)","previousHash":"\#(Self.zeros64)","#
            + #""sequence":1,"timestampMs":1790000000000,"type":"assessment.result"}"#
        let export = #"{"ciphertext":"AQID","dataKeyId":"a-1","hash":"\#(Self.twosHex)","#
            + #""previousHash":"\#(String(repeating: "0", count: 64))","sequence":1,"timestampMs":1790000000000,"type":"assessment.result"}"#
        #expect(try Self.json(Self.record, nil) == push)
        #expect(try Self.json(Self.record, .push) == push)
        #expect(try Self.json(Self.record, .export) == export)
        #expect(try Self.decode(AuditRecord.self, push, .push) == Self.record)
        #expect(try Self.decode(AuditRecord.self, export, .export) == Self.record)
        #expect(throws: DecodingError.self) { try Self.decode(AuditRecord.self, push, .export) }
    }

    @Test("a head: the fields of audit head --json in a push; with format and version in an export; both read back")
    func headForms() throws {
        let fields = #""chainHash":"\#(Self.twosHex)","erasedKeys":1,"#
        let keys = #""keyEpoch":2,"logId":"\#(String(repeating: "ab", count: 16))","publicKey":"\#(Data(repeating: 5, count: 32).base64EncodedString())","#
            + #""sequence":7,"signature":"\#(Data(repeating: 6, count: 64).base64EncodedString())","timeMs":1790000000123"#
        let push = "{" + fields + keys + "}"
        let export = "{" + fields + #""format":"stroke-triage-audit-head","# + keys + #","version":1}"#
        #expect(try Self.json(Self.head, nil) == push)
        #expect(try Self.json(Self.head, .export) == export)
        #expect(try Self.decode(AuditHead.self, push, .push) == Self.head)
        #expect(try Self.decode(AuditHead.self, export, .export) == Self.head)
        #expect(AuditHead(json: Data(export.utf8)) == Self.head)
        #expect(throws: DecodingError.self) { try Self.decode(AuditHead.self, push, .export) }
    }

    @Test("a pushed head whose log id is not hex reads as no bytes (refused as head.invalid); U+0000 makes it unreadable")
    func pushedHeadIds() throws {
        let good = try Self.json(Self.head, .push)
        let notHex = good.replacingOccurrences(of: String(repeating: "ab", count: 16), with: "XYZ")
        #expect(try Self.decode(AuditHead.self, notHex, .push).logID.isEmpty)
        let upper = good.replacingOccurrences(of: String(repeating: "ab", count: 16), with: String(repeating: "AB", count: 16))
        #expect(try Self.decode(AuditHead.self, upper, .push).logID.isEmpty)
        #expect(throws: DecodingError.self) { try Self.decode(AuditHead.self, notHex, .export) }
        let nul = good.replacingOccurrences(of: String(repeating: "ab", count: 16), with: "ab\\u0000")
        #expect(throws: DecodingError.self) { try Self.decode(AuditHead.self, nul, .push) }
    }

    @Test("a chained record carries the audit log's hash and checks it")
    func chained() {
        let record = AuditRecord.chained(sequence: 1, timestampMs: 5, type: "t", dataKeyId: "k", ciphertext: Data([9]),
                                         previousHash: AuditLayout.genesisHash)
        #expect(record.hash == AuditLayout.recordHash(sequence: 1, timestamp: 5, type: "t", ciphertext: Data([9]),
                                                      previousHash: AuditLayout.genesisHash))
        #expect(record.hashIsValid)
        #expect(!Self.record.hashIsValid)
    }
}

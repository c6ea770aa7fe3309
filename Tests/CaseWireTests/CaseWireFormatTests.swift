import AuditFormat
import Crypto
import Foundation
import StrokeModels
import Testing
@testable import CaseWire

/// The urgency rule, the hospital key formats and the wire bodies.
@Suite("case wire formats")
struct CaseWireFormatTests {
    @Test("the case urgency is the decision's: read from decision.urgency, absent or unknown gives nil")
    func urgencyFromJSON() {
        #expect(TriageUrgency.allCases.map(\.rawValue) == ["standard", "urgent", "timeCritical", "immediate"])
        let json = Data(#"{"module":"coma","decision":{"urgency":"timeCritical"},"ich":{"probability":0.31}}"#.utf8)
        #expect(TriageUrgency(caseJSON: json) == .timeCritical)
        #expect(TriageUrgency(caseJSON: Data(#"{"ich":{"probability":0.9}}"#.utf8)) == nil)
        #expect(TriageUrgency(caseJSON: Data(#"{"decision":{"urgency":"critical"}}"#.utf8)) == nil)
        #expect(TriageUrgency(caseJSON: Data("[1]".utf8)) == nil)
    }

    @Test("urgencies stored before the one vocabulary map to today's names")
    func storedUrgencies() {
        #expect(TriageUrgency(stored: "critical") == .immediate)
        #expect(TriageUrgency(stored: "high") == .urgent)
        #expect(TriageUrgency(stored: "moderate") == .timeCritical)
        #expect(TriageUrgency(stored: "low") == .standard)
        #expect(TriageUrgency(stored: "urgent") == .urgent)
        #expect(TriageUrgency(stored: "nonsense") == nil)
    }

    @Test("a hospital public key formats as sthk1.<x25519>.<ed25519> and parses back; malformed keys are refused")
    func hospitalKeyText() throws {
        let pair = HospitalKeyPair()
        let text = pair.publicKey.description
        #expect(text.hasPrefix("sthk1."))
        #expect(text.split(separator: ".").count == 3)
        #expect(try HospitalPublicKey(" \(text)\n") == pair.publicKey)
        #expect(pair.publicKey.signingKey == pair.signingKey.publicKey.rawRepresentation)
        for bad in ["", "sthk1", "sthk2.\(text.dropFirst(6))", "sthk1.AAAA.BBBB", "sthk1.\(pair.publicKey.agreementKey.base64EncodedString())"] {
            #expect(throws: CaseWireError.hospitalKeyInvalid) { try HospitalPublicKey(bad) }
        }
    }

    @Test("a hospital key file round-trips both private keys; other files are refused")
    func keyFile() throws {
        let pair = HospitalKeyPair()
        let read = try HospitalKeyPair(fileData: pair.fileData())
        #expect(read.publicKey == pair.publicKey)
        #expect(read.agreementKey.rawRepresentation == pair.agreementKey.rawRepresentation)
        #expect(throws: CaseWireError.keyFileInvalid) { try HospitalKeyPair(fileData: Data("{}".utf8)) }
    }

    @Test("a hospital request signature verifies with the collector's request scheme and the hospital's key")
    func hospitalSignature() throws {
        let pair = HospitalKeyPair()
        let headers = Dictionary(uniqueKeysWithValues: try HospitalRequestSignature.sign(
            method: "GET", path: RelayPaths.hospitalCases, body: Data(), hospitalId: "H1", timestampMs: 42,
            nonce: "abcdefghijklmnop", key: pair.signingKey))
        #expect(headers["Stroke-Hospital"] == "H1")
        #expect(headers["Stroke-Device"] == nil)
        let parsed = try #require(RequestSignature.parse(device: headers["Stroke-Hospital"], timestamp: headers["Stroke-Timestamp"],
                                                         nonce: headers["Stroke-Nonce"], signature: headers["Stroke-Signature"]))
        #expect(parsed.isValid(method: "GET", path: RelayPaths.hospitalCases, body: Data(), publicKey: pair.publicKey.signingKey))
        #expect(!parsed.isValid(method: "GET", path: RelayPaths.cases, body: Data(), publicKey: pair.publicKey.signingKey))
    }

    @Test("the create body writes etaMinutes as null when unknown and round-trips")
    func createBody() throws {
        let sealed = SealedCase(encapsulatedKey: Data([1, 2]), ciphertext: Data([3]))
        let request = CaseCreateRequest(caseId: String(repeating: "0", count: 32), hospitalId: "H1", urgency: .urgent,
                                        etaMinutes: nil, sealed: sealed)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let text = String(decoding: try encoder.encode(request), as: UTF8.self)
        #expect(text == #"{"caseId":"00000000000000000000000000000000","ciphertext":"Aw==","encapsulatedKey":"AQI=","etaMinutes":null,"hospitalId":"H1","urgency":"urgent"}"#)
        #expect(try JSONDecoder().decode(CaseCreateRequest.self, from: Data(text.utf8)) == request)
        #expect(CaseIdentifiers.isValidCaseId(CaseIdentifiers.makeCaseId()))
        #expect(!CaseIdentifiers.isValidCaseId(String(repeating: "A", count: 32)))
    }
}

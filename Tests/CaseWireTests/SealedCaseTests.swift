import Crypto
import Foundation
import Testing
@testable import CaseWire

/// Sealing and opening a case: HPKE to the hospital, the device's signature inside.
@Suite("sealed case")
struct SealedCaseTests {
    static let caseId = "0123456789abcdef0123456789abcdef"
    static let caseJSON = Data(#"{"module":"full","inputs":{"age_years":97,"gfap_value":4321.5,"headache":"no","fast_ed_score":0},"ich":{"probability":0.61}}"#.utf8)

    let device = Curve25519.Signing.PrivateKey()
    let hospital = HospitalKeyPair()

    func seal(_ json: Data = caseJSON, hospitalId: String = "H1", to key: HospitalPublicKey? = nil) throws -> SealedCase {
        try SealedCase.seal(caseJSON: json, caseId: Self.caseId, hospitalId: hospitalId, device: "AMB-12",
                            signingKey: device, to: key ?? hospital.publicKey, sentMs: 1_790_000_000_000)
    }

    func registry(_ name: String) -> Data? { name == "AMB-12" ? device.publicKey.rawRepresentation : nil }

    @Test("seal then open returns the case bytes exactly, the device and a valid verdict")
    func roundTrip() throws {
        let sealed = try seal()
        let opened = sealed.open(caseId: Self.caseId, hospitalId: "H1", with: hospital, registeredKey: registry)
        #expect(opened.verdict == .valid)
        #expect(opened.isValid)
        #expect(opened.caseJSON == Self.caseJSON)
        #expect(opened.device == "AMB-12")
        #expect(opened.devicePublicKey == device.publicKey.rawRepresentation)
        #expect(opened.sentMs == 1_790_000_000_000)
        #expect(!sealed.ciphertext.contains(Data("4321.5".utf8)))
    }

    @Test("a tampered ciphertext or encapsulated key is undecryptable and shows no content")
    func tampered() throws {
        let sealed = try seal()
        for index in [0, sealed.ciphertext.count / 2, sealed.ciphertext.count - 1] {
            var bytes = [UInt8](sealed.ciphertext)
            bytes[index] ^= 0x01
            let opened = SealedCase(encapsulatedKey: sealed.encapsulatedKey, ciphertext: Data(bytes))
                .open(caseId: Self.caseId, hospitalId: "H1", with: hospital, registeredKey: registry)
            #expect(opened.verdict == .undecryptable)
            #expect(opened.caseJSON == nil)
        }
        var key = [UInt8](sealed.encapsulatedKey)
        key[3] ^= 0x80
        let opened = SealedCase(encapsulatedKey: Data(key), ciphertext: sealed.ciphertext)
            .open(caseId: Self.caseId, hospitalId: "H1", with: hospital, registeredKey: registry)
        #expect(opened.verdict == .undecryptable)
    }

    @Test("another hospital's key, case id or hospital id cannot open it")
    func boundToCaseAndHospital() throws {
        let sealed = try seal()
        #expect(sealed.open(caseId: Self.caseId, hospitalId: "H1", with: HospitalKeyPair(), registeredKey: registry).verdict == .undecryptable)
        #expect(sealed.open(caseId: String(repeating: "a", count: 32), hospitalId: "H1", with: hospital,
                            registeredKey: registry).verdict == .undecryptable)
        #expect(sealed.open(caseId: Self.caseId, hospitalId: "H2", with: hospital, registeredKey: registry).verdict == .undecryptable)
    }

    @Test("a device key other than the registered one is signatureInvalid; no registered key is unknownDevice")
    func wrongDeviceKey() throws {
        let sealed = try seal()
        let other = Curve25519.Signing.PrivateKey().publicKey.rawRepresentation
        let wrong = sealed.open(caseId: Self.caseId, hospitalId: "H1", with: hospital, registeredKey: { _ in other })
        #expect(wrong.verdict == .signatureInvalid)
        #expect(wrong.caseJSON == nil)
        let unknown = sealed.open(caseId: Self.caseId, hospitalId: "H1", with: hospital, registeredKey: { _ in nil })
        #expect(unknown.verdict == .unknownDevice)
        #expect(unknown.caseJSON == nil)
    }

    @Test("an envelope whose signature does not verify is signatureInvalid even under the registered key")
    func forgedSignature() throws {
        // Sealed by someone who knows the hospital's public key and the device's public key, but not its private key.
        let forger = Curve25519.Signing.PrivateKey()
        let message = CaseEnvelope.signedMessage(caseId: Self.caseId, hospitalId: "H1", device: "AMB-12",
                                                 sentMs: 1, payload: Self.caseJSON)
        let envelope = CaseEnvelope(caseId: Self.caseId, hospitalId: "H1", device: "AMB-12", sentMs: 1,
                                    devicePublicKey: device.publicKey.rawRepresentation, payload: Self.caseJSON,
                                    signature: try forger.signature(for: message))
        var sender = try HPKE.Sender(recipientKey: hospital.publicKey.agreementPublicKey,
                                     ciphersuite: SealedCase.ciphersuite, info: SealedCase.hpkeInfo)
        let ciphertext = try sender.seal(try envelope.encoded(),
                                         authenticating: SealedCase.associatedData(caseId: Self.caseId, hospitalId: "H1"))
        let opened = SealedCase(encapsulatedKey: sender.encapsulatedKey, ciphertext: ciphertext)
            .open(caseId: Self.caseId, hospitalId: "H1", with: hospital, registeredKey: registry)
        #expect(opened.verdict == .signatureInvalid)
        #expect(opened.caseJSON == nil)
    }

    @Test("an envelope with a truncated signature is signatureInvalid (never a crash)")
    func truncatedSignature() throws {
        let envelope = CaseEnvelope(caseId: Self.caseId, hospitalId: "H1", device: "AMB-12", sentMs: 1,
                                    devicePublicKey: device.publicKey.rawRepresentation, payload: Self.caseJSON,
                                    signature: Data([1, 2, 3]))
        #expect(!envelope.isSignatureValid)
    }

    @Test("seal refuses a malformed case id or hospital id")
    func refusesBadIds() {
        #expect(throws: CaseWireError.caseIdInvalid) {
            try SealedCase.seal(caseJSON: Self.caseJSON, caseId: "ABC", hospitalId: "H1", device: "AMB-12",
                                signingKey: device, to: hospital.publicKey, sentMs: 0)
        }
        #expect(throws: CaseWireError.hospitalIdInvalid) {
            try SealedCase.seal(caseJSON: Self.caseJSON, caseId: Self.caseId, hospitalId: "a/b", device: "AMB-12",
                                signingKey: device, to: hospital.publicKey, sentMs: 0)
        }
    }
}

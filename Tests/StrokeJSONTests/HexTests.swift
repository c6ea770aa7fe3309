import Foundation
import StrokeJSON
import Testing

/// The one hex codec: encoding, decoding (either case or lower-case only), rejections, round trips.
@Suite struct HexTests {
    /// Every byte value, so each digit pair is covered.
    static let allBytes = Data((0...255).map { UInt8($0) })

    @Test func encodesLowerCaseTwoDigitsPerByte() {
        #expect(Hex.encode(Data()) == "")
        #expect(Hex.encode(Data([0x00, 0x0f, 0xa0, 0xff])) == "000fa0ff")
        #expect(Hex.encode([UInt8]([1, 2, 3])) == "010203")
        let text = Hex.encode(Self.allBytes)
        #expect(text.utf8.count == 512)
        #expect(text == Self.allBytes.map { String(format: "%02x", $0) }.joined())
    }

    @Test func encodesAnyByteSequence() {
        #expect(Hex.encode("AZ".utf8) == "415a")
        #expect(Hex.encode(Self.allBytes[250...]) == "fafbfcfdfeff")
    }

    @Test func appendsDigitsToABuffer() {
        var buffer = Array("x=".utf8)
        Hex.append(Data([0xde, 0xad]), to: &buffer)
        #expect(String(decoding: buffer, as: UTF8.self) == "x=dead")
    }

    @Test func decodesEitherCaseByDefault() {
        #expect(Hex.decode("") == Data())
        #expect(Hex.decode("00ABff") == Data([0x00, 0xab, 0xff]))
        #expect(Hex.decode("deadBEEF"[...]) == Data([0xde, 0xad, 0xbe, 0xef]))
        #expect(Hex.decode(utf8: Array("0a0B".utf8)[...]) == Data([0x0a, 0x0b]))
    }

    @Test func lowercaseOnlyRefusesUpperCaseDigits() {
        #expect(Hex.decode("00abff", lowercaseOnly: true) == Data([0x00, 0xab, 0xff]))
        #expect(Hex.decode("00ABff", lowercaseOnly: true) == nil)
        #expect(Hex.decode(utf8: Array("0A".utf8), lowercaseOnly: true) == nil)
    }

    @Test(arguments: ["0", "abc", "0g", "g0", "zz", " 0a", "0a ", "0x0a", "--", "é1"])
    func refusesMalformedText(_ text: String) {
        #expect(Hex.decode(text) == nil)
    }

    @Test func roundTripsEveryByte() {
        #expect(Hex.decode(Hex.encode(Self.allBytes)) == Self.allBytes)
        #expect(Hex.decode(Hex.encode(Self.allBytes).uppercased()) == Self.allBytes)
        #expect(Hex.decode(Hex.encode(Self.allBytes), lowercaseOnly: true) == Self.allBytes)
    }

    @Test func recognisesHexOfAnExactLength() {
        #expect(Hex.isHex("00112233445566778899aabbccddeeff", byteCount: 16, lowercaseOnly: true))
        #expect(!Hex.isHex("00112233445566778899AABBCCDDEEFF", byteCount: 16, lowercaseOnly: true))
        #expect(Hex.isHex("00112233445566778899AABBCCDDEEFF", byteCount: 16))
        #expect(!Hex.isHex("00112233445566778899aabbccddeef", byteCount: 16))
        #expect(!Hex.isHex("00112233445566778899aabbccddeeff00", byteCount: 16))
        #expect(!Hex.isHex("00112233445566778899aabbccddeefg", byteCount: 16))
    }

    @Test func randomTextHasTheLengthAndAlphabetAsked() {
        let first = Hex.random(byteCount: 16)
        #expect(Hex.isHex(first, byteCount: 16, lowercaseOnly: true))
        #expect(Hex.random(byteCount: 0) == "")
        // 128 random bits: two draws are equal with probability 2^-128.
        #expect(first != Hex.random(byteCount: 16))
    }
}

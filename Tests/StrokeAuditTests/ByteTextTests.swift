import AuditFormat
import Foundation
import Testing
@testable import StrokeAudit

@Suite("Byte encodings of the export")
struct ByteTextTests {
    @Test("base64 matches Foundation and round-trips (hex: StrokeJSONTests.HexTests)", arguments: [0, 1, 2, 3, 4, 31, 32, 33, 100])
    func roundTrip(length: Int) {
        let data = Data((0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) })
        var base64: [UInt8] = []
        ByteText.appendBase64(data, to: &base64)
        #expect(String(decoding: base64, as: UTF8.self) == data.base64EncodedString())
        #expect(ByteText.base64(base64[...]) == data)
    }

    @Test("malformed base64 is refused")
    func malformed() {
        #expect(ByteText.base64(Array("abc".utf8)[...]) == nil)
        #expect(ByteText.base64(Array("ab=c".utf8)[...]) == nil)
        #expect(ByteText.base64(Array("a*cd".utf8)[...]) == nil)
    }

    @Test("ISO clock matches the formatter")
    func iso() {
        var clock = ISOClock()
        for ms: Int64 in [0, 999, 1000, 1_795_240_523_264, 1_795_240_523_999, 951_782_400_000] {
            var out: [UInt8] = []
            clock.append(ms, to: &out)
            #expect(String(decoding: out, as: UTF8.self) == UTCTime.iso(ms))
        }
        #expect(UTCTime.iso(1_795_240_523_264) == "2026-11-21T05:55:23.264Z")
        #expect(UTCTime.iso(951_782_400_000) == "2000-02-29T00:00:00.000Z")
    }

    @Test("whole-second times are Foundation's ISO 8601 text (the one formatter of reports and statuses)")
    func isoSeconds() {
        let foundation = ISO8601DateFormatter()
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        for ms: Int64 in [0, 999, 1000, 1_795_240_523_264, 1_795_240_523_999, 951_782_400_000, 4_102_444_799_999] {
            let date = Date(timeIntervalSince1970: Double(ms) / 1000)
            #expect(UTCTime.isoSeconds(ms) == foundation.string(from: date))
            #expect(UTCTime.isoSeconds(date) == foundation.string(from: date))
            #expect(UTCTime.iso(ms) == fractional.string(from: date))
        }
        #expect(UTCTime.isoSeconds(Date(timeIntervalSince1970: 1_795_240_523.9996)) == "2026-11-21T05:55:24Z")
        #expect(UTCTime.isoSeconds(1_795_240_523_999) == "2026-11-21T05:55:23Z")
    }
}

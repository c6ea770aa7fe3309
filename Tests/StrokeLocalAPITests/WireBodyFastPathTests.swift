import Foundation
@testable import StrokeLocalAPI
import Testing

/// The flat-object hot path of `WireBody` against Foundation's `JSONDecoder`:
/// on every body where the fast path gives an answer, it is the decoder's answer;
/// where it gives none, the body goes to the decoder.
@Suite struct WireBodyFastPathTests {
    static let bodies: [String] = [
        #"{"gfap_value":180,"fast_ed_score":7}"#,
        " { \"gfap_value\" : 180.5 ,\t\"fast_ed_score\" : -0.0 } ",
        "{\n\"gfap_value\":\r\n1e3,\"fast_ed_score\":7E-1}\n",
        #"{"gfap_value":0.1,"fast_ed_score":1.7976931348623157e308}"#,
        #"{"gfap_value":5e-324,"fast_ed_score":123456789012345678901234567890}"#,
        #"{"a":true,"b":false,"c":null,"d":"yes","e":"","f":"70"}"#,
        #"{"a":1,"b":0,"c":-1}"#,
        #"{}"#,
        #"{ }"#,
        // Not the plain case: the decoder decides.
        #"{"a":"caf\u00e9"}"#,
        #"{"a":"café"}"#,
        #"{"a\"b":1}"#,
        #"{"a":[1,2]}"#,
        #"{"a":{"b":1}}"#,
        #"{"a":1,"a":2}"#,
        #"{"a":1e400}"#,
        // Not JSON at all: both refuse.
        #"{"a":01}"#,
        #"{"a":1.}"#,
        #"{"a":.5}"#,
        #"{"a":+1}"#,
        #"{"a":1,}"#,
        #"{"a" 1}"#,
        #"{"a":tru}"#,
        #"{"a":NaN}"#,
        #"{"a":1}x"#,
        #"{"a":1"#,
        #"[1]"#,
        #""text""#,
        "",
        "{\"a\":\"line\nbreak\"}",
    ]

    static func decoder(_ body: String) -> [String: WireBody.Scalar]? {
        try? JSONDecoder().decode([String: WireBody.Scalar].self, from: Data(body.utf8))
    }

    @Test func theFastPathReadsWhatJSONDecoderReads() {
        for body in Self.bodies {
            let bytes = Array(body.utf8)
            guard let fast = bytes.withUnsafeBufferPointer(FlatJSONScanner.members) else { continue }
            #expect(fast == Self.decoder(body), "\(body)")
        }
    }

    @Test func contractBodiesTakeTheFastPath() {
        for body in Self.bodies.prefix(9) {
            #expect(Array(body.utf8).withUnsafeBufferPointer(FlatJSONScanner.members) != nil, "\(body)")
        }
    }

    @Test func wireBodyGivesTheSameAnswersEitherWay() throws {
        for body in Self.bodies {
            let viaBody = try? WireBody(Array(body.utf8)).members
            #expect(viaBody == Self.decoder(body), "\(body)")
        }
    }
}

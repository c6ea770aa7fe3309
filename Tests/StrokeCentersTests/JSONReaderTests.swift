@testable import StrokeCenters
import Testing

/// The loader's JSON reader: strict RFC 8259, escapes, numbers, clear failures.
@Suite struct JSONReaderTests {
    static func parse(_ text: String) throws -> JSONTree { try JSONReader.parse(Array(text.utf8)) }

    @Test func valuesEscapesAndNumbers() throws {
        let v = try Self.parse(#" {"a": [1, -2.5e2, 0, true, false, null], "s": "x\"\\\/\n\t\u00fc\ud83d\ude00", "e": {}} "#)
        #expect(v["a"] == .array([.number(1), .number(-250), .number(0), .bool(true), .bool(false), .null]))
        #expect(v["s"] == .string("x\"\\/\n\tü😀"))
        #expect(v["e"] == .object([]))
        #expect(try Self.parse("\u{FEFF}[\"München\"]") == .array([.string("München")]))
    }

    @Test(arguments: ["", "[", "[1,]", "{\"a\" 1}", "01", "1.", "-", "[1] x", "\"abc", "\"\\x\"", "\"\\ud800\"", "tru", "[1e]", "{1: 2}", "\"a\u{01}\""])
    func malformedInputFails(_ text: String) {
        #expect(throws: JSONReader.Failure.self) { try Self.parse(text) }
    }

    @Test func deepNestingIsRefused() {
        #expect(throws: JSONReader.Failure.self) { try Self.parse(String(repeating: "[", count: 600) + String(repeating: "]", count: 600)) }
    }
}

import StrokeJSON
import Testing

/// The one reader: strict RFC 8259, key order, integers apart from doubles,
/// escapes, limits and clear failures that never echo the input.
@Suite struct JSONReaderTests {
    static func parse(_ text: String) throws(JSONError) -> JSONValue { try JSONValue(parsing: text) }

    @Test func valuesEscapesAndNumbers() throws {
        let v = try Self.parse(#" {"a": [1, -2.5e2, 0, true, false, null], "s": "x\"\\\/\n\t\u00fc\ud83d\ude00", "e": {}} "#)
        #expect(v["a"] == .array([.integer(1), .number(-250), .integer(0), .bool(true), .bool(false), .null]))
        #expect(v["s"] == .string("x\"\\/\n\tü😀"))
        #expect(v["e"] == .object([]))
        #expect(try Self.parse("\u{FEFF}[\"München\"]") == .array([.string("München")]))
        #expect(try JSONValue(parsing: Array("[\"Köln\"]".utf8)) == .array([.string("Köln")]))
    }

    @Test func objectsKeepTheirOrder() throws {
        let v = try Self.parse(#"{"z": 1, "a": 2, "m": {"y": 3, "b": 4}}"#)
        #expect(v.keys == ["z", "a", "m"])
        #expect(v["m"]?.keys == ["y", "b"])
        #expect(v.serialized() == #"{"z":1,"a":2,"m":{"y":3,"b":4}}"#)
    }

    @Test func integersAndDoublesStayApart() throws {
        #expect(try Self.parse("5") == .integer(5))
        #expect(try Self.parse("5.0") == .number(5))
        #expect(try Self.parse("5e0") == .number(5))
        #expect(try Self.parse("-0") == .integer(0))
        #expect(try Self.parse("9223372036854775807") == .integer(Int.max))
        #expect(try Self.parse("9223372036854775808") == .number(9223372036854775808.0))
        #expect(try Self.parse("0.1") == .number(0.1))
        #expect(try Self.parse("1E-7") == .number(1e-7))
    }

    @Test(arguments: [
        "", "[", "[1,]", "{\"a\" 1}", "01", "1.", "-", "[1] x", "\"abc", "\"\\x\"", "\"\\ud800\"", "\"\\udc00\"", "tru", "[1e]",
        "{1: 2}", "\"a\u{01}\"", "NaN", "Infinity", "-Infinity", "1e400", "{\"a\":1,}", "'a'", "[1 2]", "+1", ".5", "\"\\u12\"",
    ])
    func malformedInputFails(_ text: String) {
        #expect(throws: JSONError.self) { try Self.parse(text) }
    }

    @Test func invalidUTF8IsAnEncodingError() {
        do {
            _ = try JSONValue(parsing: [0x22, 0xC3, 0x28, 0x22])
            Issue.record("accepted invalid UTF-8")
        } catch {
            #expect(error.kind == .encoding)
            #expect(error.code == "json.encoding")
        }
    }

    @Test func failuresNameThePositionNeverTheContent() {
        let secret = "patient-Mustermann"
        do {
            _ = try Self.parse(#"{"name": "\#(secret)", "x": tru}"#)
            Issue.record("accepted a bad literal")
        } catch {
            #expect(error.code == "json.syntax")
            #expect(error.offset == 36)
            #expect(!error.description.contains("Mustermann"))
            #expect(error.description.contains("byte 36"))
        }
    }

    @Test func deepNestingIsRefused() throws {
        #expect(throws: JSONError.self) { try Self.parse(String(repeating: "[", count: 600) + String(repeating: "]", count: 600)) }
        let shallow = JSONLimits(maxDepth: 3)
        #expect(throws: JSONError.self) { try JSONValue(parsing: "[[[[1]]]]", limits: shallow) }
        _ = try JSONValue(parsing: "[[[1]]]", limits: shallow)
        do {
            _ = try JSONValue(parsing: "[[[[1]]]]", limits: shallow)
        } catch {
            #expect(error.kind == .tooDeep)
        }
    }

    @Test func oversizedInputIsRefusedBeforeReading() {
        do {
            _ = try JSONValue(parsing: "[1, 2, 3]", limits: JSONLimits(maxBytes: 8))
            Issue.record("accepted an oversized input")
        } catch {
            #expect(error.kind == .tooLarge)
            #expect(error.code == "json.tooLarge")
        }
    }
}

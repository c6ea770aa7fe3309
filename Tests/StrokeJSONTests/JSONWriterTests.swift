import StrokeJSON
import Testing

/// The one escaper, the number form and the writers to String and bytes.
@Suite struct JSONWriterTests {
    @Test func escapesControlCharactersQuotesAndBackslashes() {
        #expect(JSONText.quote("plain") == #""plain""#)
        #expect(JSONText.quote("a\"b\\c") == #""a\"b\\c""#)
        #expect(JSONText.quote("\n\r\t") == #""\n\r\t""#)
        #expect(JSONText.quote("\u{0}\u{1}\u{8}\u{C}\u{1F}") == #""\u0000\u0001\u0008\u000c\u001f""#)
        #expect(JSONText.quote("\u{7F}/") == "\"\u{7F}/\"")  // DEL and '/' as themselves
        #expect(JSONText.quote("ü€😀") == "\"ü€😀\"")  // non-ASCII and non-BMP as UTF-8
        #expect(JSONText.quote("") == #""""#)
    }

    @Test func bytesAndStringEscapesAgreeOnEveryByte() throws {
        var all = ""
        for v in 0..<0x80 { all.unicodeScalars.append(Unicode.Scalar(UInt8(v))) }
        all += "ü😀"
        var bytes: [UInt8] = []
        JSONText.appendQuoted(all, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == JSONText.quote(all))
        for v in 0..<0x20 {
            let text = String(Unicode.Scalar(UInt8(v)))
            let quoted = JSONText.quote(text)
            #expect(try JSONValue(parsing: quoted) == .string(text))
        }
    }

    @Test func numberFormIsShortestRoundTripWithAPointOrExponent() throws {
        #expect(JSONText.number(5) == "5.0")
        #expect(JSONText.number(-0.0) == "0.0")
        #expect(JSONText.number(0) == "0.0")
        #expect(JSONText.number(0.1 + 0.2) == "0.30000000000000004")
        #expect(JSONText.number(1e-5) == "1e-05")
        #expect(JSONText.number(1e16) == "1e+16")
        #expect(JSONText.number(-2.5) == "-2.5")
        #expect(JSONText.number(.nan) == "null")
        #expect(JSONText.number(.infinity) == "null")
        #expect(JSONText.number(-.infinity) == "null")
        for d in [0.5119570957664139, Double.leastNonzeroMagnitude, .greatestFiniteMagnitude, -1.2345678901234567e-300, 123456.789, 1e22] {
            let text = JSONText.number(d)
            #expect(text.contains(".") || text.contains("e"))
            #expect(Double(text) == d)
            var bytes: [UInt8] = []
            JSONText.appendNumber(d, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == text)
            #expect(try JSONValue(parsing: text) == .number(d))
        }
    }

    @Test func compactWriterToStringAndBytes() {
        let value = JSONValue.object([
            ("b", .integer(-3)), ("a", .number(0.25)), ("s", .string("x\ny")), ("n", .null),
            ("l", .array([.bool(true), .bool(false), .number(.nan), .number(-0.0)])), ("o", .object([])),
        ])
        let expected = #"{"b":-3,"a":0.25,"s":"x\ny","n":null,"l":[true,false,null,0.0],"o":{}}"#
        #expect(value.serialized() == expected)
        #expect(value.text == expected)
        #expect(value.serializedBytes() == Array(expected.utf8))
        var text = "x"
        value.write(to: &text)
        #expect(text == "x" + expected)
        #expect(value.spacedText() == #"{"b": -3, "a": 0.25, "s": "x\ny", "n": null, "l": [true, false, null, 0.0], "o": {}}"#)
        for n in [0, 1, -1, 9, 10, -10, 1_795_240_523_264, Int.max, Int.min, Int.min + 1] {
            #expect(JSONValue.integer(n).serialized() == String(n))
        }
    }

    @Test func roundTripsKeepEveryValue() throws {
        let samples: [JSONValue] = [
            .null, .bool(true), .integer(0), .integer(Int.max), .number(1e-7), .number(-123.5), .string(""),
            .string("\u{0}\u{1F}\"\\/ü😀\u{10FFFF}"), .array([]), .object([]),
            .object([("k\"ey", .array([.object([("z", .integer(1)), ("a", .number(2.5))]), .strings(["x", "y"])]))]),
        ]
        for value in samples {
            #expect(try JSONValue(parsing: value.serialized()) == value)
            #expect(try JSONValue(parsing: value.serializedBytes()) == value)
        }
    }

    @Test func equalityFollowsTheWrittenText() {
        #expect(JSONValue.number(.nan) == .null)
        #expect(JSONValue.number(-0.0) == .number(0))
        #expect(JSONValue.integer(5) != .number(5))
        #expect(JSONValue.object([("a", .integer(1)), ("b", .integer(2))]) != .object([("b", .integer(2)), ("a", .integer(1))]))
    }

    @Test func objectWriterEmbedsRawJSON() {
        var w = JSONObjectWriter()
        w.add("operator", .string("m\"7"))
        w.add("assessment", .null)
        w.add("data", rawJSON: Array(#"{"gfap":120.0}"#.utf8))
        #expect(String(decoding: w.finish(), as: UTF8.self) == #"{"operator":"m\"7","assessment":null,"data":{"gfap":120.0}}"#)
        #expect(JSONObjectWriter().finish() == Array("{}".utf8))
    }

    @Test func memberLinesLayout() {
        let text = JSONValue.memberLines([("a", "1"), ("b", JSONValue.object([("c", .null)]).spacedText())])
        #expect(text == "{\n  \"a\": 1,\n  \"b\": {\"c\": null}\n}\n")
    }
}

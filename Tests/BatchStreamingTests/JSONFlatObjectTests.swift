import BatchStreaming
import StrokeJSON
import Testing

/// Flat JSON objects: kinds, escapes, whitespace, and every rejection.
@Suite struct JSONFlatObjectTests {
    static func parse(_ text: String) -> (problem: JSONFlatObject.Problem?, members: [(String, JSONFlatObject.Kind, String)]) {
        var parser = JSONFlatObject()
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { buffer in
            let problem = parser.parse(UnsafeBufferPointer(buffer))
            guard problem == nil else { return (problem, []) }
            let members = (0..<parser.count).map { i in
                (parser.key(i), parser.kind(i), parser.withValue(i) { String(decoding: $0, as: UTF8.self) })
            }
            return (nil, members)
        }
    }

    @Test func readsEveryKind() {
        let r = Self.parse(#" { "gfap" : 180.5, "fastEd":7,"headache":true,"note":"a\"b\u00e9","x":null,"y":false } "#)
        #expect(r.problem == nil)
        #expect(r.members.map(\.0) == ["gfap", "fastEd", "headache", "note", "x", "y"])
        #expect(r.members.map(\.1) == [.number, .number, .bool, .string, .null, .bool])
        #expect(r.members.map(\.2) == ["180.5", "7", "true", "a\"bé", "null", "false"])
        #expect(Self.parse("{}").problem == nil)
    }

    @Test func rejectsWhatIsNotOneFlatObject() {
        #expect(Self.parse(#"{"a":{"b":1}}"#).problem == .nestedValue)
        #expect(Self.parse(#"{"a":[1]}"#).problem == .nestedValue)
        #expect(Self.parse(#"{"a":1,"a":2}"#).problem == .duplicateKey)
        for bad in ["", "[]", "{", #"{"a":1"#, #"{"a":1}x"#, #"{"a" 1}"#, #"{"a":tru}"#, #"{a:1}"#, #"{"a":}"#, "1"] {
            #expect(Self.parse(bad).problem == .notAnObject, "\(bad)")
        }
    }
}

/// The hot-path reader against StrokeJSON's shared reader: same members, same
/// kinds, same string values, and every text the shared reader refuses is refused.
@Suite struct JSONFlatObjectAgreesWithStrokeJSON {
    static let lines = [
        #"{"gfap":180.5,"fastEd":7,"age":72,"headache":true,"x":null,"y":false}"#,
        #" { "note" : "a\"b\\c\/d\n\t\r\b\f\u00e9\u20ac\ud83d\ude00" , "id":"row-1" } "#,
        #"{"k\u0041y":"München 😀","e":"","n":-0.5e-3,"z":0}"#,
        "{}",
    ]
    static let refused = [#"{"a":"\ud800"}"#, #"{"a":"\udc00x"}"#, #"{"a":"\ud83d\u0041"}"#, #"{"a":"\u12"}"#, #"{"a":"\x"}"#, "{\"a\":\"\u{1}\"}"]

    @Test(arguments: lines)
    func sameMembersAsTheSharedReader(_ line: String) throws {
        let flat = JSONFlatObjectTests.parse(line)
        #expect(flat.problem == nil)
        guard case .object(let members) = try JSONValue(parsing: line) else { Issue.record("not an object"); return }
        #expect(flat.members.map(\.0) == members.map(\.0))
        for ((_, kind, text), (_, value)) in zip(flat.members, members) {
            switch value {
            case .string(let s): #expect(kind == .string && text == s)
            case .bool(let b): #expect(kind == .bool && text == String(b))
            case .null: #expect(kind == .null && text == "null")
            case .integer(let n): #expect(kind == .number && Int(text) == n)
            case .number(let d): #expect(kind == .number && Double(text) == d)
            default: Issue.record("nested value in a flat line")
            }
        }
    }

    @Test(arguments: refused)
    func refusesWhatTheSharedReaderRefuses(_ line: String) {
        #expect(throws: JSONError.self) { try JSONValue(parsing: line) }
        #expect(JSONFlatObjectTests.parse(line).problem == .notAnObject)
    }
}

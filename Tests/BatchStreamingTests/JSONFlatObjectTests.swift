import BatchStreaming
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

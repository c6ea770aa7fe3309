import StrokeJSON
import Testing

/// Typed access as a config file or an answer needs it.
@Suite struct JSONAccessTests {
    static let config = #"""
        {"apiBase": "https://x.example", "timeout": 5, "ratio": 0.5, "offline": true,
         "modules": ["coma", "full"], "labels": {"de": "Hallo", "en": "Hello"}, "mixed": ["a", 1], "nothing": null,
         "dup": 1, "dup": 2}
        """#

    @Test func accessorsByType() throws {
        let c = try JSONValue(parsing: Self.config)
        #expect(c["apiBase"]?.stringValue == "https://x.example")
        #expect(c["timeout"]?.intValue == 5)
        #expect(c["timeout"]?.doubleValue == 5)
        #expect(c["ratio"]?.doubleValue == 0.5)
        #expect(c["ratio"]?.intValue == nil)
        #expect(c["offline"]?.boolValue == true)
        #expect(c["timeout"]?.boolValue == nil)
        #expect(c["modules"]?.stringArray == ["coma", "full"])
        #expect(c["mixed"]?.stringArray == nil)
        #expect(c["labels"]?.stringMap == ["de": "Hallo", "en": "Hello"])
        #expect(c["modules"]?.stringMap == nil)
        #expect(c["nothing"]?.isNull == true)
        #expect(c["absent"] == nil)
        #expect(c["dup"]?.intValue == 2)  // a repeated key: the last one
        #expect(c.dictionary?["dup"] == .integer(2))
        #expect(c["modules"]?.arrayValue?.count == 2)
        #expect(c.objectMembers?.first?.0 == "apiBase")
        #expect(JSONValue.string("x")["a"] == nil)
        #expect(JSONValue.number(2.0).intValue == 2)
        #expect(JSONValue.number(.infinity).doubleValue == nil)
    }

    @Test func firstDuplicateMember() throws {
        #expect(try JSONValue(parsing: Self.config).firstDuplicateMember == "dup")
        #expect(try JSONValue(parsing: #"{"a":{"b":1},"c":[{"d":1},{"d":2,"e":{"f":1,"f":2}}]}"#).firstDuplicateMember == "f")
        #expect(try JSONValue(parsing: #"{"a":{"b":1},"b":{"a":2},"c":[{"d":1},{"d":2}]}"#).firstDuplicateMember == nil)
        #expect(try JSONValue(parsing: "[1,2]").firstDuplicateMember == nil)
    }
}

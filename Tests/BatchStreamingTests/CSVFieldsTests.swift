import BatchStreaming
import Testing

/// CSV splitting: plain, quoted, doubled quotes, empty fields, malformed quotes.
@Suite struct CSVFieldsTests {
    static func split(_ line: String) -> (fields: [String], malformed: Bool) {
        var splitter = CSVFields()
        var bytes = Array(line.utf8)
        bytes.withUnsafeMutableBufferPointer { splitter.split(UnsafeBufferPointer($0)) }
        return ((0..<splitter.count).map { splitter.string($0) }, splitter.malformed)
    }

    @Test(arguments: [
        ("180,7", ["180", "7"]),
        ("\"180\",\"7\"", ["180", "7"]),
        ("\"a,b\",\"say \"\"hi\"\"\",c", ["a,b", "say \"hi\"", "c"]),
        (",,", ["", "", ""]),
        ("", [""]),
        ("x,", ["x", ""]),
        ("\"\",1", ["", "1"]),
    ])
    func splits(_ line: String, _ expected: [String]) {
        let result = Self.split(line)
        #expect(result.fields == expected)
        #expect(!result.malformed)
    }

    @Test func unclosedQuoteOrTextAfterAQuoteIsMalformed() {
        #expect(Self.split("\"180,7").malformed)
        #expect(Self.split("\"180\"x,7").malformed)
    }
}

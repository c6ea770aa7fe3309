import BatchStreaming
import Foundation
import StrokeJSON
import Testing

/// Boolean parsing from bytes (numbers: StrokeModelsTests.DecimalNumberTests), and the writer's number and quoting forms.
@Suite struct NumberAndWriterTests {
    static func bool(_ text: String) -> Bool? {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { NumberParsing.bool(UnsafeBufferPointer($0)) }
    }

    @Test func parsesBooleans() {
        for yes in ["1", "true", "TRUE", "yes", "Yes"] { #expect(Self.bool(yes) == true) }
        for no in ["0", "false", "False", "no", "NO"] { #expect(Self.bool(no) == false) }
        for bad in ["2", "y", "t", "truthy", ""] { #expect(Self.bool(bad) == nil) }
    }

    @Test func writesShortestRoundTripNumbersIntegersAndQuotedFields() throws {
        let pipe = Pipe()
        let writer = ByteWriter(fd: pipe.fileHandleForWriting.fileDescriptor)
        for value in [0.5119570957664139, 5.0, 1e-05, 0.1 + 0.2, -0.0] {
            writer.append(value)
            writer.append(UInt8(ascii: " "))
        }
        for value in [0, 7, -42, Int.max, Int.min] {
            writer.append(value)
            writer.append(UInt8(ascii: " "))
        }
        writer.appendCSVField("plain")
        writer.append(UInt8(ascii: " "))
        writer.appendCSVField("a,\"b\"")
        writer.append(UInt8(ascii: " "))
        writer.appendJSONString("q\"\\\n\u{1}")
        writer.flush()
        try pipe.fileHandleForWriting.close()
        #expect(writer.failure == nil)
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        // -0.0 is written as 0.0 (a driver weight of -0.0 must never print as "-0").
        #expect(text == "0.5119570957664139 5.0 1e-05 0.30000000000000004 0.0 0 7 -42 \(Int.max) \(Int.min) plain \"a,\"\"b\"\"\" \"q\\\"\\\\\\n\\u0001\"")
        for value in [0.5119570957664139, 1e-05, 0.30000000000000004] {
            #expect(Double(String(describing: value)) == value)
        }
    }

    /// The writer's own number and string forms are StrokeJSON's, byte for byte.
    @Test func numbersStringsAndValuesMatchStrokeJSONByteForByte() throws {
        let doubles = [0.5119570957664139, 5.0, 1e-05, 0.1 + 0.2, -0.0, 0, 1e16, -2.5, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 123456.789]
        let strings = ["plain", "q\"\\\n\r\t\u{1}\u{1F}\u{7F}", "München 😀", ""]
        let value = JSONValue.object([("a", .array(doubles.map(JSONValue.number))), ("s", .strings(strings)), ("i", .integer(Int.min))])
        let pipe = Pipe()
        let writer = ByteWriter(fd: pipe.fileHandleForWriting.fileDescriptor)
        var expected = ""
        for d in doubles {
            writer.append(d)
            writer.append(UInt8(ascii: " "))
            expected += JSONText.number(d) + " "
        }
        for s in strings {
            writer.appendJSONString(s)
            expected += JSONText.quote(s)
        }
        var sink = writer
        value.write(to: &sink)
        expected += value.serialized()
        writer.flush()
        try pipe.fileHandleForWriting.close()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(text == expected)
    }
}

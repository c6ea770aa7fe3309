import BatchStreaming
import Foundation
import Testing

/// The chunked line reader: terminators, CRLF, a missing final newline, lines across chunk edges.
@Suite struct LineReaderTests {
    /// Writes `text` to a temporary file and returns every line read from it.
    static func lines(of bytes: [UInt8]) throws -> [String] {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("linereader-\(UUID().uuidString)")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        let reader = LineReader(fd: handle.fileDescriptor)
        var lines: [String] = []
        while try reader.nextLine({ lines.append(String(decoding: $0, as: UTF8.self)) }) {}
        #expect(reader.lineNumber == lines.count)
        #expect(reader.bytesRead == bytes.count)
        return lines
    }

    @Test func splitsOnNewlinesAndDropsCarriageReturns() throws {
        #expect(try Self.lines(of: Array("a,b\r\nc\n\nd".utf8)) == ["a,b", "c", "", "d"])
        #expect(try Self.lines(of: Array("x\n".utf8)) == ["x"])
        #expect(try Self.lines(of: []) == [])
        #expect(try Self.lines(of: Array("\r\n".utf8)) == [""])
    }

    @Test func linesAcrossChunkBoundariesAndLongerThanAChunk() throws {
        var text = ""
        var expected: [String] = []
        for i in 0..<40_000 {
            let line = "\(i),\(String(repeating: "x", count: i % 37))"
            expected.append(line)
            text += line + (i % 3 == 0 ? "\r\n" : "\n")
        }
        let long = String(repeating: "y", count: LineReader.chunkSize * 2 + 17)
        expected.append(long)
        text += long + "\n" + "tail"
        expected.append("tail")
        #expect(try Self.lines(of: Array(text.utf8)) == expected)
    }

    @Test func acceptsALineAtTheLimitAndRefusesOneByteMore() throws {
        let atLimit = [UInt8](repeating: UInt8(ascii: "a"), count: LineReader.maximumLineLength)
        #expect(try Self.lines(of: atLimit + [0x0A]).map(\.utf8.count) == [LineReader.maximumLineLength])
        #expect(throws: StreamingError.lineTooLong) { _ = try Self.lines(of: atLimit + [UInt8(ascii: "a"), 0x0A]) }
        #expect(throws: StreamingError.lineTooLong) { _ = try Self.lines(of: atLimit + [UInt8(ascii: "a")]) }
    }

    @Test func refusesALineOverTheLimit() throws {
        let bytes = [UInt8](repeating: UInt8(ascii: "z"), count: LineReader.maximumLineLength + LineReader.chunkSize + 10)
        #expect(throws: StreamingError.lineTooLong) { _ = try Self.lines(of: bytes) }
    }
}

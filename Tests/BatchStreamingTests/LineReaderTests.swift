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

    /// Reads every line, recording an over-long one as `nil` and going on after it.
    static func linesSkippingLong(of bytes: [UInt8]) throws -> [(Int, String?)] {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("linereader-\(UUID().uuidString)")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        let reader = LineReader(fd: handle.fileDescriptor)
        var lines: [(Int, String?)] = []
        while true {
            do {
                guard try reader.nextLine({ lines.append((reader.lineNumber, String(decoding: $0, as: UTF8.self))) }) else { break }
            } catch let error as StreamingError where error == .lineTooLong {
                lines.append((reader.lineNumber, nil))
            }
        }
        #expect(reader.bytesRead == bytes.count)
        return lines
    }

    /// Regression: an over-long line used to end the whole read; now it is skipped and counted.
    @Test func anOverLongLineIsSkippedAndTheNextLinesFollowWithTheirNumbers() throws {
        let huge = [UInt8](repeating: UInt8(ascii: "z"), count: 2 * LineReader.maximumLineLength)
        let bytes = Array("good\n".utf8) + huge + Array("\nafter\n".utf8) + huge + [0x0A] + huge
        let lines = try Self.linesSkippingLong(of: bytes)
        #expect(lines.map(\.0) == [1, 2, 3, 4, 5])
        #expect(lines.map(\.1) == ["good", nil, "after", nil, nil])
        // Just over the limit but within the buffer: also skipped, the next line intact.
        let justOver = [UInt8](repeating: UInt8(ascii: "a"), count: LineReader.maximumLineLength + 1)
        let near = try Self.linesSkippingLong(of: justOver + Array("\nnext".utf8))
        #expect(near.map(\.1) == [nil, "next"])
        #expect(near.map(\.0) == [1, 2])
    }

    /// Reads `bytes` from a temporary file with the given options; returns the lines and every chunk the observer saw.
    static func observed(_ bytes: [UInt8], keepsCarriageReturns: Bool) throws -> (lines: [String?], chunks: [UInt8]) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("linereader-\(UUID().uuidString)")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        var seen: [UInt8] = []
        let reader = LineReader(fd: handle.fileDescriptor, keepsCarriageReturns: keepsCarriageReturns) { seen.append(contentsOf: $0) }
        var lines: [String?] = []
        while true {
            do {
                guard try reader.nextLine({ lines.append(String(decoding: $0, as: UTF8.self)) }) else { break }
            } catch let error as StreamingError where error == .lineTooLong {
                lines.append(nil)
            }
        }
        #expect(reader.bytesRead == bytes.count)
        return (lines, seen)
    }

    @Test func keepsCarriageReturnsWhenAsked() throws {
        #expect(try Self.observed(Array("a\r\nb\r\n\r\nc\r".utf8), keepsCarriageReturns: true).lines == ["a\r", "b\r", "\r", "c\r"])
        #expect(try Self.observed(Array("a\r\nb\r\n\r\nc\r".utf8), keepsCarriageReturns: false).lines == ["a", "b", "", "c"])
    }

    /// The audit export verifier hashes the file through the observer: it must see every byte once, in order,
    /// across chunk edges, buffer growth and skipped over-long lines.
    @Test func theObserverSeesEveryByteOnceInOrder() throws {
        var bytes: [UInt8] = []
        for i in 0..<30_000 { bytes += Array("\(i),\(String(repeating: "q", count: i % 41))\r\n".utf8) }
        bytes += [UInt8](repeating: UInt8(ascii: "L"), count: LineReader.chunkSize * 3) + [0x0A]
        bytes += [UInt8](repeating: UInt8(ascii: "z"), count: 2 * LineReader.maximumLineLength) + Array("\nlast".utf8)
        for keep in [false, true] {
            let (lines, chunks) = try Self.observed(bytes, keepsCarriageReturns: keep)
            #expect(chunks == bytes)
            #expect(lines.count == 30_003)
            #expect(lines[30_001] == nil)
            #expect(lines.last == "last")
            #expect(lines[7] == (keep ? "7,qqqqqqq\r" : "7,qqqqqqq"))
        }
    }
}

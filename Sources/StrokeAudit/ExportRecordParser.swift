import Foundation

/// The hashed fields of one exported record, parsed from a JSONL or CSV line.
struct ExportRecord {
    let sequence: Int64
    let timestamp: Int64
    let type: String
    let previousHash: Data
    let hash: Data
    let ciphertext: Data

    /// Parses a line of the JSONL export (fields in their documented order).
    static func jsonl(_ line: ArraySlice<UInt8>) -> ExportRecord? {
        var s = Scanner(bytes: line)
        guard s.expect("{\"sequence\":"), let sequence = s.integer(until: ","),
              s.expect("\"timestamp\":"), let timestamp = s.integer(until: ","),
              s.expect("\"time\":\""), s.skip(until: "\""), s.expect(","),
              s.expect("\"type\":\""), let type = s.text(until: "\""), s.expect(","),
              s.expect("\"assessment\":"), s.skip(until: ","),
              s.expect("\"payloadStatus\":\""), s.skip(until: "\""), s.expect(","),
              s.expect("\"prevHash\":\""), let previous = s.text(until: "\"").flatMap({ Hex.decode($0[...]) }), s.expect(","),
              s.expect("\"hash\":\""), let hash = s.text(until: "\"").flatMap({ Hex.decode($0[...]) }), s.expect(","),
              s.expect("\"ciphertext\":\""), let ciphertext = s.text(until: "\"").flatMap({ Data(base64Encoded: $0) }),
              s.expect(",\"payload\":") else { return nil }
        return ExportRecord(sequence: sequence, timestamp: timestamp, type: type, previousHash: previous, hash: hash, ciphertext: ciphertext)
    }

    /// Parses a data row of the CSV export (the first nine fields are never quoted).
    static func csv(_ line: ArraySlice<UInt8>) -> ExportRecord? {
        var s = Scanner(bytes: line)
        guard let sequence = s.integer(until: ","), let timestamp = s.integer(until: ","),
              s.skip(until: ","), let type = s.text(until: ","), s.skip(until: ","), s.skip(until: ","),
              let previous = s.text(until: ",").flatMap({ Hex.decode($0[...]) }),
              let hash = s.text(until: ",").flatMap({ Hex.decode($0[...]) }),
              let ciphertext = s.text(until: ",").flatMap({ Data(base64Encoded: $0) }) else { return nil }
        return ExportRecord(sequence: sequence, timestamp: timestamp, type: type, previousHash: previous, hash: hash, ciphertext: ciphertext)
    }

    /// A forward-only byte scanner.
    private struct Scanner {
        let bytes: ArraySlice<UInt8>
        var index: Int

        init(bytes: ArraySlice<UInt8>) {
            self.bytes = bytes
            self.index = bytes.startIndex
        }

        mutating func expect(_ literal: String) -> Bool {
            for byte in literal.utf8 {
                guard index < bytes.endIndex, bytes[index] == byte else { return false }
                index += 1
            }
            return true
        }

        /// The text up to `end` (consumed, not included).
        mutating func text(until end: Character) -> String? {
            let stop = end.asciiValue!
            guard let found = bytes[index...].firstIndex(of: stop) else { return nil }
            let text = String(decoding: bytes[index..<found], as: UTF8.self)
            index = found + 1
            return text
        }

        mutating func skip(until end: Character) -> Bool { text(until: end) != nil }

        mutating func integer(until end: Character) -> Int64? { text(until: end).flatMap { Int64($0) } }
    }
}

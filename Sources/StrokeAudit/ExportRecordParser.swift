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
              s.expect("\"prevHash\":\""), let previous = s.bytes(until: "\"").flatMap({ Hex.decode(utf8: $0) }), s.expect(","),
              s.expect("\"hash\":\""), let hash = s.bytes(until: "\"").flatMap({ Hex.decode(utf8: $0) }), s.expect(","),
              s.expect("\"ciphertext\":\""), let ciphertext = s.bytes(until: "\"").flatMap(ByteText.base64),
              s.expect(",\"payload\":") else { return nil }
        return ExportRecord(sequence: sequence, timestamp: timestamp, type: type, previousHash: previous, hash: hash, ciphertext: ciphertext)
    }

    /// Parses a data row of the CSV export (the first nine fields are never quoted).
    static func csv(_ line: ArraySlice<UInt8>) -> ExportRecord? {
        var s = Scanner(bytes: line)
        guard let sequence = s.integer(until: ","), let timestamp = s.integer(until: ","),
              s.skip(until: ","), let type = s.text(until: ","), s.skip(until: ","), s.skip(until: ","),
              let previous = s.bytes(until: ",").flatMap({ Hex.decode(utf8: $0) }),
              let hash = s.bytes(until: ",").flatMap({ Hex.decode(utf8: $0) }),
              let ciphertext = s.bytes(until: ",").flatMap(ByteText.base64) else { return nil }
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

        /// The bytes up to `end` (consumed, not included).
        mutating func bytes(until end: Character) -> ArraySlice<UInt8>? {
            let stop = end.asciiValue!
            guard let found = bytes[index...].firstIndex(of: stop) else { return nil }
            let slice = bytes[index..<found]
            index = found + 1
            return slice
        }

        /// The text up to `end` (consumed, not included).
        mutating func text(until end: Character) -> String? {
            bytes(until: end).map { String(decoding: $0, as: UTF8.self) }
        }

        mutating func skip(until end: Character) -> Bool { bytes(until: end) != nil }

        /// A decimal integer up to `end`.
        mutating func integer(until end: Character) -> Int64? {
            guard let digits = bytes(until: end), !digits.isEmpty, digits.count <= 19 else { return nil }
            var value: Int64 = 0
            var negative = false
            for (offset, c) in digits.enumerated() {
                if offset == 0, c == UInt8(ascii: "-") { negative = true; continue }
                guard (48...57).contains(c) else { return nil }
                value = value &* 10 &+ Int64(c - 48)
            }
            return negative ? -value : value
        }
    }
}

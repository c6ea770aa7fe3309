/// Parses the `.strings` format: `"key" = "value";` with `//` and `/* */`
/// comments and the escapes `\"`, `\\`, `\n`, `\t`. Works on the UTF-8
/// bytes directly (start-up cost matters: every command renders text).
enum StringsTable {
    /// The parse error: the line where the table stops making sense.
    struct ParseError: Error, CustomStringConvertible {
        let line: Int
        var description: String { "malformed .strings table at line \(line)" }
    }

    /// Parses a whole table into its entries, in file order.
    static func parse(_ bytes: [UInt8]) throws -> [(key: String, value: String)] {
        try bytes.withUnsafeBufferPointer { buffer in
            var parser = Parser(text: buffer)
            return try parser.entries()
        }
    }

    private struct Parser {
        let text: UnsafeBufferPointer<UInt8>
        var index = 0
        var line = 1

        static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\"), newline = UInt8(ascii: "\n")
        static let slash = UInt8(ascii: "/"), star = UInt8(ascii: "*")

        mutating func entries() throws -> [(key: String, value: String)] {
            var result: [(key: String, value: String)] = []
            while true {
                skipTrivia()
                guard index < text.count else { return result }
                let key = try quoted()
                skipTrivia()
                try expect(UInt8(ascii: "="))
                skipTrivia()
                let value = try quoted()
                skipTrivia()
                try expect(UInt8(ascii: ";"))
                result.append((key, value))
            }
        }

        mutating func skipTrivia() {
            while index < text.count {
                let c = text[index]
                if c == Self.newline { line += 1; index += 1 }
                else if c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") || c == UInt8(ascii: "\r") { index += 1 }
                else if c == Self.slash, index + 1 < text.count, text[index + 1] == Self.slash {
                    while index < text.count, text[index] != Self.newline { index += 1 }
                } else if c == Self.slash, index + 1 < text.count, text[index + 1] == Self.star {
                    index += 2
                    while index + 1 < text.count, !(text[index] == Self.star && text[index + 1] == Self.slash) {
                        if text[index] == Self.newline { line += 1 }
                        index += 1
                    }
                    index += 2
                } else { return }
            }
        }

        mutating func expect(_ byte: UInt8) throws {
            guard index < text.count, text[index] == byte else { throw ParseError(line: line) }
            index += 1
        }

        mutating func quoted() throws -> String {
            try expect(Self.quote)
            var bytes: [UInt8] = []
            while index < text.count {
                let c = text[index]
                index += 1
                switch c {
                case Self.quote: return String(decoding: bytes, as: UTF8.self)
                case Self.backslash:
                    guard index < text.count else { throw ParseError(line: line) }
                    let escaped = text[index]
                    index += 1
                    switch escaped {
                    case UInt8(ascii: "n"): bytes.append(Self.newline)
                    case UInt8(ascii: "t"): bytes.append(UInt8(ascii: "\t"))
                    default: bytes.append(escaped)
                    }
                case Self.newline: throw ParseError(line: line)
                default: bytes.append(c)
                }
            }
            throw ParseError(line: line)
        }
    }
}

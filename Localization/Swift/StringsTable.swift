/// Parses the `.strings` format: `"key" = "value";` with `//` and `/* */`
/// comments and the escapes `\"`, `\\`, `\n`, `\t`.
enum StringsTable {
    /// The parse error: the line where the table stops making sense.
    struct ParseError: Error, CustomStringConvertible {
        let line: Int
        var description: String { "malformed .strings table at line \(line)" }
    }

    /// Parses a whole table into a dictionary.
    static func parse(_ bytes: [UInt8]) throws -> [String: String] {
        var parser = Parser(Array(String(decoding: bytes, as: UTF8.self).unicodeScalars))
        return try parser.entries()
    }

    private struct Parser {
        let text: [Unicode.Scalar]
        var index = 0
        var line = 1

        init(_ text: [Unicode.Scalar]) { self.text = text }

        mutating func entries() throws -> [String: String] {
            var result: [String: String] = [:]
            while true {
                skipTrivia()
                guard index < text.count else { return result }
                let key = try quoted()
                skipTrivia()
                try expect("=")
                skipTrivia()
                let value = try quoted()
                skipTrivia()
                try expect(";")
                result[key] = value
            }
        }

        mutating func skipTrivia() {
            while index < text.count {
                let c = text[index]
                if c == "\n" { line += 1; index += 1 }
                else if c == " " || c == "\t" || c == "\r" { index += 1 }
                else if c == "/", index + 1 < text.count, text[index + 1] == "/" {
                    while index < text.count, text[index] != "\n" { index += 1 }
                } else if c == "/", index + 1 < text.count, text[index + 1] == "*" {
                    index += 2
                    while index + 1 < text.count, !(text[index] == "*" && text[index + 1] == "/") {
                        if text[index] == "\n" { line += 1 }
                        index += 1
                    }
                    index += 2
                } else { return }
            }
        }

        mutating func expect(_ scalar: Unicode.Scalar) throws {
            guard index < text.count, text[index] == scalar else { throw ParseError(line: line) }
            index += 1
        }

        mutating func quoted() throws -> String {
            try expect("\"")
            var scalars = String.UnicodeScalarView()
            while index < text.count {
                let c = text[index]
                index += 1
                switch c {
                case "\"": return String(scalars)
                case "\\":
                    guard index < text.count else { throw ParseError(line: line) }
                    let escaped = text[index]
                    index += 1
                    switch escaped {
                    case "n": scalars.append("\n")
                    case "t": scalars.append("\t")
                    default: scalars.append(escaped)
                    }
                case "\n": throw ParseError(line: line)
                default: scalars.append(c)
                }
            }
            throw ParseError(line: line)
        }
    }
}

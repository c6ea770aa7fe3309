import StrokeJSON
import BatchStreaming

extension JSONValue {
    /// Writes the compact JSON text straight into `out` — byte for byte what
    /// `serialized()` returns, without building a `String` per row (batch
    /// JSON Lines output).
    func write(to out: ByteWriter) {
        switch self {
        case .null: out.append("null" as StaticString)
        case .bool(let b): out.append(b ? "true" : "false" as StaticString)
        case .integer(let i): out.append(i)
        case .number(let d):
            if d.isFinite { out.append(d) } else { out.append("null" as StaticString) }
        case .string(let s): out.appendJSONString(s)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                item.write(to: out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                out.appendJSONString(key)
                out.append(UInt8(ascii: ":"))
                value.write(to: out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }
}

// The JSON benchmark (Scripts/bench.d/json): StrokeJSON's shared reader and
// writer against the hot-path copies that stay beside it (batch's flat-object
// reader; the old dedicated row writer) and against Foundation's JSONDecoder
// (what the local API read bodies with before). Prints Markdown table rows:
// | what | baseline (same run) | measured | ratio | goal |
import BatchStreaming
import Foundation
import StrokeJSON

#if canImport(Glibc)
import Glibc
#endif

let runs = max(1, Int(ProcessInfo.processInfo.environment["BENCH_RUNS"] ?? "") ?? 5)
let rows = max(1, Int(CommandLine.arguments.dropFirst().first ?? "") ?? 200_000)

/// Median seconds of `runs` runs of `body`.
func median(_ body: () -> Void) -> Double {
    var times: [Double] = []
    for _ in 0..<runs {
        let start = ContinuousClock.now
        body()
        let d = ContinuousClock.now - start
        times.append(Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18)
    }
    return times.sorted()[times.count / 2]
}

func ns(_ seconds: Double) -> String { String(format: "%.0f ns/row", seconds / Double(rows) * 1e9) }
func row(_ what: String, _ baselineName: String, _ baseline: Double, _ measured: Double) {
    print("| \(what) | \(baselineName): \(ns(baseline)) | \(ns(measured)) | \(String(format: "%.2f", measured / baseline))× | — |")
}
var sink = 0

// 1. Reading one batch JSON Lines record.
let line = Array(#"{"id":"row-000123","age":72,"sbp":160,"dbp":90,"gfap":180.5,"fastEd":7,"headache":false,"legParesis":true,"eyeDeviation":0,"note":"caf\u00e9"}"#.utf8)
var flat = JSONFlatObject()
let flatTime = median {
    line.withUnsafeBufferPointer { text in
        for _ in 0..<rows {
            _ = flat.parse(text)
            for i in 0..<flat.count { sink &+= flat.withValue(i) { $0.count } }
        }
    }
}
let sharedReadTime = median {
    line.withUnsafeBufferPointer { text in
        for _ in 0..<rows {
            guard case .object(let members)? = try? JSONValue(parsing: Array(text)) else { continue }
            for (_, value) in members { if case .string(let s) = value { sink &+= s.utf8.count } else { sink &+= 1 } }
        }
    }
}
row("read one batch JSON Lines record (10 members)", "`JSONFlatObject` (batch's hot-path reader)", flatTime, sharedReadTime)

// 2. Reading a predict_lvo request body (the local API).
struct Scalar: Decodable {
    init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { return }
        if (try? c.decode(Bool.self)) != nil { return }
        if (try? c.decode(Double.self)) != nil { return }
        _ = try? c.decode(String.self)
    }
}
let body = Data(#"{"gfap_value":180,"fast_ed_score":7}"#.utf8)
let bodyBytes = [UInt8](body)
let decoderTime = median {
    let decoder = JSONDecoder()
    for _ in 0..<rows { sink &+= ((try? decoder.decode([String: Scalar].self, from: body))?.count ?? 0) }
}
let sharedBodyTime = median {
    for _ in 0..<rows { sink &+= ((try? JSONValue(parsing: bodyBytes))?.keys.count ?? 0) }
}
row("read a `/predict_lvo` body", "Foundation `JSONDecoder` (the local API before)", decoderTime, sharedBodyTime)

// 3. Writing one batch output row into the buffered writer.
let value = JSONValue.object([
    ("row", .integer(123)), ("id", .string("row-000123")), ("module", .string("full")),
    ("ich", .object([("probability", .number(0.5119570957664139)), ("source", .string("local")), ("volumeMl", .number(12.25))])),
    ("lvo", .object([("probability", .number(0.0731234567891234)), ("riskLevel", .string("low"))])),
    ("warnings", .strings(["gfap above range \"x\""])), ("disclaimer", .string("Research use only.")),
])
/// The dedicated writer the CLI's batch used before (a switch straight onto ByteWriter).
func dedicated(_ v: JSONValue, _ out: ByteWriter) {
    switch v {
    case .null: out.append("null" as StaticString)
    case .bool(let b): out.append(b ? "true" : "false" as StaticString)
    case .integer(let i): out.append(i)
    case .number(let d): if d.isFinite { out.append(d) } else { out.append("null" as StaticString) }
    case .string(let s): out.appendJSONString(s)
    case .array(let items):
        out.append(UInt8(ascii: "["))
        for (i, item) in items.enumerated() { if i > 0 { out.append(UInt8(ascii: ",")) }; dedicated(item, out) }
        out.append(UInt8(ascii: "]"))
    case .object(let members):
        out.append(UInt8(ascii: "{"))
        for (i, (key, item)) in members.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            out.appendJSONString(key)
            out.append(UInt8(ascii: ":"))
            dedicated(item, out)
        }
        out.append(UInt8(ascii: "}"))
    }
}
let devNull = open("/dev/null", O_WRONLY)
let writer = ByteWriter(fd: devNull)
let dedicatedTime = median {
    for _ in 0..<rows { dedicated(value, writer); writer.append(UInt8(ascii: "\n")); writer.endRecord() }
    writer.flush()
}
let sharedWriteTime = median {
    var out = writer
    for _ in 0..<rows { value.write(to: &out); writer.append(UInt8(ascii: "\n")); writer.endRecord() }
    writer.flush()
}
let stringTime = median {
    for _ in 0..<rows { writer.write(value.serialized()); writer.append(UInt8(ascii: "\n")); writer.endRecord() }
    writer.flush()
}
row("write one batch output row (JSON Lines) into `ByteWriter`", "dedicated switch onto `ByteWriter`", dedicatedTime, sharedWriteTime)
row("write one batch output row as a `String`, then copy", "dedicated switch onto `ByteWriter`", dedicatedTime, stringTime)
if sink == 42 { print("") }

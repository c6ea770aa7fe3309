import HTTPTypes
import Hummingbird
import NIOCore
import StrokeJSON

/// A JSON value with ordered object members, as the local API writes it: the
/// project's one JSON value type, `StrokeJSON.JSONValue`, under the API's name.
///
/// The order of members is the order they were built in, so the same answer is
/// byte-identical on every run. Doubles are written in StrokeJSON's number form
/// (Swift's shortest round-trip form, `5.0`, `0.51`, `1e-05`; `-0.0` as `0.0`),
/// so a client parsing the number gets the very same `Double` the local model
/// computed (the LVO parity of issue 13 depends on it).
public typealias WireValue = JSONValue

extension LocalAPIRoutes {
    /// `Content-Type: application/json`, built and checked once per process.
    static let jsonHeaders: HTTPFields = [.contentType: "application/json"]

    /// `value` written compactly by StrokeJSON's one writer, then a newline, as a
    /// response body: one byte array reserved for a whole contract answer, copied
    /// once into the response's buffer (no `String` in between). Writing straight
    /// into the `ByteBuffer` byte by byte was measured slower (`perf` under
    /// `Scripts/bench.d/api`: the writer's share of the route doubled).
    static func jsonBody(_ value: WireValue) -> ResponseBody {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1024)
        value.write(to: &bytes)
        bytes.append(UInt8(ascii: "\n"))
        return ResponseBody(byteBuffer: ByteBuffer(bytes: bytes))
    }
}

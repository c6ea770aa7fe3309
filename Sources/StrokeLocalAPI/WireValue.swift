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

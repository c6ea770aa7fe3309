import HexCodec

/// The audit log's files name the one hex codec `Hex` (module HexCodec) without
/// importing it each: this module-internal alias keeps them unchanged. Clients of
/// StrokeAudit import HexCodec themselves.
typealias Hex = HexCodec.Hex

import StrokeJSON

/// The audit log's files name the one hex codec `Hex` (module StrokeJSON) without
/// importing it each: this module-internal alias keeps them unchanged. Clients of
/// StrokeAudit import StrokeJSON themselves.
typealias Hex = StrokeJSON.Hex

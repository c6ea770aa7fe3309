import StrokeModels

/// The error of the walkthrough and module commands: a stable code `walk.<reason>`
/// (its message key is `walk.error.<reason>`) and the underlying cause for `--verbose`.
public struct WalkError: TriageError, Hashable {
    private enum Kind: Sendable, Hashable {
        case disclaimerNotAccepted
        case reportNotWritten(path: String)
    }

    private let kind: Kind
    /// The underlying cause (a system message), for `--verbose`.
    public let cause: String?

    private init(_ kind: Kind, cause: String? = nil) {
        self.kind = kind
        self.cause = cause
    }

    /// A module command ran before the disclaimer was accepted.
    public static let disclaimerNotAccepted = WalkError(.disclaimerNotAccepted)

    /// The handover report could not be written.
    public static func reportNotWritten(path: String, cause: String) -> WalkError {
        WalkError(.reportNotWritten(path: path), cause: cause)
    }

    /// Stable code: `walk.disclaimerNotAccepted` or `walk.reportNotWritten`.
    public var code: String {
        switch kind {
        case .disclaimerNotAccepted: return "walk.disclaimerNotAccepted"
        case .reportNotWritten: return "walk.reportNotWritten"
        }
    }

    /// Every code of this type.
    public static let codes = ["walk.disclaimerNotAccepted", "walk.reportNotWritten"]

    /// One line: for the disclaimer gate it names the way out (walk once, or `--accept-disclaimer`).
    public var message: Message { Message("walk.error." + code.dropFirst("walk.".count), [.text(path ?? "")]) }

    /// `usage` (64) for the disclaimer gate, `failure` (1) for an unwritten report.
    public var category: ErrorCategory { path == nil ? .usage : .failure }

    /// The path of an unwritten report.
    public var path: String? {
        if case .reportNotWritten(let path) = kind { return path }
        return nil
    }
}

/// The error of the walkthrough and module commands: a stable `code` (also its
/// localization key) and the underlying cause for `--verbose`.
public struct WalkError: Error, Sendable, Hashable {
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

    /// Stable code, also the localization key of the message.
    public var code: String {
        switch kind {
        case .disclaimerNotAccepted: return "walk.error.disclaimerNotAccepted"
        case .reportNotWritten: return "walk.error.reportNotWritten"
        }
    }

    /// The path of an unwritten report.
    public var path: String? {
        if case .reportNotWritten(let path) = kind { return path }
        return nil
    }
}

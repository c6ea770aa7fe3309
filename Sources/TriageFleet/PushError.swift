import StrokeModels
import TriageLocalization

/// Why `audit push` could not push (codes `push.<kind>`); never patient data.
/// The exit code of each kind (given in brackets) is the front-end's to apply.
public struct PushError: TriageError, Equatable {
    /// What went wrong.
    public enum Kind: String, Sendable, CaseIterable {
        /// No collector URL from `--collector`, config `collector` or `STROKE_TRIAGE_COLLECTOR` (64).
        case collectorMissing
        /// The collector URL is not an http(s) URL (64).
        case collectorInvalid
        /// No device name from `--device-name`, config `device` or `STROKE_TRIAGE_DEVICE` (64).
        case deviceMissing
        /// The device name breaks the collector's rule (64).
        case deviceInvalid
        /// Config `orgPublicKey` is neither a base64 X25519 key nor a file holding one (64).
        case orgKeyInvalid
        /// The collector could not be reached or is unavailable; records stay pending (69).
        case unreachable
        /// The collector refused the log (409/422: 65) or the request (other statuses: 1).
        case refused
        /// The collector's answer is not what the protocol says (1).
        case answerInvalid
        /// Another push of this log kept running for a minute (1).
        case busy
    }

    /// The kind.
    public let kind: Kind
    /// The collector's reason code (`chain.fork`), sanitised, for `refused`.
    public var reason: String = ""
    /// The HTTP status, for `refused`.
    public var status: Int = 0
    /// Technical detail for `--verbose` (libcurl's text, the status).
    public var underlyingCause: String?
    /// For `unreachable`: the collector's TLS certificate could not be verified, in libcurl's
    /// words; the message then names it.
    public var certificateProblem: String?

    /// An error of `kind`, with the collector's reason and status when it answered.
    public init(_ kind: Kind, reason: String = "", status: Int = 0, cause: String? = nil) {
        self.kind = kind
        self.reason = reason
        self.status = status
        self.underlyingCause = cause
    }

    /// The stable dotted code.
    public var code: String { "push.\(kind.rawValue)" }

    /// Every code of this type.
    public static let codes = Kind.allCases.map { "push.\($0.rawValue)" }

    /// The one-line message (key `push.error.<kind>`).
    public var message: Message {
        if kind == .unreachable, let certificateProblem { return Message("push.error.certificateRefused", [.text(certificateProblem)]) }
        return Message("push.error.\(kind.rawValue)", [.text(reason), .text(String(status))])
    }

    /// Technical detail for `--verbose` (same as `underlyingCause`).
    public var cause: String? { underlyingCause }

    /// `usage` (64) for settings, `unavailable` (69) unreachable (records stay pending),
    /// `invalidData` (65) for a log the collector refuses (409/422), else `failure` (1).
    public var category: ErrorCategory {
        switch kind {
        case .collectorMissing, .collectorInvalid, .deviceMissing, .deviceInvalid, .orgKeyInvalid: .usage
        case .unreachable: .unavailable
        case .refused: status == 409 || status == 422 ? .invalidData : .failure
        case .answerInvalid, .busy: .failure
        }
    }

    /// The one-line message in the user's language.
    public func message(_ localizer: Localizer) -> String { localizer.render(message) }

    /// What to do about it, when there is something to do.
    public var hint: Message? {
        switch (kind, reason) {
        case (.refused, "signature.invalid"): Message("push.hint.key")
        case (.refused, "device.unknown"): Message("push.hint.unknown")
        case (.refused, "chain.fork"), (.refused, "chain.rollback"), (.refused, "chain.gap"): Message("push.hint.chain")
        case (.unreachable, _): Message("push.hint.pending")
        default: nil
        }
    }

    /// A reason code from a collector's answer, kept only if it looks like one (letters, digits, `.`, `_`, `-`; ≤ 64).
    public static func sanitisedReason(_ code: String?) -> String {
        guard let code, (1...64).contains(code.utf8.count),
              code.utf8.allSatisfy({ $0 == 45 || $0 == 46 || $0 == 95 || (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0) })
        else { return "unknown" }
        return code
    }
}

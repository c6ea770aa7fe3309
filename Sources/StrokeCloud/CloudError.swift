import HTTPTransfer
import StrokeModels

/// Why a call to the prediction Cloud Functions failed.
///
/// One error type for the whole cloud client: a struct over a private enum,
/// so cases can be added without breaking callers. `code` is stable and
/// names the localization key of `message` (`cloud.error.<reason>`); the
/// message never contains a request body, a patient value or a token.
public struct CloudError: TriageError, Hashable, CustomStringConvertible {
    private indirect enum Kind: Sendable, Hashable {
        case dns
        case connectFailed
        case tls
        case timeout
        case connectionLost
        case httpStatus(Int, String?)
        case malformedJSON
        case wrongTypes(String)
        case oversize(Int)
        case deadlineExceeded(Double)
        case cancelled
        case notAModel
        case nonDeterministic
        case transport
        case several([CloudError])
    }

    private let kind: Kind
    /// The Cloud Function that failed, e.g. `"predict_lvo"`, when known.
    public let function: String?
    /// Technical detail (libcurl's own text, the field that failed) for `--verbose`.
    public let underlyingCause: String?

    private init(_ kind: Kind, function: String? = nil, cause: String? = nil) {
        self.kind = kind
        self.function = function
        self.underlyingCause = cause
    }

    /// The host name could not be resolved.
    static func dns(_ cause: String?) -> CloudError { CloudError(.dns, cause: cause) }
    /// The connection could not be established (refused, unreachable).
    static func connectFailed(_ cause: String?) -> CloudError { CloudError(.connectFailed, cause: cause) }
    /// TLS handshake, certificate or pinned-key verification failed.
    static func tls(_ cause: String?) -> CloudError { CloudError(.tls, cause: cause) }
    /// The attempt ran out of its connect or total timeout.
    static func timeout(_ cause: String?) -> CloudError { CloudError(.timeout, cause: cause) }
    /// The connection broke mid-answer (reset, truncated body, empty reply).
    static func connectionLost(_ cause: String?) -> CloudError { CloudError(.connectionLost, cause: cause) }
    /// The function answered with a non-2xx status; `errorText` is the body's `error` text, sanitized.
    static func httpStatus(_ status: Int, errorText: String?) -> CloudError {
        CloudError(.httpStatus(status, errorText), cause: "HTTP \(status)")
    }
    /// The answer is not valid JSON (includes bare NaN / Infinity tokens).
    static func malformedJSON(_ cause: String?) -> CloudError { CloudError(.malformedJSON, cause: cause) }
    /// The answer is JSON of the wrong shape; `field` names the offending member.
    static func wrongTypes(_ field: String) -> CloudError { CloudError(.wrongTypes(field), cause: "field \(field)") }
    /// The answer exceeded the maximum response size.
    static func oversize(limit: Int) -> CloudError { CloudError(.oversize(limit), cause: "more than \(limit) bytes") }
    /// The overall deadline of the assessment passed.
    static func deadlineExceeded(seconds: Double) -> CloudError { CloudError(.deadlineExceeded(seconds)) }
    /// The caller cancelled the call.
    static let cancelled = CloudError(.cancelled)
    /// The function answered with its stepped placeholder, not a trained model (docs/clinical-reference.md §9).
    static func notAModel(_ cause: String?) -> CloudError { CloudError(.notAModel, cause: cause) }
    /// Two identical requests were answered with different probabilities (PlaceholderRule).
    static func nonDeterministic(_ cause: String?) -> CloudError { CloudError(.nonDeterministic, cause: cause) }
    /// Any other transfer failure (bad URL, out of memory, libcurl misuse).
    static func transport(_ cause: String?) -> CloudError { CloudError(.transport, cause: cause) }

    /// The cloud's error for an exchange that got no answer: the transport's reason under the
    /// cloud's own code (`http.connect` becomes `cloud.connect`, `http.deadline` `cloud.deadline`, …).
    /// - Parameter deadline: the configured deadline, seconds (named by `cloud.deadline`'s message).
    init(_ failure: HTTPTransferError, deadline: Double) {
        switch failure.reason {
        case .dns: self = .dns(failure.detail)
        case .connect: self = .connectFailed(failure.detail)
        case .tls: self = .tls(failure.detail)
        case .timeout: self = .timeout(failure.detail)
        case .connectionLost: self = .connectionLost(failure.detail)
        case .oversize: self = .oversize(limit: failure.limit ?? 0)
        case .deadline: self = .deadlineExceeded(seconds: deadline)
        case .cancelled: self = .cancelled
        case .transport: self = .transport(failure.detail)
        }
    }

    /// One error for several failed functions (cloud mode names each one);
    /// a single error is returned as it is.
    public static func combining(_ errors: [CloudError]) -> CloudError {
        let flat = errors.flatMap(\.failures)
        return flat.count == 1 ? flat[0] : CloudError(.several(flat), cause: flat.map(\.description).joined(separator: "; "))
    }

    /// Every failure this error stands for (itself, or each of several), in the order they were met.
    public var failures: [CloudError] {
        if case .several(let errors) = kind { return errors }
        return [self]
    }

    /// The same error, attributed to a function.
    func attributed(to function: String) -> CloudError {
        CloudError(kind, function: function, cause: underlyingCause)
    }

    /// Stable code, e.g. `"cloud.dns"`, `"cloud.status"`; also the suffix of the message key.
    public var code: String {
        switch kind {
        case .dns: "cloud.dns"
        case .connectFailed: "cloud.connect"
        case .tls: "cloud.tls"
        case .timeout: "cloud.timeout"
        case .connectionLost: "cloud.connectionLost"
        case .httpStatus: "cloud.status"
        case .malformedJSON: "cloud.malformed"
        case .wrongTypes: "cloud.wrongTypes"
        case .oversize: "cloud.oversize"
        case .deadlineExceeded: "cloud.deadline"
        case .cancelled: "cloud.cancelled"
        case .notAModel: "cloud.notAModel"
        case .nonDeterministic: "cloud.nonDeterministic"
        case .transport: "cloud.transport"
        case .several: "cloud.several"
        }
    }

    /// Every code of this type.
    public static let codes = [
        "cloud.dns", "cloud.connect", "cloud.tls", "cloud.timeout", "cloud.connectionLost", "cloud.status",
        "cloud.malformed", "cloud.wrongTypes", "cloud.oversize", "cloud.deadline", "cloud.cancelled",
        "cloud.notAModel", "cloud.nonDeterministic", "cloud.transport", "cloud.several",
    ]

    /// libcurl's own text or the field that failed, for `--verbose` (same as `underlyingCause`).
    public var cause: String? { underlyingCause }

    /// `interrupted` (exit 130) when the call was cancelled (Ctrl-C); otherwise `unavailable`
    /// (exit 69): in cloud mode any failure of the cloud means the service is unavailable
    /// for this assessment, also a refused request.
    public var category: ErrorCategory {
        if case .cancelled = kind { return .interrupted }
        return .unavailable
    }

    /// For an unavailable cloud: fall back with `--mode auto` or go offline.
    public var hint: Message? { isUnavailable ? Message("cloud.hint.unavailable") : nil }

    /// The HTTP status, when the function answered with one.
    public var httpStatus: Int? {
        if case .httpStatus(let status, _) = kind { return status }
        return nil
    }

    /// The user-facing text: "cloud unreachable: could not resolve host",
    /// "cloud answered 500: model unavailable", … Also the fallback reason in auto mode.
    public var message: Message {
        let key = "cloud.error." + code.dropFirst("cloud.".count)
        switch kind {
        case .httpStatus(let status, let text?):
            return Message(key, [.number(Double(status), maxFractionDigits: 0), .text(text)])
        case .httpStatus(let status, nil):
            return Message(key + "Bare", [.number(Double(status), maxFractionDigits: 0)])
        case .wrongTypes(let field):
            return Message(key, [.text(field)])
        case .oversize(let limit):
            return Message(key, [.number(Double(limit), maxFractionDigits: 0)])
        case .deadlineExceeded(let seconds):
            return Message(key, [.number(seconds, maxFractionDigits: 2)])
        case .several(let errors):
            // "f1: reason1; f2: reason2; …", each failure with its function.
            let parts = errors.map { e in
                e.function.map { Message("cloud.error.inFunction", [.text($0), .message(e.message)]) } ?? e.message
            }
            return parts.dropLast().reversed().reduce(parts[parts.count - 1]) { rest, part in
                Message("cloud.error.list", [.message(part), .message(rest)])
            }
        case .tls:
            // The certificate problem in libcurl's words ("SSL certificate problem: unable to get local issuer certificate").
            return Message(key, [.text(underlyingCause ?? "certificate, host name or pinned key")])
        default:
            return Message(key)
        }
    }

    /// For a failed TLS handshake or certificate check, libcurl's words for the problem
    /// (e.g. "SSL certificate problem: self-signed certificate in certificate chain"); else nil.
    public var certificateProblem: String? {
        if case .tls = kind { return underlyingCause ?? "secure connection failed" }
        return nil
    }

    /// Whether the service was unavailable (network, timeout, 5xx, broken answer) rather than
    /// refusing this request (other 4xx). Unavailable errors exit 69 in cloud mode.
    public var isUnavailable: Bool {
        switch kind {
        case .several(let errors): errors.contains(where: \.isUnavailable)
        case .httpStatus(let status, _): status >= 500 || status == 408 || status == 429
        case .cancelled: false
        default: true
        }
    }

    /// English one-liner for logs and debugging; no bodies, values or tokens.
    public var description: String {
        var text = code
        if let function { text += " (\(function))" }
        if let underlyingCause { text += ": \(underlyingCause)" }
        return text
    }
}

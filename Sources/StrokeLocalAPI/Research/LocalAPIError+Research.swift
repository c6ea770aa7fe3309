import HTTPTypes

/// The research-access route's own refusals (`ResearchAccessService`). The
/// messages are the reference function's where it has one, so its web app shows
/// the same words; none repeats the password or the token.
extension LocalAPIError {
    /// 503: the server was started without `--research-password-file`.
    public static let researchAccessOff = LocalAPIError(
        code: "api.researchAccessOff", status: .serviceUnavailable,
        message: "Research access is not set up on this server; start it with --research-password-file FILE "
            + "(stroke-triage-server research-password --out FILE makes one).")
    /// 400: `action` is neither `login` nor `validate_session`.
    public static let invalidAction = LocalAPIError(code: "api.invalidAction", status: .badRequest,
                                                    message: "Invalid action: expected login or validate_session.", field: "action")
    /// 401: the password is not the research password.
    public static let invalidCredentials = LocalAPIError(code: "api.invalidCredentials", status: .unauthorized, message: "Invalid credentials.")
    /// 401: the session token is not one this server issued, or it has expired.
    public static let sessionInvalid = LocalAPIError(code: "api.sessionInvalid", status: .unauthorized, message: "Invalid or expired session.")
    /// 429: too many failed logins from this client within the window.
    public static let rateLimited = LocalAPIError(code: "api.rateLimited", status: .tooManyRequests,
                                                  message: "Too many attempts. Please try again later.")

    /// The research-access route's answer for this error: the reference's
    /// `{"success": false, "message"}`, with `code`, `field` and `rate_limit_remaining` when known.
    func researchBody(remaining: Int? = nil) -> WireValue {
        var members: [(String, WireValue)] = [("success", .bool(false)), ("message", .string(englishMessage)), ("code", .string(code))]
        if let field { members.append(("field", .string(field))) }
        if let remaining { members.append(("rate_limit_remaining", .integer(remaining))) }
        return .object(members)
    }
}

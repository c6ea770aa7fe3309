/// The errors only the `/v1` routes answer.
extension LocalAPIError {
    /// 400: a member this request does not take (a misspelt input would otherwise be silently ignored).
    public static func unknownField(_ field: String, allowed: [String]) -> LocalAPIError {
        LocalAPIError(code: "api.unknownField", status: .badRequest,
                      message: "\(field) has a member this request does not take; allowed: \(allowed.joined(separator: ", ")).",
                      field: field)
    }

    /// 422: `mode` other than `offline`: this server is the local engine.
    public static let unsupportedMode = LocalAPIError(
        code: "api.unsupportedMode", status: .unprocessableContent,
        message: "This server is the local engine: mode must be offline (or left out). For cloud or auto mode use the CLI.",
        field: "mode")

    /// 503: the server's own centers dataset, settings or configured assay cannot be used (`cause` is the engine's code).
    public static func misconfigured(_ cause: String) -> LocalAPIError {
        LocalAPIError(code: "api.misconfigured", status: .serviceUnavailable,
                      message: "The server's configuration cannot be used for this request (\(cause)); the operator must fix it.")
    }
}

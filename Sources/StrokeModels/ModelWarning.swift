/// A non-blocking remark about an input or a result; the value is kept.
public struct ModelWarning: Sendable, Hashable, Codable {
    /// Stable machine-readable code, e.g. `"gfap.capped"`.
    public let code: String
    /// The user-facing text.
    public let message: Message

    /// Creates a warning whose localization key is `"warning." + code`.
    public init(code: String, arguments: [MessageArgument] = []) {
        self.code = code
        self.message = Message("warning.\(code)", arguments)
    }
}

// User-facing text as localization keys: a message, its arguments, and the warnings built from them.

/// A piece of user-facing text, named by a stable localization key.
///
/// The models never hold prose: they name a key from the `Localization/`
/// tables and the arguments to fill in, and the presentation layer renders
/// it in the user's language (numbers with the user's decimal separator).
public struct Message: Sendable, Hashable, Codable {
    /// The localization key, e.g. `"warning.gfap.capped"`.
    public let key: String
    /// Positional arguments for the `%1$@`, `%2$@` … placeholders.
    public let arguments: [MessageArgument]

    /// Creates a message from its key and positional arguments.
    public init(_ key: String, _ arguments: [MessageArgument] = []) {
        self.key = key
        self.arguments = arguments
    }
}

/// One argument of a `Message`.
public enum MessageArgument: Sendable, Hashable, Codable {
    /// Literal text, shown as is.
    case text(String)
    /// A number, formatted for the user's locale with at most the given fraction digits.
    case number(Double, maxFractionDigits: Int)
    /// A nested message rendered in the same language (e.g. a field name or a range).
    case message(Message)

    /// A nested message that is just a key without arguments.
    public static func key(_ key: String) -> MessageArgument { .message(Message(key)) }
}

extension DefaultStringInterpolation {
    /// A `Message` is a key with arguments, not text: render it with a `Localizer`
    /// (`"\(error.message)"` would print the struct). Use `untranslatedText` or the
    /// type's own English text where no localizer is at hand.
    @available(*, unavailable, message: "render a Message with a Localizer")
    public mutating func appendInterpolation(_ message: Message) {}
}

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

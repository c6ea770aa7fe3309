// The operator-facing refinement of the one error protocol: English sentences, not localized.

/// An error for operators of the server modules (collector, relay, board, TLS, the case wire):
/// one English sentence and what to do next, not localized, printed by the same error report
/// as every other `TriageError` ("Error: … [code]", "Hint: …", "  cause: …").
///
/// A conforming type states its sentences once; the message, the hint and the description
/// derive from them here, so the five server error types do not each restate them.
///
/// ```swift
/// struct ExampleError: OperatorError {
///     var code: String { "example.failed" }
///     static let codes = ["example.failed"]
///     var cause: String? { "the detail" }
///     var category: ErrorCategory { .failure }
///     var englishMessage: String { "The example failed" }
///     var recoverySuggestion: String { "Read the detail." }
/// }
/// ExampleError().description   // "example.failed: The example failed (the detail)"
/// ```
public protocol OperatorError: TriageError, CustomStringConvertible {
    /// One English sentence for the operator.
    var englishMessage: String { get }
    /// What the operator can do next.
    var recoverySuggestion: String { get }
}

extension OperatorError {
    /// The English sentence as a message (the same in every language).
    public var message: Message { .untranslated(englishMessage) }

    /// The recovery suggestion as the error report shows it (`Hint:`).
    public var hint: Message? { .untranslated(recoverySuggestion) }

    /// The code, the sentence and the cause, for logs and test failures.
    public var description: String { cause.map { "\(code): \(englishMessage) (\($0))" } ?? "\(code): \(englishMessage)" }
}

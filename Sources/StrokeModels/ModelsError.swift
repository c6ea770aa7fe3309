/// The error of the clinical-models module: one or more inputs are invalid.
public struct ModelsError: Error, Sendable, Hashable {
    /// Every blocking problem found, in the order the fields are asked.
    public let issues: [ValidationIssue]

    /// Wraps a single issue.
    public init(_ issue: ValidationIssue) { self.issues = [issue] }

    /// Wraps several issues; there must be at least one.
    public init(issues: [ValidationIssue]) {
        precondition(!issues.isEmpty, "ModelsError needs at least one issue")
        self.issues = issues
    }

    /// Stable code, also the localization key of the headline.
    public var code: String { "error.invalidInput" }
    /// The first issue's message, which names the field, range and value.
    public var message: Message { issues[0].message }
}

/// The error of the clinical-models module: one or more inputs are invalid.
public struct ModelsError: TriageError, Hashable {
    /// Every blocking problem found, in the order the fields are asked.
    public let issues: [ValidationIssue]

    /// Wraps a single issue.
    public init(_ issue: ValidationIssue) { self.issues = [issue] }

    /// Wraps several issues; there must be at least one.
    public init(issues: [ValidationIssue]) {
        precondition(!issues.isEmpty, "ModelsError needs at least one issue")
        self.issues = issues
    }

    /// Stable code `models.invalidInput`.
    public var code: String { "models.invalidInput" }
    /// Every code of this type.
    public static let codes = ["models.invalidInput"]
    /// The localization key of the headline ("Invalid input"), separate from the code.
    public static let headlineKey = "error.invalidInput"
    /// The first issue's message, which names the field, range and value.
    public var message: Message { issues[0].message }
    /// With several issues, how many and which fields (never their values).
    public var cause: String? {
        issues.count > 1 ? "\(issues.count) invalid inputs: " + issues.map(\.field.rawValue).joined(separator: ", ") : nil
    }
    /// Invalid input data (exit 65).
    public var category: ErrorCategory { .invalidData }
}

import StrokeCloud
import StrokeModels
import TriageLocalization

/// The one way a front-end reports an error to the user: the lines to show for
/// any `TriageError`, in the user's language.
///
/// - `Error: <message>` — a cloud error names the function that failed
///   ("predict_lvo: …");
/// - `Hint: <suggestion>` when the error type has one;
/// - `  cause: <detail>` with `verbose` when there is a cause (control characters
///   escaped, so a library's text can never drive the terminal).
///
/// The caller writes the lines (the CLI on stderr) and ends with the error's
/// category's exit status (`error.category.exitStatus`).
///
/// ```swift
/// let error = EngineError(.configUnreadable(file: "/home/medic/.config/stroke-triage/config.json"))
/// for line in ErrorReport.lines(error, Localizer(language: .en), verbose: false) { print(line) }
/// exit(error.category.exitStatus)   // 78
/// ```
public enum ErrorReport {
    /// The lines to show for `error`: the message, the hint if any, the cause with `verbose`.
    public static func lines(_ error: any TriageError, _ localizer: Localizer, verbose: Bool) -> [String] {
        var out = ["\(localizer.text("error.prefix")): \(error.message(localizer))"]
        if let hint = error.hint { out.append("\(localizer.text("error.hint")): \(localizer.render(hint))") }
        if verbose, let cause = error.cause { out.append("  cause: \(cause.escapingControlCharacters)") }
        return out
    }
}

extension TriageError {
    /// The one-line message in the user's language; a cloud error names the function that failed.
    public func message(_ localizer: Localizer) -> String {
        let text = localizer.render(message)
        guard let cloud = self as? CloudError, let function = cloud.function else { return text }
        return localizer.text("cloud.error.inFunction", [.text(function), .text(text)])
    }
}

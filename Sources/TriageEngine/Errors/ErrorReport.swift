import StrokeCloud
import StrokeModels
import TriageLocalization

/// The one way every front-end reports an error, the CLI and the server commands alike (docs/errors.md):
/// the lines to show for any `TriageError`, in the user's language (the servers' in English).
///
/// - `Error: <message> [<code>]` — a cloud error names the function that failed
///   ("predict_lvo: …"); the code is the stable dotted one of docs/errors.md;
/// - `Hint: <suggestion>` when the error type has one;
/// - `  cause: <detail>` with `verbose` when there is a cause (control characters
///   escaped, so a library's text can never drive the terminal).
///
/// The caller writes the lines (on stderr) and ends with the error's
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
        lines(code: error.code, message: error.message(localizer), hint: error.hint.map(localizer.render),
              cause: verbose ? error.cause : nil, localizer)
    }

    /// The report's lines from its parts (`cause` nil: no cause line).
    public static func lines(code: String, message: String, hint: String?, cause: String?, _ localizer: Localizer) -> [String] {
        var out = ["\(localizer.text("error.prefix")): \(message) [\(code)]"]
        if let hint { out.append("\(localizer.text("error.hint")): \(hint)") }
        if let cause { out.append("  cause: \(cause.escapingControlCharacters)") }
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

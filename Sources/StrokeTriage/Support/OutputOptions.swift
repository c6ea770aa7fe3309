import StrokeModels
import ArgumentParser
import TriageLocalization

/// Flags shared by every command that prints a result.
struct OutputOptions: ParsableArguments {
    @Flag(name: .long, help: "Print exactly one JSON object on stdout.")
    var json = false

    @Option(name: .long, help: "Language of human output: en or de (default: LC_ALL, LC_MESSAGES, LANG, else en).")
    var lang: String?

    @Flag(name: .customLong("no-color"), help: "Never use colour.")
    var noColor = false

    @Flag(name: .long, help: "Show underlying causes of errors.")
    var verbose = false

    /// The localizer for these options and the environment.
    var localizer: Localizer { Localizer.forUser(flag: lang) }

    mutating func validate() throws {
        if let lang, Language(tag: lang) == nil {
            throw ValidationError("--lang: '\(lang.escapingControlCharacters)' is not supported; allowed: en, de.")
        }
    }
}

// Shell completions that offer the catalogue's input flags: argument-parser's script, with each
// module command's inputs (`InputKey.keys(for:)` and the context) added from the catalogue.

import ArgumentParser
import StrokeModels
import TriageLocalization

/// The module commands read their clinical flags from the input catalogue by hand (`CatalogueInputs`),
/// so argument-parser's completion script does not know them. This adds them, from the catalogue
/// alone, to the bash, zsh and fish scripts: `full --<TAB>` offers `--age`, `--sbp`, …, `--glucose`.
enum CatalogueCompletions {
    /// The shell `--generate-completion-script SHELL` (or `=SHELL`) asks for, when those are the arguments.
    static func requestedShell(_ arguments: [String]) -> CompletionShell? {
        guard let first = arguments.first else { return nil }
        let option = "--generate-completion-script"
        if first == option, arguments.count == 2 { return CompletionShell(rawValue: arguments[1]) }
        if first.hasPrefix(option + "="), arguments.count == 1 { return CompletionShell(rawValue: String(first.dropFirst(option.count + 1))) }
        return nil
    }

    /// argument-parser's script for `shell` with every module command's catalogue flags added.
    static func script(_ base: String, shell: CompletionShell, command: String = "stroke-triage") -> String {
        var script = base
        for module in TriageModule.allCases {
            let keys = InputKey.assessmentKeys(for: module)
            switch shell {
            case .bash: script = bash(script, command: command, module: module, keys: keys)
            case .zsh: script = zsh(script, command: command, module: module, keys: keys)
            case .fish: script += fish(command: command, module: module, keys: keys)
            default: break
            }
        }
        return script
    }

    /// The English description of an input's flag: what it is, with its range and unit.
    static func description(_ key: InputKey) -> String {
        var text = Localizer(language: .en).text(key.helpKey)
        if let range = key.allowedRange { text += " (\(range.compactText)\(key.field?.unit.map { " \($0)" } ?? ""))" }
        return text
    }

    /// bash: the flags and options arrays of the command's function gain the catalogue's names.
    private static func bash(_ script: String, command: String, module: TriageModule, keys: [InputKey]) -> String {
        guard let start = script.range(of: "_\(command)_\(module.rawValue)() {\n") else { return script }
        var out = script
        let findings = keys.filter(\.isBoolean).map(\.flag).joined(separator: " ")
        let numbers = keys.filter { !$0.isBoolean }.map(\.flag).joined(separator: " ")
        for (array, names) in [("non_repeating_options=(", numbers), ("non_repeating_flags=(", findings)] where !names.isEmpty {
            guard let slot = out.range(of: array, range: start.upperBound..<out.endIndex) else { continue }
            out.insert(contentsOf: names + " ", at: slot.upperBound)
        }
        return out
    }

    /// zsh: one argument spec a flag, `'--age[Age (0–120 years)]:age:'`, at the top of the command's list.
    private static func zsh(_ script: String, command: String, module: TriageModule, keys: [InputKey]) -> String {
        guard let start = script.range(of: "_\(command)_\(module.rawValue)() {\n"),
              let list = script.range(of: "local -ar arg_specs=(\n", range: start.upperBound..<script.endIndex) else { return script }
        let specs = keys.map { key -> String in
            let text = description(key).replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ":", with: "\\:")
                .replacingOccurrences(of: "[", with: "\\[").replacingOccurrences(of: "]", with: "\\]")
                .replacingOccurrences(of: "'", with: "'\\''")
            return "        '\(key.flag)[\(text)]" + (key.isBoolean ? "'" : ":\(key.valueName):'")
        }
        var out = script
        out.insert(contentsOf: specs.joined(separator: "\n") + "\n", at: list.upperBound)
        return out
    }

    /// fish: one `complete` line a flag, on the command's own condition.
    private static func fish(command: String, module: TriageModule, keys: [InputKey]) -> String {
        keys.map { key in
            let name = String(key.flag.dropFirst(2))
            let text = description(key).replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
            let condition = "__\(command)_should_offer_completions_for_flags_or_options \"\(command) \(module.rawValue)\" \(name)"
            return "complete -c '\(command)' -n '\(condition)' -l '\(name)' -d '\(text)'" + (key.isBoolean ? "" : " -rfka ''") + "\n"
        }.joined()
    }
}

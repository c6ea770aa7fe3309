/// A language the user interface speaks.
public enum Language: String, Sendable, CaseIterable {
    /// English, the fallback.
    case en
    /// German (decimal comma).
    case de

    /// Picks the language: `--lang` first, then `LC_ALL`, `LC_MESSAGES`, `LANG`, else English.
    ///
    /// Foundation on Linux ignores these variables, so they are read here.
    /// Values such as `de_DE.UTF-8` or `de` select German; `C`/`POSIX` or
    /// anything unknown gives English. An empty variable is skipped.
    public static func resolve(flag: String?, environment: [String: String]) -> Language {
        if let flag, let language = Language(tag: flag) { return language }
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            return Language(tag: value) ?? .en
        }
        return .en
    }

    /// Parses a tag like `de`, `de_DE.UTF-8` or `en-GB`.
    public init?(tag: String) {
        let prefix = tag.lowercased().prefix { $0.isLetter }
        guard let language = Language(rawValue: String(prefix)) else { return nil }
        self = language
    }
}

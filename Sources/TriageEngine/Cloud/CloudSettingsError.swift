import StrokeModels
import TriageLocalization

/// A cloud setting (flag, configuration key) that cannot be used.
public struct CloudSettingsError: TriageError, Hashable {
    /// What is wrong with the setting.
    public enum Problem: String, Sendable, Hashable, CaseIterable {
        /// Not an http(s) URL.
        case notHTTP
        /// A number outside its documented range.
        case outOfRange
    }

    /// The flag or key (or the config file's path).
    public let setting: String
    /// The problem.
    public let problem: Problem

    /// The stable code: `cloud.settingNotHTTP` or `cloud.settingOutOfRange`.
    public var code: String { problem == .notHTTP ? "cloud.settingNotHTTP" : "cloud.settingOutOfRange" }

    /// Every code of this type.
    public static let codes = ["cloud.settingNotHTTP", "cloud.settingOutOfRange"]

    /// The one-line message naming the setting (key `cloud.settings.<problem>`).
    public var message: Message { Message("cloud.settings.\(problem.rawValue)", [.text(setting)]) }

    /// No cause beyond the message.
    public var cause: String? { nil }

    /// `usage` (64): an unusable flag or configuration value.
    public var category: ErrorCategory { .usage }

    /// A setting error of this problem.
    public init(setting: String, problem: Problem) {
        self.setting = setting
        self.problem = problem
    }

    /// The one-line message in the localizer's language.
    public func message(_ localizer: Localizer) -> String { localizer.render(message) }
}

import StrokeModels
import TriageLocalization

/// The triage engine's own errors: a configuration file that cannot be used,
/// and configured names the engine does not know. Each has a stable dotted
/// `code`, a localized message and, where there is one, the cause.
public struct EngineError: TriageError, Hashable {
    /// What went wrong.
    public enum Kind: Sendable, Hashable {
        /// The configuration file exists but cannot be read as a JSON object (exit 78, EX_CONFIG).
        case configUnreadable(file: String, reason: Message = Message("config.reason.notObject"))
        /// The configuration names a GFAP assay that does not exist (exit 64).
        case unknownGfapAssay(key: String, name: String)
        /// The configuration names a prehospital scale that does not exist (exit 64).
        case unknownScale(key: String, name: String)
        /// A protocol file cannot be read as JSON (exit 65).
        case protocolUnreadable(file: String, reason: Message = Message("protocol.reason.notJSON"))
        /// A protocol file has a missing, unknown, out-of-range or inconsistent field (exit 65).
        case protocolInvalid(file: String, field: String, detail: String)
    }

    /// What went wrong.
    public let kind: Kind
    /// The underlying cause (a system or parser message, never patient data), for `--verbose`.
    public let cause: String?

    /// An error of this kind.
    public init(_ kind: Kind, cause: String? = nil) {
        self.kind = kind
        self.cause = cause
    }

    /// The stable code: `config.unreadable`, `config.unknownGfapAssay`, `config.unknownScale`.
    public var code: String {
        switch kind {
        case .configUnreadable: return "config.unreadable"
        case .unknownGfapAssay: return "config.unknownGfapAssay"
        case .unknownScale: return "config.unknownScale"
        case .protocolUnreadable: return "protocol.unreadable"
        case .protocolInvalid: return "protocol.invalid"
        }
    }

    /// Every code of this type.
    public static let codes = ["config.unreadable", "config.unknownGfapAssay", "config.unknownScale", "protocol.unreadable", "protocol.invalid"]

    /// `config` (78, EX_CONFIG) for a broken configuration file, `usage` (64) for an unknown configured name,
    /// `invalidData` (65) for a protocol file that cannot be applied.
    public var category: ErrorCategory {
        switch kind {
        case .configUnreadable: return .config
        case .unknownGfapAssay, .unknownScale: return .usage
        case .protocolUnreadable, .protocolInvalid: return .invalidData
        }
    }

    /// The one-line message, naming the file or the key and what is allowed.
    public var message: Message {
        switch kind {
        case .configUnreadable(let file, let reason):
            return Message("config.error.unreadable", [.text(file), .message(reason)])
        case .unknownGfapAssay(let key, _):
            return Message("gfapAssay.error.config", [.text(key), .text(GfapAssay.names)])
        case .unknownScale(let key, let name):
            return Message("scales.error.config", [.text(key), .text(name), .text(ScalesSetting.allowed)])
        case .protocolUnreadable(let file, let reason):
            return Message("protocol.error.unreadable", [.text(file), .message(reason)])
        case .protocolInvalid(let file, let field, let detail):
            return Message("protocol.error.invalid", [.text(file), .text(field), .text(detail)])
        }
    }

    /// The one-line message in the localizer's language.
    public func message(_ l: Localizer) -> String { l.render(message) }
}

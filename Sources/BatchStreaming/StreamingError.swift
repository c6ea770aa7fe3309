#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StrokeModels

/// The error of the streaming module: reading or writing a stream failed, or
/// a line is longer than the reader accepts.
public struct StreamingError: TriageError, Hashable {
    private enum Kind: String, Sendable, Hashable, CaseIterable {
        case readFailed, writeFailed, lineTooLong
    }

    private let kind: Kind
    /// The C `errno` of a failed read or write, else 0.
    public let errorNumber: Int32

    private init(_ kind: Kind, errorNumber: Int32 = 0) {
        self.kind = kind
        self.errorNumber = errorNumber
    }

    /// Stable code `batch.<reason>`, e.g. `batch.readFailed`.
    public var code: String { "batch.\(kind.rawValue)" }

    /// Every code of this type.
    public static let codes = Kind.allCases.map { "batch.\($0.rawValue)" }

    /// The localization key of the message, `batch.stream.<reason>`.
    public var localizationKey: String { "batch.stream.\(kind.rawValue)" }

    /// The one-line message (no argument: never a line of the input).
    public var message: Message { Message(localizationKey) }

    /// The system's reason for a failed read or write, for `--verbose`.
    public var cause: String? { errorNumber == 0 ? nil : String(cString: strerror(errorNumber)) }

    /// `invalidData` (65) for a line too long; `failure` (1) for a failed read or write.
    public var category: ErrorCategory { kind == .lineTooLong ? .invalidData : .failure }

    /// Reading the input failed with `errno`.
    public static func readFailed(errno: Int32) -> StreamingError { StreamingError(.readFailed, errorNumber: errno) }
    /// Writing the output failed with `errno`.
    public static func writeFailed(errno: Int32) -> StreamingError { StreamingError(.writeFailed, errorNumber: errno) }
    /// A line is longer than `LineReader.maximumLineLength`.
    public static let lineTooLong = StreamingError(.lineTooLong)
}

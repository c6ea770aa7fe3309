/// The error of the streaming module: reading or writing a stream failed, or
/// a line is longer than the reader accepts.
public struct StreamingError: Error, Sendable, Hashable {
    private enum Kind: String, Sendable, Hashable {
        case readFailed = "batch.stream.readFailed"
        case writeFailed = "batch.stream.writeFailed"
        case lineTooLong = "batch.stream.lineTooLong"
    }

    private let kind: Kind
    /// The C `errno` of a failed read or write, else 0.
    public let errorNumber: Int32

    private init(_ kind: Kind, errorNumber: Int32 = 0) {
        self.kind = kind
        self.errorNumber = errorNumber
    }

    /// Stable code, also the localization key of the message.
    public var code: String { kind.rawValue }

    /// Reading the input failed with `errno`.
    public static func readFailed(errno: Int32) -> StreamingError { StreamingError(.readFailed, errorNumber: errno) }
    /// Writing the output failed with `errno`.
    public static func writeFailed(errno: Int32) -> StreamingError { StreamingError(.writeFailed, errorNumber: errno) }
    /// A line is longer than `LineReader.maximumLineLength`.
    public static let lineTooLong = StreamingError(.lineTooLong)
}

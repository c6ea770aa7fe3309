/// The `--verbose` log's destination: standard error through `Console`, so the
/// cloud client's lines go where the command's other error lines go (the
/// process's stderr, or a test's capture when the command runs in process).
struct ConsoleErrorStream: TextOutputStream, Sendable {
    /// Writes swift-log's line (which ends in a newline) as one `Console.err` line.
    mutating func write(_ string: String) {
        guard !string.isEmpty else { return }
        Console.err(string.hasSuffix("\n") ? String(string.dropLast()) : string)
    }
}

/// Where a command run inside another program writes its standard output and error and reads
/// its standard input, instead of the process's descriptors: the seam through which a program
/// (the test suite's `CommandCapture`) runs `stroke-triage` and `stroke-triage-server` command
/// lines in its own process. The CLI's `Console` and the server's `ServerConsole` use `current`
/// when one is set and the standard descriptors otherwise; the product has no implementation.
public protocol CommandIO: AnyObject, Sendable {
    /// Appends bytes written to standard output, or with `error` to standard error.
    func append(_ bytes: [UInt8], error: Bool)
    /// The next line of standard input without its line end, `nil` at its end.
    func readLine() -> String?
    /// Calls `body` with descriptors to stream standard input from and standard output to (a batch
    /// reading or writing `-`), valid while `body` runs; everything written is kept when it returns.
    func withStandardDescriptors<T>(_ body: (_ input: Int32, _ output: Int32) async throws -> T) async throws -> T
}

/// The `CommandIO` of the current task, if any.
public enum CommandRedirection {
    @TaskLocal private static var io: (any CommandIO)?

    /// The redirection the current task writes into and reads from, if any.
    public static var current: (any CommandIO)? { io }

    /// Runs `body` (and the tasks it creates) with its standard streams redirected to `io`.
    public static func running<T: Sendable>(with io: any CommandIO, _ body: @Sendable () async throws -> T) async rethrows -> T {
        try await $io.withValue(io, operation: body)
    }
}

extension CommandIO {
    /// A reader of the redirected standard input's lines, for code outside the consoles (a password reader).
    public var lineReader: @Sendable () -> String? { { self.readLine() } }
}

import ArgumentParser

/// The exit codes of one-shot commands (sysexits.h).
enum ExitStatus {
    /// Usage error: unknown flag, missing option, not a number.
    static let usage = ExitCode(64)
    /// Invalid data: a value outside its allowed range.
    static let invalidData = ExitCode(65)
    /// A required service is unavailable.
    static let unavailable = ExitCode(69)
    /// An output file was refused: a symbolic link or an existing file without `--force`, a directory.
    static let cannotCreate = ExitCode(73)
    /// Writing failed for lack of space (EX_IOERR); no partial file is left.
    static let ioError = ExitCode(74)
    /// The configuration file exists but cannot be used (EX_CONFIG).
    static let config = ExitCode(78)
    /// Any other failure.
    static let failure = ExitCode(1)
    /// Interrupted by Ctrl-C.
    static let interrupted = ExitCode(130)
}

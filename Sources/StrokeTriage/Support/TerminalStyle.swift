#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TriageLocalization
import TriageRendering

/// How human output looks on this terminal: the rendering library's plain
/// `TextStyle`, with colour only on a TTY with `NO_COLOR` unset and without
/// `--no-color`. Lines fit 80 columns.
typealias TerminalStyle = TextStyle

extension TextStyle {
    /// The style for these options, the environment and the output descriptor.
    init(_ options: OutputOptions, fd: Int32 = STDOUT_FILENO) {
        let noColourVariable = ProcessEnvironment.values["NO_COLOR"] ?? ""
        self.init(colour: !options.noColor && noColourVariable.isEmpty && Console.isTerminal(fd), width: 80)
    }
}

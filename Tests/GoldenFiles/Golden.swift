import Foundation

/// The CLI's recorded `--json` output (Tests/EndToEndTests/Golden/json), read by path:
/// the in-process renderings of the engine and rendering suites must produce the same bytes.
public enum Golden {
    /// The folder of the recorded JSON outputs.
    public static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("EndToEndTests/Golden/json")

    /// The golden file's text without its final newline (the CLI prints one line).
    public static func text(_ name: String) throws -> String {
        let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }
}

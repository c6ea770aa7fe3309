import StrokeModels
import TriageRendering

/// The file format of batch input and output.
public enum BatchFormat: String, CaseIterable, Sendable {
    /// Comma-separated values with a header row (`fast_ed` style names).
    case csv
    /// JSON Lines: one flat object per line (`fastEd` style keys).
    case jsonl

    /// The format a file name suggests: `.jsonl`, `.ndjson` or `.json` → JSON Lines, else `nil`.
    public static func inferred(from path: String?) -> BatchFormat? {
        guard let path, path != "-" else { return nil }
        let lower = path.lowercased()
        if lower.hasSuffix(".jsonl") || lower.hasSuffix(".ndjson") || lower.hasSuffix(".json") { return .jsonl }
        if lower.hasSuffix(".csv") { return .csv }
        return nil
    }

    /// The name of an input in this format (`fast_ed` or `fastEd`).
    public func name(_ key: InputKey) -> String { self == .csv ? key.csv : key.json }
}

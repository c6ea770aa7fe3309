import Foundation
import OutputFiles

/// Where and how a handover report is saved. It holds patient data: it is
/// written as an `OutputFile` (mode 0600, temporary file then rename; links
/// refused without `--force`), and a bare file name goes into the data
/// directory's `reports/` folder (mode 0700), never into the working directory.
public enum ReportFile {
    /// Where a report named `name` is saved: a bare name (no `/`) inside
    /// `<data>/reports/`, a path containing `/` as given.
    public static func location(_ name: String, directories: StateDirectories = StateDirectories()) -> String {
        guard !name.contains("/") else { return name }
        return directories.data.appendingPathComponent("reports").appendingPathComponent(name).path
    }

    /// Saves `text` as the report `name` and returns the absolute path written.
    /// - Throws: `OutputFileError` (the reports folder's failures as `.cannotCreate`).
    @discardableResult
    public static func write(_ text: String, to name: String, force: Bool = false,
                      directories: StateDirectories = StateDirectories()) throws(OutputFileError) -> String {
        let path = location(name, directories: directories)
        if !name.contains("/") {
            let folder = directories.data.appendingPathComponent("reports")
            do { try StateDirectories.ensure(folder) } catch {
                throw OutputFileError(path: folder.path, reason: .cannotCreate, errorNumber: EACCES)
            }
            // An existing folder keeps its mode: make our own real folder private again.
            var info = stat()
            if lstat(folder.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR, info.st_uid == getuid() {
                _ = chmod(folder.path, 0o700)
            }
        }
        try OutputFile.write(text, to: path, force: force, existing: .replace)
        return absolute(path)
    }

    /// `path` made absolute against the working directory (for the "saved to" line).
    public static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(path).standardizedFileURL.path
    }
}

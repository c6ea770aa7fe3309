import Foundation
import TriageEngine
import TestScratch

/// A fresh `STROKE_TRIAGE_HOME` for one test, removed by `remove()`.
struct TemporaryHome {
    let root: URL

    init() {
        root = TestScratch.directory("triage-engine")
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    /// The environment pointing every engine path here.
    var environment: [String: String] { ["STROKE_TRIAGE_HOME": root.path] }

    /// The state directories under this home.
    var directories: StateDirectories { StateDirectories(environment: environment) }

    /// Writes `config.json`.
    func writeConfig(_ text: String) throws {
        try Data(text.utf8).write(to: directories.configFile)
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
}

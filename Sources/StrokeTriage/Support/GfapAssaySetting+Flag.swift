import ArgumentParser
import TriageEngine

extension GfapAssaySetting {
    /// The usage error of an unknown `--gfap-assay` name.
    static func check(_ flag: String?) throws {
        if let problem = usageProblem(flag) { throw ValidationError(problem) }
    }
}

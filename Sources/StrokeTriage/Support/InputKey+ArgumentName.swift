import ArgumentParser
import StrokeModels
import TriageRendering

extension InputKey {
    /// The argument-parser name of the one-shot flag (`--fast-ed` → `.customLong("fast-ed")`).
    var name: NameSpecification { .customLong(String(flag.dropFirst(2))) }
}

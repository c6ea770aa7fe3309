import ArgumentParser

/// The audit flag of the calculator commands (`volume`, `lvo`, `fast-ed`, `ich-baseline`, `outcomes`).
///
/// Calculators are not assessments: they record nothing in the audit log, so
/// `--no-audit` only states that explicitly. It exists for them alone; the
/// walkthrough and the module commands always record their events.
struct CalculatorAuditOptions: ParsableArguments {
    @Flag(name: .customLong("no-audit"), help: "Record nothing in the audit log (calculators never do; accepted for scripts).")
    var noAudit = false
}

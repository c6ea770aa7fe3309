import StrokeJSON
import StrokeCenters
import StrokeModels
import TriageLocalization
import TriageRendering

/// Routing advice for a finished assessment that has a location.
///
/// Routes over the configured dataset (`centers.file`, else the bundled data)
/// with the decision-grade ICH probability (absent or the offline baseline → routed
/// by the exam and onset, and the reasons say so), the LVO probability or else the FAST-ED score, and the onset time.
/// Outside the dataset's coverage the advice names no destination (`Router`).
public enum RoutingAdvisor {
    /// The routing section for an assessment, or `nil` without a location or data.
    /// A broken dataset or setting gives a summary saying so (never an error).
    public static func advise(_ assessment: Assessment, localizer: Localizer, config: AppConfig,
                              centers: CentersSettings = CentersSettings(), rules: TriageProtocol = .standard) -> RoutingSummary? {
        guard let origin = assessment.inputs.location else { return nil }
        do {
            let policy = try centers.policy(config, rules: rules)
            let dataset = try centers.dataset(config)
            // Only a decision-grade ICH routes; the offline baseline never does (docs/clinical-reference.md §8).
            let request = RoutingRequest(
                origin: origin, ichProbability: ClinicalDecision.decisionGradeICH(assessment.ich), lvoProbability: assessment.lvo?.probability,
                fastEd: assessment.inputs.fastEd.map(Double.init), onsetMinutes: assessment.inputs.onsetMinutes,
                scales: assessment.scaleReport?.scored ?? [], comatose: assessment.module == .coma,
                anticoagulated: assessment.inputs.anticoagulated)
            let router = Router(dataset: dataset, policy: policy)
            let outcome = try router.route(request)
            // The origin first: with a place name, it shows which place was understood.
            let header = localizer.text("centers.route.header", [.text(CentersRendering.origin(origin, place: assessment.inputs.place, localizer))])
            return RoutingSummary(
                // No prognosis reaches a crew (issue 43): the expected outcome by destination is research only
                // (`route --research`, `outcomes`), never beside a module's routing, its details or the case.
                lines: [header] + RoutingRendering.lines(outcome, policy: policy, localizer),
                // JSON is always English, like the rest of the result's JSON (issue 46: `--json --lang de` gave German reasons).
                json: RoutingRendering.json(
                    outcome, origin: origin, place: assessment.inputs.place, policy: policy, dataset: dataset.name,
                    ModelJSON.english),
                destination: outcome.decision?.destination, transferPlan: outcome.decision?.transferPlan,
                beyondStrokeUnitMinutes: outcome.beyondStrokeUnitMinutes,
                transferForNeurosurgery: outcome.decision.map {
                    $0.category == .neurosurgicalTransfer || $0.reasons.contains { $0.key == "centers.reason.transferNeurosurgery" }
                } ?? false)
        } catch let error as CentersError {
            // A broken dataset or setting: say so where the routing would be, never crash the walkthrough.
            let line = localizer.text("centers.route.unavailable", [.text(localizer.render(error.message))])
            return RoutingSummary(lines: [line], json: .object([("error", .string(error.code)), ("message", .string(line))]))
        } catch {
            return nil
        }
    }
}

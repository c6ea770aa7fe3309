import StrokeModels

/// The expected-outcome estimate beside a routing decision (issue 27;
/// docs/clinical-reference.md §14, docs/routing.md): the acute-outcome model of
/// Ali et al. (Stroke 2018) fed with the routing's own candidates and drive times.
///
/// A research extension, never a command: it never changes the rule-based
/// destination (`Router.route` does not look at it).
public enum RoutingOutcomes: Sendable, Hashable {
    /// The model's estimate, with the two centers it compared.
    case estimate(OutcomeEstimate, thrombolysisCenter: RankedCenter, thrombectomyCenter: RankedCenter)
    /// The estimate applies but needs a severity: the NIHSS, or a RACE total.
    case needsSeverity

    /// The estimate, when there is one.
    public var estimate: OutcomeEstimate? {
        if case .estimate(let e, _, _) = self { return e }
        return nil
    }
}

/// What the outcome layer needs besides the routing request.
public struct OutcomeSeverityInput: Sendable, Hashable {
    /// The RACE total (from the configured scales) or the NIHSS, `nil` when neither is known.
    public var severity: OutcomeInputs.Severity?
    /// What the request's LVO probability is reported as (`given`, or `lvoModel` for our GFAP + FAST-ED estimate).
    public var lvoSource: LVOSource

    /// Creates the input.
    public init(severity: OutcomeInputs.Severity?, lvoSource: LVOSource = .given) {
        self.severity = severity
        self.lvoSource = lvoSource
    }

    /// The NIHSS, when the severity was given as one.
    public var nihss: Double? {
        if case .nihss(let n)? = severity { return n }
        return nil
    }

    /// RACE when a RACE total is known (the model's own severity), else the NIHSS, else none.
    public static func preferringRace(race: Int?, nihss: Double?, lvoSource: LVOSource = .given) -> OutcomeSeverityInput {
        OutcomeSeverityInput(severity: race.map { .race(Double($0)) } ?? nihss.map { .nihss($0) }, lvoSource: lvoSource)
    }
}

extension Router {
    /// The expected outcome by destination, or `nil` when it does not apply.
    ///
    /// It applies when the origin is inside coverage, an LVO is suspected or an
    /// LVO probability is known, the onset is known, and the dataset has a
    /// thrombolysis-capable hospital and a thrombectomy center that are not the same
    /// hospital (a hospital is never compared with itself). The candidates
    /// are the nearest of each (drive minutes from `policy.drive`), the transfer
    /// is the drive between them, and the door times are the centers' own when
    /// the data give them (else the model's defaults). Inputs the model refuses
    /// (an onset past 7 days, a drive past 24 h) give `nil`.
    public func outcomes(_ r: RoutingRequest, _ input: OutcomeSeverityInput) -> RoutingOutcomes? {
        guard r.onsetMinutes != nil, r.verdict(policy.rules).suspected == true || r.lvoProbability != nil,
              coverage(of: r.origin) == .inside,
              let lysis = dataset.nearest(to: r.origin, limit: 1, filter: Self.thrombolysis, drive: policy.drive).first,
              let evt = dataset.nearest(to: r.origin, limit: 1, filter: Self.thrombectomy, drive: policy.drive).first,
              // The nearest thrombolysis hospital can do thrombectomy: there is no drip-and-ship to compare.
              lysis.center.id != evt.center.id
        else { return nil }
        guard let severity = input.severity else { return .needsSeverity }
        let transfer = policy.drive.minutes(forKm: GreatCircle.haversineKm(lysis.center.coordinate, evt.center.coordinate))
        var inputs = OutcomeInputs(
            severity: severity, lvoProbability: r.lvoProbability, onsetMinutes: r.onsetMinutes ?? 0,
            thrombolysisHospital: ThrombolysisHospital(
                id: lysis.center.id, driveMinutes: lysis.driveMinutes, transferMinutes: transfer,
                doorToNeedleMinutes: lysis.center.doorToNeedleMinutes ?? OutcomeModel.defaultThrombolysisDoorToNeedle),
            thrombectomyCenter: ThrombectomyCenter(
                id: evt.center.id, driveMinutes: evt.driveMinutes,
                doorToNeedleMinutes: evt.center.doorToNeedleMinutes ?? OutcomeModel.defaultThrombectomyDoorToNeedle,
                doorToPunctureMinutes: evt.center.doorToPunctureMinutes ?? OutcomeModel.defaultDoorToPuncture))
        inputs.givenLVOSource = input.lvoSource
        guard let estimate = try? OutcomeModel.estimate(inputs) else { return nil }
        return .estimate(estimate, thrombolysisCenter: lysis, thrombectomyCenter: evt)
    }
}

extension RoutingDecision.Category {
    /// The outcome model's strategy this rule chose, `nil` for the rules the model has no
    /// strategy for (ICH rules 1–2, stroke unit outside the window).
    public var outcomeStrategy: StrategyKind? {
        switch self {
        case .thrombectomy: return .thrombectomyCenter
        case .dripAndShip: return .dripAndShip
        case .thrombolysis: return .thrombolysisCenter
        case .neurosurgical, .neurosurgicalTransfer, .neurosurgicalOrComprehensive, .strokeUnit: return nil
        }
    }
}

import StrokeJSON
import StrokeModels

extension ModelJSON {
    /// The `outcomes` object (issue 27): `{"model", "lvoSource", "lvoProbability", "nihss", "windowOpen",
    /// "strategies": [...], "best", "marginPoints"}`.
    ///
    /// `lvoProbability` and `windowOpen` go beyond the list: the p(LVO)
    /// actually used, and whether the model evaluated any strategy. `marginPoints`
    /// is `null` when there is no window or only one feasible strategy.
    public static func outcomes(_ e: OutcomeEstimate) -> JSONValue {
        .object([
            ("model", .string(e.model)),
            ("lvoSource", .string(e.lvoSource.rawValue)),
            ("lvoProbability", .number(e.lvoProbability)),
            ("nihss", .number(e.nihss)),
            ("windowOpen", .bool(e.windowOpen)),
            ("strategies", .array(e.strategies.map(strategy))),
            ("best", .string(e.best.kind.rawValue)),
            ("marginPoints", .number(e.marginPoints)),
        ])
    }

    /// One strategy: `kind`, `centerId`? and `transferCenterId`? (when the inputs named them),
    /// `driveMinutes`, `transferMinutes`? (drip-and-ship), `onsetToNeedleMin`,
    /// `onsetToPunctureMin`? (with thrombectomy), the four probabilities (`null` when not
    /// feasible) and `feasible`.
    public static func strategy(_ s: StrategyOutcome) -> JSONValue {
        var members: [(String, JSONValue)] = [("kind", .string(s.kind.rawValue))]
        if let centerId = s.centerId { members.append(("centerId", .string(centerId))) }
        if let transferCenterId = s.transferCenterId { members.append(("transferCenterId", .string(transferCenterId))) }
        members.append(("driveMinutes", .number(s.driveMinutes)))
        if let transfer = s.transferMinutes { members.append(("transferMinutes", .number(transfer))) }
        members.append(("onsetToNeedleMin", .number(s.onsetToNeedleMin)))
        if let puncture = s.onsetToPunctureMin { members.append(("onsetToPunctureMin", .number(puncture))) }
        members += [
            ("pGoodOutcome", .number(s.pGoodOutcome)),
            ("pThrombolysis", .number(s.pThrombolysis)),
            ("pThrombectomy", .number(s.pThrombectomy)),
            ("pTransfer", .number(s.pTransfer)),
            ("feasible", .bool(s.feasible)),
        ]
        return .object(members)
    }
}

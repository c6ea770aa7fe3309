import StrokeCenters
import StrokeModels

/// The outcome layer's cost on a routed assessment (issue 27): for every origin,
/// the full module assessed offline and routed (baseline), and the same plus the
/// expected outcome by destination (`Router.outcomes`), timed alternately in one
/// run. Prints one Markdown row: | what | baseline (same run) | measured | ratio | goal |
func outcomeLayerRow(_ data: CenterDataset, origins: [Coordinate], clock: ContinuousClock) throws -> String {
    let router = Router(dataset: data)
    let service = OfflinePredictionService()
    var inputs = TriageInputs(module: .full, gfap: 50)
    inputs.age = 70
    inputs.sbp = 160
    inputs.dbp = 90
    inputs.fastEd = 7
    inputs.onsetMinutes = 60
    let severity = OutcomeSeverityInput(severity: .nihss(14), lvoSource: .lvoModel)
    var plain: [Double] = [], layered: [Double] = [], alone: [Double] = []
    var estimated = 0
    func routed(_ origin: Coordinate) throws -> RoutingRequest {
        var i = inputs
        i.location = origin
        let a = try service.assessNow(i)
        let request = RoutingRequest(origin: origin, ichProbability: a.ich.probability, lvoProbability: a.lvo?.probability,
                                     fastEd: i.fastEd.map(Double.init), onsetMinutes: i.onsetMinutes)
        _ = try router.route(request)
        return request
    }
    for (n, origin) in origins.enumerated() {
        _ = try routed(origin)  // warm: both timings below see the same caches
        // Alternate which one runs first, so that neither always gets the warmer start.
        for withLayer in n % 2 == 0 ? [false, true] : [true, false] {
            let t0 = clock.now
            let request = try routed(origin)
            let t1 = clock.now
            if withLayer {
                if router.outcomes(request, severity)?.estimate != nil { estimated += 1 }
                let t2 = clock.now
                layered.append(seconds(t2 - t0))
                alone.append(seconds(t2 - t1))
            } else {
                plain.append(seconds(t1 - t0))
            }
        }
    }
    let base = median(plain), with = median(layered), layer = median(alone)
    return "| routed assessment (full module offline + route) with the expected outcome by destination, \(data.centers.count) centers "
        + "(median of \(origins.count); \(estimated) estimates) | without it \(format(base)) | \(format(with)); "
        + "the outcome layer alone \(format(layer)) | \(String(format: "%.2f", with / base))× | adds < 1 ms |"
}

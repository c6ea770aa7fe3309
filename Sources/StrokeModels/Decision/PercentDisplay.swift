// How a probability is shown beside a threshold: never rounded onto or across it.

/// The digits a probability needs on screen so that it never reads as on the
/// other side of a threshold (docs/clinical-reference.md §12, "Rounding"):
/// "29.96 %" beside "below 30 %", never "30 %". Whole percents otherwise.
public enum PercentDisplay {
    /// The most decimals ever shown.
    public static let maximumFractionDigits = 4

    /// Every probability edge a result can be read against: the risk bands (§4) and
    /// the default protocol's probability thresholds (§8, §12), each once, sorted.
    public static let edges: [Double] = {
        let bands = [RiskLevel.mediumFrom, RiskLevel.highFrom, RiskLevel.criticalFrom]
        let protocolEdges = ProtocolKey.allCases.filter { $0.unit == "probability" }.map { TriageProtocol.standard[$0] }
        return Array(Set(bands + protocolEdges)).sorted()
    }()

    /// The fewest decimals (0…4) at which `probability` × 100, rounded, lies on the same side of
    /// every edge × 100 as the probability itself, and on an edge only when it is exactly on it.
    public static func fractionDigits(_ probability: Double, edges: [Double] = edges) -> Int {
        let percent = probability * 100
        for digits in 0..<maximumFractionDigits {
            let scale = pow10(digits)
            let shown = (percent * scale).rounded() / scale
            let faithful = edges.allSatisfy { edge in
                let e = edge * 100
                return (percent >= e) == (shown >= e) && (shown == e) == (percent == e)
            }
            if faithful { return digits }
        }
        return maximumFractionDigits
    }

    /// A probability as a percent argument with the digits `fractionDigits` asks for.
    public static func argument(_ probability: Double, edges: [Double] = edges) -> MessageArgument {
        let digits = fractionDigits(probability, edges: edges)
        let scale = pow10(digits)
        return .number((probability * 100 * scale).rounded() / scale, maxFractionDigits: digits)
    }

    /// The edges of a protocol: the risk bands and its own probability thresholds.
    public static func edges(_ rules: TriageProtocol) -> [Double] {
        Array(Set(edges + ProtocolKey.allCases.filter { $0.unit == "probability" }.map { rules[$0] })).sorted()
    }

    /// A probability as a message argument for a text that puts " %" after it: "< 1" below
    /// `floor`, "> 99" from `ceiling`, else the digits `fractionDigits` asks for.
    public static func reasonArgument(_ probability: Double, edges: [Double] = edges) -> MessageArgument {
        if probability < floor { return .text("< 1") }
        if probability >= ceiling { return .text("> 99") }
        return argument(probability, edges: edges)
    }

    /// Below this a probability reads "< 1 %", never "0 %".
    public static let floor = 0.005
    /// At or above this a probability reads "> 99 %", never "100 %".
    public static let ceiling = 0.995

    private static func pow10(_ digits: Int) -> Double {
        (0..<digits).reduce(1.0) { value, _ in value * 10 }
    }
}

/// The laboratory assay a GFAP value was measured with.
///
/// GFAP concentrations are not interchangeable across assays and platforms:
/// the same blood sample gives different numbers on different analyzers, and
/// no validated conversion between them is published for these models. The
/// reference (docs/clinical-reference.md) does not name the assay its models were derived on,
/// so every stated assay draws a hedged warning; no value is ever converted.
/// `docs/clinical-scales.md` lists what is known about each assay.
public enum GfapAssay: String, Sendable, Hashable, Codable, CaseIterable {
    /// Abbott i-STAT TBI cartridge (point of care; whole blood or plasma).
    case istatTbi = "istat-tbi"
    /// Abbott Alinity i TBI (laboratory; serum or plasma).
    case alinityTbi = "alinity-tbi"
    /// Roche Elecsys GFAP (laboratory).
    case elecsysGfap = "elecsys-gfap"
    /// bioMérieux VIDAS TBI (GFAP, UCH-L1).
    case vidasTbi = "vidas-tbi"
    /// Quanterix Simoa GFAP (research-use immunoassay).
    case simoaGfap = "simoa-gfap"
    /// Any other assay, or one not on this list.
    case other

    /// The assay the ICH, LVO and volume models were derived on, when the
    /// reference documents it. It does not (docs/clinical-reference.md names no assay): `nil`.
    public static let derivation: GfapAssay? = nil

    /// The names accepted by `--gfap-assay` and the `gfapAssay` setting, comma-separated.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// The hedged warning for values measured with this assay: the derivation
    /// assay is unknown, or this is not it. `nil` only for the derivation assay.
    public var warning: ModelWarning? {
        guard let derivation = Self.derivation else {
            return ModelWarning(code: "gfap.assay.derivationUnknown", arguments: [.text(rawValue)])
        }
        return self == derivation ? nil : ModelWarning(code: "gfap.assay.notDerivation", arguments: [.text(rawValue), .text(derivation.rawValue)])
    }
}

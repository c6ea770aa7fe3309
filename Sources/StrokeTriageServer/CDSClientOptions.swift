import ArgumentParser
import StrokeLocalAPI

/// `--cds-jwks FILE --cds-audience URL`, shared by `api` and `station`: the CDS Hooks clients' JWK Set and
/// this service's URL as their tokens name it (`CDSClientAuthorization`; docs/fhir.md, "CDS Hooks").
struct CDSClientOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "JWK Set file of the CDS Hooks clients' keys (RS384/ES384; else STROKE_API_CDS_JWKS): every CDS call must carry a token it verifies.",
        valueName: "file"))
    var cdsJwks: String?

    @Option(name: .long, help: ArgumentHelp(
        "This CDS service's URL as the clients' tokens name it in aud (with --cds-jwks; else STROKE_API_CDS_AUDIENCE).", valueName: "url"))
    var cdsAudience: String?

    /// Adds the given options to the local API's settings flags.
    func add(to flags: inout [LocalAPISetting: String]) {
        flags[.cdsJwks] = cdsJwks
        flags[.cdsAudience] = cdsAudience
    }
}

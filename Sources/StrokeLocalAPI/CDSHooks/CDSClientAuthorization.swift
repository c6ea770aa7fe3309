import Foundation
import JWTKit
import StrokeJSON

/// The CDS Hooks client's JSON Web Token, verified (CDS Hooks 2.0, "Trusting CDS Clients"): with
/// `--cds-jwks FILE` and `--cds-audience URL` every `POST /cds-services/stroke-triage` must carry
/// `Authorization: Bearer <JWT>` signed by a key of that JWK Set with RS384 or ES384 (the algorithms
/// CDS Hooks names), whose `aud` is this service's URL and whose `exp` has not passed (`iat`, `iss` and
/// `jti` are required, as the specification asks). Anything else (no header, `alg: none` or another
/// algorithm, an unknown key, a bad signature, another audience, an expired token) is 401
/// `api.cdsUnauthorized`, before the body is read. Without the settings the service verifies nothing:
/// docs/fhir.md says it must then sit behind the hospital's own gateway.
public struct CDSClientAuthorization: Sendable {
    /// The algorithms CDS Hooks 2.0 names for the client's token.
    public static let algorithms: Set<String> = ["RS384", "ES384"]

    let keys: JWTKeyCollection
    /// This service's URL as the client's token must name it in `aud`.
    public let audience: String
    /// The wall clock `exp` is compared with (the system's; tests inject one).
    let now: @Sendable () -> Date

    /// Reads the JWK Set file: each key must be an RSA or P-384 key with `alg` RS384 or ES384.
    /// - Throws: `LocalAPIError.configurationInvalid` naming the file and what is wrong with it.
    public init(jwksFile path: String, audience: String, now: @escaping @Sendable () -> Date = Date.init) async throws(LocalAPIError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            let problem = FileManager.default.fileExists(atPath: path) ? "cannot be read by this account" : "not found"
            throw .configurationInvalid("cdsJwks: \(path): \(problem)")
        }
        try await self.init(jwks: data, named: path, audience: audience, now: now)
    }

    /// A JWK Set given as its bytes (`named` is what errors call it).
    public init(jwks data: Data, named name: String, audience: String,
                now: @escaping @Sendable () -> Date = Date.init) async throws(LocalAPIError) {
        let parsed: JSONValue
        do { parsed = try JSONValue(parsing: Array(data)) } catch {
            throw .configurationInvalid("cdsJwks: \(name): not a JSON Web Key Set (\(error))")
        }
        guard let entries = parsed["keys"]?.arrayValue, !entries.isEmpty else {
            throw .configurationInvalid("cdsJwks: \(name): a JSON Web Key Set needs a non-empty \"keys\" array")
        }
        for (index, entry) in entries.enumerated() {
            guard let alg = entry["alg"]?.stringValue, Self.algorithms.contains(alg) else {
                throw .configurationInvalid("cdsJwks: \(name): key \(index + 1) must name \"alg\" RS384 or ES384 (CDS Hooks 2.0)")
            }
        }
        let keys = JWTKeyCollection()
        do {
            _ = try await keys.add(jwksJSON: String(decoding: data, as: UTF8.self))
        } catch {
            throw .configurationInvalid("cdsJwks: \(name): a key cannot be used (\(error))")
        }
        guard let url = URL(string: audience), ["https", "http"].contains(url.scheme ?? ""), url.host != nil else {
            throw .configurationInvalid("cdsAudience: the service's URL as clients name it in aud, e.g. https://host/cds-services/stroke-triage; got \(audience)")
        }
        self.keys = keys
        self.audience = audience
        self.now = now
    }

    /// Checks the request's `Authorization` header.
    /// - Throws: `LocalAPIError.cdsUnauthorized` saying what is missing or wrong (never the token itself).
    public func verify(authorization header: String?) async throws(LocalAPIError) {
        guard let header, header.count > 7, header.prefix(7).lowercased() == "bearer " else {
            throw .cdsUnauthorized("no Authorization: Bearer token")
        }
        let token = String(header.dropFirst(7)).trimmingCharacters(in: .whitespaces)
        guard let alg = Self.algorithm(of: token) else { throw .cdsUnauthorized("the token is not a JSON Web Token") }
        guard Self.algorithms.contains(alg) else { throw .cdsUnauthorized("the token's algorithm must be RS384 or ES384") }
        let claims: CDSClientClaims
        do {
            claims = try await keys.verify(token, as: CDSClientClaims.self)
        } catch {
            throw .cdsUnauthorized("the token's signature does not verify with a key of the configured JWK Set")
        }
        do { try claims.aud.verifyIntendedAudience(includes: audience) } catch {
            throw .cdsUnauthorized("the token's audience is not this service (\(audience))")
        }
        do { try claims.exp.verifyNotExpired(currentDate: now()) } catch {
            throw .cdsUnauthorized("the token has expired")
        }
    }

    /// The `alg` of a compact JWS's header, nil when it is not one.
    static func algorithm(of token: String) -> String? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let header = Data(base64URL: String(parts[0])),
              let alg = (try? JSONValue(parsing: Array(header)))?["alg"]?.stringValue else { return nil }
        return alg
    }
}

extension LocalAPIConfiguration {
    /// The CDS clients' token check these settings ask for (`cdsJwks` with `cdsAudience`), nil without them.
    /// - Throws: `LocalAPIError.configurationInvalid` naming the file and its problem.
    public func cdsClientAuthorization() async throws(LocalAPIError) -> CDSClientAuthorization? {
        guard let cdsJwksFile, let cdsAudience else { return nil }
        return try await CDSClientAuthorization(jwksFile: cdsJwksFile, audience: cdsAudience)
    }
}

/// The claims CDS Hooks 2.0 requires of the client's token (`iss`, `aud`, `exp`, `iat`, `jti`).
struct CDSClientClaims: JWTPayload {
    let iss: IssuerClaim
    let aud: AudienceClaim
    let exp: ExpirationClaim
    let iat: IssuedAtClaim
    let jti: IDClaim

    /// The signature is checked by the collection; the audience and expiry by `CDSClientAuthorization`
    /// (with its injected clock).
    func verify(using algorithm: some JWTAlgorithm) async throws {}
}

extension Data {
    /// Base64url without padding (RFC 7515), nil when not.
    init?(base64URL text: String) {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        self.init(base64Encoded: base64)
    }
}

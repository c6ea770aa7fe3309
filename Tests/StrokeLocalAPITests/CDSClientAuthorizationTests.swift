import _CryptoExtras
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import JWTKit
import StrokeJSON
import StrokeLocalAPI
import Testing

/// The CDS Hooks service verifies its clients' JSON Web Tokens (issue 46; CDS Hooks 2.0, "Trusting CDS
/// Clients"): with a JWK Set and the service's audience, only an RS384 or ES384 token of a key in the set,
/// for this audience and not expired, reaches the service; everything else is 401 `api.cdsUnauthorized`.
@Suite struct CDSClientAuthorizationTests {
    static let audience = "https://ed.example/cds-services/stroke-triage"
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// The claims CDS Hooks asks of a client's token.
    struct Claims: JWTPayload {
        var iss = IssuerClaim(value: "https://ehr.example")
        var aud: AudienceClaim
        var exp: ExpirationClaim
        var iat = IssuedAtClaim(value: CDSClientAuthorizationTests.now.addingTimeInterval(-10))
        var jti = IDClaim(value: "b5b8e4a6-0000-4000-8000-000000000001")
        func verify(using algorithm: some JWTAlgorithm) async throws {}
    }

    /// An ES384 key and an RS384 key of the client, their JWK Set and a collection that signs with them.
    struct ClientKeys {
        let jwks: Data
        let signing = JWTKeyCollection()
        let stranger = JWTKeyCollection()

        init() async throws {
            let ec = ES384PrivateKey()
            let rsa = try Insecure.RSA.PrivateKey(backing: _RSA.Signing.PrivateKey(keySize: .bits2048))
            let (n, e) = try rsa.publicKey.getKeyPrimitives()
            let parameters = try #require(ec.publicKey.parameters)
            let set = JSONValue.object([("keys", .array([
                .object([("kty", .string("EC")), ("crv", .string("P-384")), ("kid", .string("ec-1")), ("alg", .string("ES384")),
                         ("x", .string(parameters.x)), ("y", .string(parameters.y))]),
                .object([("kty", .string("RSA")), ("kid", .string("rsa-1")), ("alg", .string("RS384")),
                         ("n", .string(Self.base64URL(n))), ("e", .string(Self.base64URL(e)))]),
            ]))])
            jwks = Data(set.serialized().utf8)
            await signing.add(ecdsa: ec, kid: "ec-1")
            await signing.add(rsa: rsa, digestAlgorithm: .sha384, kid: "rsa-1")
            await stranger.add(ecdsa: ES384PrivateKey(), kid: "ec-1")
        }

        static func base64URL(_ data: Data) -> String {
            data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
        }
    }

    static func claims(audience: String = audience, expires: TimeInterval = 300) -> Claims {
        Claims(aud: AudienceClaim(value: [audience]), exp: ExpirationClaim(value: now.addingTimeInterval(expires)))
    }

    /// The status and error code of a CDS call with `authorization` (nil: no header).
    static func call(_ keys: ClientKeys, _ authorization: String?) async throws -> (HTTPResponse.Status, String?, String?) {
        let check = try await CDSClientAuthorization(jwks: keys.jwks, named: "test.jwks", audience: audience, now: { now })
        let app = Application(router: LocalAPIRoutes(configuration: LocalAPIConfiguration(), cdsClients: check).makeRouter())
        return try await app.test(.router) { client in
            var headers: HTTPFields = [.contentType: "application/json"]
            if let authorization { headers[.authorization] = authorization }
            let response = try await client.execute(uri: CDSHooksService.servicePath, method: .post, headers: headers,
                                                    body: ByteBuffer(string: CDSHooksTests.request(CDSHooksTests.limited)))
            let body = try JSONValue(parsing: String(buffer: response.body))
            return (response.status, body["error"]?["code"]?.stringValue, response.headers[.wwwAuthenticate])
        }
    }

    @Test("an ES384 and an RS384 token of the client's keys, for this service and not expired, get the cards")
    func validTokensPass() async throws {
        let keys = try await ClientKeys()
        for kid in ["ec-1", "rsa-1"] {
            let token = try await keys.signing.sign(Self.claims(), kid: JWKIdentifier(string: kid))
            let (status, code, _) = try await Self.call(keys, "Bearer " + token)
            #expect(status == .ok && code == nil, "\(kid)")
        }
    }

    @Test("no token, alg none, HS256, a stranger's key, another audience, an expired token: 401 api.cdsUnauthorized")
    func everythingElseIsRefused() async throws {
        let keys = try await ClientKeys()
        let valid = try await keys.signing.sign(Self.claims(), kid: "ec-1")
        let parts = valid.split(separator: ".").map(String.init)
        func header(_ json: String) -> String { ClientKeys.base64URL(Data(json.utf8)) }
        let refused: [(String, String?)] = [
            ("no header", nil),
            ("not bearer", "Basic dXNlcjpwYXNz"),
            ("alg none", header(#"{"alg":"none","typ":"JWT"}"#) + "." + parts[1] + "."),
            ("HS256", header(#"{"alg":"HS256","typ":"JWT","kid":"ec-1"}"#) + "." + parts[1] + "." + parts[2]),
            ("a stranger's key", try await keys.stranger.sign(Self.claims(), kid: "ec-1")),
            ("another audience", try await keys.signing.sign(Self.claims(audience: "https://other.example/cds-services/stroke-triage"), kid: "ec-1")),
            ("expired", try await keys.signing.sign(Self.claims(expires: -1), kid: "rsa-1")),
            ("payload swapped", parts[0] + "." + ClientKeys.base64URL(Data(#"{"aud":"x"}"#.utf8)) + "." + parts[2]),
        ]
        for (name, token) in refused {
            let (status, code, challenge) = try await Self.call(keys, token.map { $0.hasPrefix("Basic") ? $0 : "Bearer " + $0 })
            #expect(status == .unauthorized && code == "api.cdsUnauthorized" && challenge == "Bearer", "\(name)")
        }
    }

    @Test("the settings: both or neither; a key without RS384/ES384 and a missing file are refused naming the file")
    func settings() async throws {
        #expect(throws: LocalAPIError.self) {
            try LocalAPIConfiguration(flags: [.cdsJwks: "/nonexistent.jwks"], environment: [:], configPath: nil)
        }
        let both = try LocalAPIConfiguration(flags: [.cdsJwks: "/nonexistent.jwks", .cdsAudience: Self.audience], environment: [:], configPath: nil)
        do {
            _ = try await both.cdsClientAuthorization()
            Issue.record("a missing JWK Set file was accepted")
        } catch {
            #expect(error.englishMessage.contains("/nonexistent.jwks: not found"))
        }
        let hs = Data(#"{"keys":[{"kty":"oct","k":"c2VjcmV0","alg":"HS256"}]}"#.utf8)
        await #expect(throws: LocalAPIError.self) { try await CDSClientAuthorization(jwks: hs, named: "hs.jwks", audience: Self.audience) }
        #expect(try await LocalAPIConfiguration().cdsClientAuthorization() == nil)
    }
}

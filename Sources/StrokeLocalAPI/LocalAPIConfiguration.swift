import Foundation
import HTTPServerKit

/// One setting of `stroke-triage-server api`: its flag, environment variable and config-file key.
public enum LocalAPISetting: String, ServerSetting, CaseIterable {
    /// HOST:PORT to listen on (`--listen`, `STROKE_API_LISTEN`, `"listen"`).
    case listen
    /// Largest request body in bytes (`--max-body-bytes`, `STROKE_API_MAX_BODY_BYTES`, `"maxBodyBytes"`).
    case maxBodyBytes
    /// Seconds a request body may take to arrive (`--request-timeout-seconds`,
    /// `STROKE_API_REQUEST_TIMEOUT_SECONDS`, `"requestTimeoutSeconds"`).
    case requestTimeoutSeconds
    /// The origins browsers may call from (`--cors-origin`, repeatable; `STROKE_API_CORS_ORIGIN`,
    /// comma-separated; `"corsOrigin"`, a string or an array of strings).
    case corsOrigin
    /// Record every `/v1/assess` in the local audit log (`--audit`, `STROKE_API_AUDIT`, `"audit"`).
    case audit
    /// The research-access password file (`--research-password-file`, `STROKE_API_RESEARCH_PASSWORD_FILE`,
    /// `"researchPasswordFile"`); without it `/authenticate-research-access` answers 503.
    case researchPasswordFile
    /// The JWK Set file whose keys sign the CDS Hooks clients' tokens (`--cds-jwks`, `STROKE_API_CDS_JWKS`,
    /// `"cdsJwks"`); with it every CDS Hooks call must carry a token that verifies (`CDSClientAuthorization`).
    case cdsJwks
    /// The CDS service's URL as the clients' tokens name it in `aud` (`--cds-audience`, `STROKE_API_CDS_AUDIENCE`,
    /// `"cdsAudience"`); required with `cdsJwks`.
    case cdsAudience

    /// The environment variables' prefix.
    public static let environmentPrefix = "STROKE_API_"
}

/// The resolved settings of the local API. Every limit is explicit.
///
/// Each setting comes from its flag, else its environment variable, else the
/// JSON config file (`--config`, else `STROKE_API_CONFIG`), else its default.
public struct LocalAPIConfiguration: Sendable {
    /// The host to listen on (default loopback only).
    public var listenHost = "127.0.0.1"
    /// The port to listen on (0 picks a free port).
    public var listenPort = 8080
    /// The largest request body in bytes (default 16 KiB; a contract body is under 1 KiB).
    public var maxBodyBytes = 16 * 1024
    /// Seconds a request body may take to arrive before 408 `api.timeout` (default 10); the server closes idle connections 5 s later.
    public var requestTimeoutSeconds = 10
    /// The origins allowed to call from a browser (`*` among them allows any); empty sends no CORS headers.
    public var corsOrigins: [String] = []
    /// Whether every `/v1/assess` is recorded in the local audit log (default off).
    public var audit = false
    /// The research-access password file (`ResearchPassword`), if research access is on.
    public var researchPasswordFile: String?
    /// The CDS Hooks clients' JWK Set file and the audience their tokens must name, if the service verifies them.
    public var cdsJwksFile: String?
    public var cdsAudience: String?

    /// The defaults.
    public init() {}

    /// Resolves every setting.
    /// - Parameters:
    ///   - flags: values given on the command line.
    ///   - environment: the process environment.
    ///   - configPath: `--config`; else `STROKE_API_CONFIG` is read.
    /// - Throws: `LocalAPIError.configurationInvalid` (`api.configurationInvalid`) naming the setting, where its value came from, the allowed values and the value.
    public init(flags: [LocalAPISetting: String], environment: [String: String], configPath: String?) throws(LocalAPIError) {
        let sources: ServerSettings<LocalAPISetting>
        do throws(ServerSettingProblem) {
            // A list (the CORS origins) reads comma-separated, as the environment variable has it.
            sources = try ServerSettings(flags: flags, environment: environment, configPath: configPath, configVariable: "STROKE_API_CONFIG")
        } catch {
            throw LocalAPIError.configurationInvalid("config file \(error.detail)")
        }
        do throws(ServerSettingProblem) {
            if let address = try sources.listenAddress(.listen) { (listenHost, listenPort) = (address.host, address.port) }
            maxBodyBytes = try sources.integer(.maxBodyBytes, range: 256...(1 << 20)) ?? maxBodyBytes
            requestTimeoutSeconds = try sources.integer(.requestTimeoutSeconds, range: 1...300) ?? requestTimeoutSeconds
        } catch {
            throw LocalAPIError.configurationInvalid(error.detail)
        }
        func value(_ s: LocalAPISetting) -> String? { sources.value(s) }
        if let list = value(.corsOrigin) {
            corsOrigins = try Self.origins(list)
        }
        researchPasswordFile = value(.researchPasswordFile)
        (cdsJwksFile, cdsAudience) = (value(.cdsJwks), value(.cdsAudience))
        if (cdsJwksFile == nil) != (cdsAudience == nil) {
            throw LocalAPIError.configurationInvalid(
                "cdsJwks and cdsAudience: give both (the clients' JWK Set and this service's URL as their tokens name it) or neither")
        }
        if let text = value(.audit) {
            switch text.lowercased() {
            case "1", "true", "yes": audit = true
            case "0", "false", "no": audit = false
            default: throw LocalAPIError.configurationInvalid("audit: expected true or false (1/0), got \(text)")
            }
        }
    }

    /// Whether `text` is an origin a browser can send (issue 34): `http(s)://host[:port]` as a browser
    /// serializes it — a lower-case host name or IP address (no user, no wildcard, no path), and a
    /// port only when it is not the scheme's default (a browser never writes `:80` or `:443`).
    static func isBrowserOrigin(_ text: String) -> Bool {
        let (scheme, defaultPort): (String, Int)
        if text.hasPrefix("https://") { (scheme, defaultPort) = ("https://", 443) }
        else if text.hasPrefix("http://") { (scheme, defaultPort) = ("http://", 80) }
        else { return false }
        let authority = text.dropFirst(scheme.count)
        var host = Substring(authority), port: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return false }
            host = authority[...close]
            let rest = authority[authority.index(after: close)...]
            if !rest.isEmpty { guard rest.hasPrefix(":") else { return false }; port = rest.dropFirst() }
            guard host.dropFirst().dropLast().allSatisfy({ $0.isHexDigit && !$0.isUppercase || $0 == ":" || $0 == "." }) else { return false }
        } else {
            if let colon = authority.lastIndex(of: ":") { host = authority[..<colon]; port = authority[authority.index(after: colon)...] }
            let labels = host.split(separator: ".", omittingEmptySubsequences: false)
            guard !host.isEmpty, labels.allSatisfy({ label in
                !label.isEmpty && label.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
                    && label.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
            }) else { return false }
        }
        guard let port else { return true }
        guard !port.isEmpty, port.allSatisfy(\.isASCII), port.allSatisfy(\.isNumber), !port.hasPrefix("0"),
              let number = Int(port), (1...65_535).contains(number) else { return false }
        return number != defaultPort
    }

    /// The origins of a comma-separated list, each `*` or an origin a browser can send (`isBrowserOrigin`);
    /// duplicates are dropped, the order kept.
    /// - Throws: `api.configurationInvalid` naming the first origin that is not one.
    static func origins(_ list: String) throws(LocalAPIError) -> [String] {
        var out: [String] = []
        for part in list.split(separator: ",", omittingEmptySubsequences: false) {
            let origin = part.trimmingCharacters(in: .whitespaces)
            guard origin == "*" || isBrowserOrigin(origin) else {
                throw LocalAPIError.configurationInvalid(
                    "corsOrigin: expected * or origins as a browser sends them, such as https://app.example.org or http://127.0.0.1:5173 (lower-case host, no user, wildcard, path or default port; repeat --cors-origin, or separate them by commas), got \(list)")
            }
            if !out.contains(origin) { out.append(origin) }
        }
        return out
    }
}

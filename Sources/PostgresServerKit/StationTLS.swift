#if canImport(Glibc)
import Glibc
#endif
import Crypto
import Foundation
import HTTPServerKit
import SwiftASN1
import X509

/// A station's own TLS in one command (`stroke-triage-server tls init`, docs/tls.md): a private
/// certificate authority and a server certificate it signed, kept in `DIR/tls/` beside the station's
/// PostgreSQL, where `station --data DIR` finds them without `--tls-cert/--tls-key`.
///
/// - `ca.pem` is what crews pass to `--ca-file`; `ca.key` stays on the station (it signs the next
///   server certificate); `server.pem` and `server.key` are the station's. Every file is mode 0600
///   and, when root runs the command, belongs to the station's account, like the rest of `DIR`.
/// - Keys are ECDSA P-256 (TLS 1.3 and ECDHE-ECDSA with AEAD under TLS 1.2). The CA is valid for
///   10 years, a server certificate for 825 days (`serverValidityDays`); both start 5 minutes back,
///   for clocks a little behind.
/// - Files are never overwritten: an existing CA is reused (a renewal: remove `server.pem` and
///   `server.key`, run it again), an existing server certificate is refused (`tls.alreadyInitialized`).
/// - Written through `StationDirectory` (no link followed, `O_EXCL`), as the cluster's files are.
public struct StationTLS: Sendable {
    /// The directory holding the files (`DIR/tls`).
    public let directory: String
    /// The CA certificate (PEM): what a crew's `--ca-file` names.
    public var caFile: String { directory + "/ca.pem" }
    /// The server's certificate chain (PEM).
    public var certificateFile: String { directory + "/server.pem" }
    /// The server's private key (PEM, 0600).
    public var keyFile: String { directory + "/server.key" }

    /// How long a server certificate is valid.
    public static let serverValidityDays = 825
    /// How long the CA is valid.
    public static let authorityValidityDays = 3650

    /// The TLS files of the station whose data directory is `cluster.directory`.
    public init(_ cluster: StationCluster) { directory = cluster.directory + "/tls" }

    /// The station's certificate and key, when `tls init` made both.
    public var isInitialized: Bool {
        FileManager.default.fileExists(atPath: certificateFile) && FileManager.default.fileExists(atPath: keyFile)
    }

    /// The certificate's names: the host name and each IP address, checked before any directory or file
    /// is made (`tls init` refuses a bad name first, issue 46).
    /// - Throws: `ServerTLSError.nameInvalid` naming the first name or address that is not one.
    public static func subjectAlternativeNames(name: String, addresses: [String]) throws(ServerTLSError) -> [GeneralName] {
        guard isHostName(name) else { throw ServerTLSError.nameInvalid(name) }
        return try [GeneralName.dnsName(name)] + addresses.map { address throws(ServerTLSError) in
            guard let bytes = ipBytes(address) else { throw ServerTLSError.nameInvalid(address) }
            return GeneralName.ipAddress(ASN1OctetString(contentBytes: ArraySlice(bytes)))
        }
    }

    /// Makes the CA (unless `DIR/tls` has one) and a server certificate for `name` and `addresses`.
    /// - Returns: whether a new CA was made.
    /// - Throws: `ServerTLSError` `nameInvalid`, `alreadyInitialized` or `generationFailed`;
    ///   `CollectorError` for the directory (a link, another account's).
    @discardableResult
    public static func initialize(_ cluster: StationCluster, name: String, addresses: [String], now: Date) throws -> Bool {
        let sans = try subjectAlternativeNames(name: name, addresses: addresses)
        let files = try cluster.tlsDirectory()
        guard try files.entry("server.pem") == nil, try files.entry("server.key") == nil else {
            throw ServerTLSError.alreadyInitialized(files.path + "/server.pem")
        }
        let (authority, authorityKey, made) = try loadOrMakeAuthority(files, cluster: cluster, name: name, now: now)
        try generating {
            let key = P256.Signing.PrivateKey()
            let certificate = try Certificate(
                version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: .init(key.publicKey),
                notValidBefore: now - 300, notValidAfter: now + Double(serverValidityDays) * 86_400,
                issuer: authority.subject, subject: try DistinguishedName { CommonName(name) },
                signatureAlgorithm: .ecdsaWithSHA256,
                extensions: try Certificate.Extensions {
                    Critical(BasicConstraints.notCertificateAuthority)
                    Critical(KeyUsage(digitalSignature: true))
                    try ExtendedKeyUsage([.serverAuth])
                    SubjectAlternativeNames(sans)
                },
                issuerPrivateKey: .init(authorityKey))
            try files.write(key.pemRepresentation + "\n", to: "server.key", account: cluster.account)
            try files.write(try certificate.serializeAsPEM().pemString + "\n", to: "server.pem", account: cluster.account)
        }
        return made
    }

    /// The CA in `files`, else a new one written there.
    private static func loadOrMakeAuthority(_ files: StationDirectory, cluster: StationCluster, name: String, now: Date) throws
        -> (Certificate, P256.Signing.PrivateKey, Bool) {
        if let pem = try files.read("ca.pem"), let keyPEM = try files.read("ca.key") {
            do {
                return (try Certificate(pemEncoded: pem), try P256.Signing.PrivateKey(pemRepresentation: keyPEM), false)
            } catch {
                throw ServerTLSError.generationFailed("\(files.path)/ca.pem or ca.key cannot be read: \(error)")
            }
        }
        return try generating {
            let key = P256.Signing.PrivateKey()
            let subject = try DistinguishedName {
                OrganizationName("stroke-triage")
                CommonName("stroke-triage station CA (\(name))")
            }
            let certificate = try Certificate(
                version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: .init(key.publicKey),
                notValidBefore: now - 300, notValidAfter: now + Double(authorityValidityDays) * 86_400,
                issuer: subject, subject: subject, signatureAlgorithm: .ecdsaWithSHA256,
                extensions: try Certificate.Extensions {
                    Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                    Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                },
                issuerPrivateKey: .init(key))
            try files.write(key.pemRepresentation + "\n", to: "ca.key", account: cluster.account)
            try files.write(try certificate.serializeAsPEM().pemString + "\n", to: "ca.pem", account: cluster.account)
            return (certificate, key, true)
        }
    }

    /// Runs `body`; a failure of the certificate library becomes `generationFailed`, the directory's own errors stay.
    private static func generating<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as CollectorError {
            throw error
        } catch {
            throw ServerTLSError.generationFailed("\(error)")
        }
    }

    /// A DNS name: 1–253 characters, labels of 1–63 letters, digits and hyphens (not at either end).
    static func isHostName(_ name: String) -> Bool {
        guard (1...253).contains(name.utf8.count) else { return false }
        return name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { label in
            (1...63).contains(label.utf8.count) && label.first != "-" && label.last != "-"
                && label.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || $0 == 0x2D }
        }
    }

    /// The 4 or 16 bytes of an IPv4 or IPv6 address, nil for anything else.
    static func ipBytes(_ text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 { return withUnsafeBytes(of: &v6) { Array($0) } }
        return nil
    }
}

extension StationCluster {
    /// `DIR/tls` (made 0700 and given to the cluster's account when missing), `DIR` checked as `create` checks it.
    func tlsDirectory() throws(CollectorError) -> StationDirectory {
        guard let directory = try openDirectory(creating: true) else { throw .stationDatabaseFailed("\(self.directory) does not exist") }
        try directory.secure(for: account)
        return try directory.makeSubdirectory("tls", account: account)
    }
}

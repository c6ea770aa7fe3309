import AuditFormat
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import HummingbirdCore
import HummingbirdTLS
import NIOSSL
import X509
import _CryptoExtras

/// Native TLS for every server (`api`, `collector serve`, `relay serve`, `board serve`, and any
/// later server command): a certificate chain and its private key, both PEM files, loaded and
/// checked once at start-up, then wrapped around the server's own HTTP/1.1 builder.
///
/// The key file must be private (no group or other permission bits, as every key file of the
/// project); the chain and the key are checked against each other before the server starts, so
/// a wrong file stops the server with a `ServerTLSError` instead of failing each handshake.
/// TLS 1.3, and TLS 1.2 with ECDHE key exchange and AEAD ciphers only (forward secrecy; no CBC,
/// no static RSA: `cipherSuites`). An RSA key under 2048 bits is refused; a certificate outside its
/// validity starts the server with a warning (`validityWarning`), so an operator sees it at once.
///
/// ```swift
/// let tls = try ServerTLS.load(certificateFile: "server.pem", keyFile: "server.key")
/// let app = Application(router: router, server: try ServerTLS.server(.http1(), tls: tls))
/// ```
public struct ServerTLS: Sendable {
    /// The certificate chain file (PEM, the server's certificate first).
    public let certificateFile: String
    /// The private key file (PEM, mode 0600 or stricter).
    public let keyFile: String
    let configuration: TLSConfiguration
    /// The server certificate's validity.
    public let notValidBefore: Date, notValidAfter: Date

    /// The TLS 1.2 suites offered: ECDHE with AES-GCM or ChaCha20-Poly1305 (TLS 1.3's are all AEAD).
    public static let cipherSuites: [NIOTLSCipher] = [
        .TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256, .TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256,
        .TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384, .TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384,
        .TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256, .TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256,
    ]

    /// The smallest RSA key accepted, in bits.
    public static let minimumRSABits = 2048

    /// A warning for a certificate that is not valid at `now` (expired or not yet valid), else nil.
    public func validityWarning(now: Date) -> String? {
        if now < notValidBefore {
            return "warning: the TLS certificate \(certificateFile) is not valid before \(UTCTime.isoSeconds(notValidBefore)); clients refuse it until then"
        }
        if now > notValidAfter {
            return "warning: the TLS certificate \(certificateFile) expired on \(UTCTime.isoSeconds(notValidAfter)); clients refuse it (docs/tls.md: renew)"
        }
        return nil
    }

    /// The URL scheme a server with this TLS set-up (`tls`, or nil for none) is reached by.
    public static func scheme(_ tls: ServerTLS?) -> String { tls == nil ? "http" : "https" }

    /// The TLS set-up of a pair of flags: nil when neither is given.
    /// - Throws: `ServerTLSError.optionMissing` when only one is given (the detail names the
    ///   missing flag), else whatever `load` throws.
    public static func load(certificateFlag: String?, keyFlag: String?) throws(ServerTLSError) -> ServerTLS? {
        switch (certificateFlag, keyFlag) {
        case (nil, nil): return nil
        case (let certificate?, let key?): return try load(certificateFile: certificate, keyFile: key)
        case (nil, _): throw .optionMissing("--tls-cert")
        case (_, nil): throw .optionMissing("--tls-key")
        }
    }

    /// Reads and checks the certificate chain and the key.
    /// - Throws: `ServerTLSError` for a file that cannot be read, is not PEM, is readable by
    ///   other users (the key), or a key that is not the certificate's.
    public static func load(certificateFile: String, keyFile: String) throws(ServerTLSError) -> ServerTLS {
        let certificateBytes: [UInt8]
        do { certificateBytes = try readFile(certificateFile) } catch { throw .certificateUnreadable(error.text) }
        let chain: [NIOSSLCertificate]
        do {
            chain = try NIOSSLCertificate.fromPEMBytes(certificateBytes)
        } catch {
            throw .certificateInvalid("\(certificateFile): \(error)")
        }
        guard let first = chain.first else { throw .certificateInvalid("\(certificateFile): no PEM certificate in the file") }
        // The size first: swift-certificates itself refuses to read a certificate with a short RSA key.
        if let key = try? first.extractPublicKey().toSPKIBytes(), let rsa = try? _RSA.Signing.PublicKey(unsafeDERRepresentation: key),
           rsa.keySizeInBits < minimumRSABits {
            throw .keyTooWeak("\(certificateFile): RSA \(rsa.keySizeInBits) bits, at least \(minimumRSABits)")
        }
        let leaf: Certificate
        do {
            leaf = try Certificate(derEncoded: try first.toDERBytes())
        } catch {
            throw .certificateInvalid("\(certificateFile): \(error)")
        }

        var status = stat()
        guard stat(keyFile, &status) == 0 else { throw .keyUnreadable("\(keyFile): \(String(cString: strerror(errno)))") }
        guard status.st_mode & 0o077 == 0 else {
            throw .keyUnsafe("\(keyFile): mode \(String(status.st_mode & 0o777, radix: 8)), allowed 600 or stricter")
        }
        let keyBytes: [UInt8]
        do { keyBytes = try readFile(keyFile) } catch { throw .keyUnreadable(error.text) }
        let key: NIOSSLPrivateKey
        do {
            key = try NIOSSLPrivateKey(bytes: keyBytes, format: .pem)
        } catch {
            throw .keyInvalid("\(keyFile): not a PEM private key (\(error))")
        }
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
        configuration.minimumTLSVersion = .tlsv12
        configuration.cipherSuiteValues = cipherSuites
        // The library checks that the key belongs to the certificate when it makes a context.
        do {
            _ = try NIOSSLContext(configuration: configuration)
        } catch {
            throw .keyInvalid("\(keyFile): not the key of \(certificateFile) (\(error))")
        }
        return ServerTLS(certificateFile: certificateFile, keyFile: keyFile, configuration: configuration,
                         notValidBefore: leaf.notValidBefore, notValidAfter: leaf.notValidAfter)
    }

    /// `base` (the server's own HTTP/1.1 builder, with its handlers) behind TLS.
    /// - Throws: `ServerTLSError.keyInvalid` should the TLS library refuse the set-up `load` checked.
    public func server(_ base: HTTPServerBuilder) throws(ServerTLSError) -> HTTPServerBuilder {
        do {
            return try HTTPServerBuilder.tls(base, tlsConfiguration: configuration)
        } catch {
            throw .keyInvalid("\(keyFile): \(error)")
        }
    }

    /// `base` behind TLS when `tls` is given, else `base` itself (plain HTTP).
    public static func server(_ base: HTTPServerBuilder, tls: ServerTLS?) throws(ServerTLSError) -> HTTPServerBuilder {
        guard let tls else { return base }
        return try tls.server(base)
    }

    /// The whole file, or the path and the system's reason.
    private static func readFile(_ path: String) throws(ReadFailure) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = access(path, R_OK) == 0 ? "not a readable file" : String(cString: strerror(errno))
            throw ReadFailure(text: "\(path): \(reason)")
        }
        return [UInt8](data)
    }

    private struct ReadFailure: Error {
        let text: String
    }
}

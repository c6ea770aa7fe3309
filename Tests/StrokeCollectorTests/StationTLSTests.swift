import Crypto
import Foundation
import HTTPServerKit
import Hummingbird
import NIOCore
import NIOPosix
import NIOSSL
import NIOTLS
import PostgresServerKit
import StrokeBoard
import SwiftASN1
import Testing
import X509
import _CryptoExtras

/// `tls init` (issue 35) and the servers' TLS policy (issue 34, item 9), in process: the files
/// `StationTLS` makes are private, refused a second time, renewed under the same CA and served to a
/// client that trusts that CA; an RSA key under 2048 bits is refused, a certificate outside its
/// validity is named at start-up, and TLS 1.2 offers ECDHE with AEAD only.
@Suite("station TLS: tls init and the servers' TLS policy")
struct StationTLSTests {
    /// A temporary data directory (removed by the caller).
    static func dataDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("stroke-triage-test-tls-\(UUID().uuidString)")
    }

    static func mode(_ path: String) throws -> Int {
        try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int ?? -1
    }

    @Test("tls init: a CA and a certificate for the name and addresses, 0600, never overwritten, renewed under the same CA")
    func initMakesPrivateFilesOnce() throws {
        let data = Self.dataDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let cluster = try StationCluster(directory: data.path)
        let tls = StationTLS(cluster)
        #expect(!tls.isInitialized)
        #expect(try StationTLS.initialize(cluster, name: "station.ems.example", addresses: ["10.0.0.5", "::1"], now: Date()))
        #expect(tls.isInitialized)
        for name in ["ca.pem", "ca.key", "server.pem", "server.key"] { #expect(try Self.mode(tls.directory + "/" + name) == 0o600, "\(name)") }
        #expect(try Self.mode(tls.directory) == 0o700)

        let served = try ServerTLS.load(certificateFile: tls.certificateFile, keyFile: tls.keyFile)
        #expect(served.validityWarning(now: Date()) == nil)
        let leaf = try Certificate(pemEncoded: try String(contentsOfFile: tls.certificateFile, encoding: .utf8))
        let names = try #require(try leaf.extensions.subjectAlternativeNames)
        #expect(names.contains(.dnsName("station.ems.example")))
        #expect(names.contains(.ipAddress(ASN1OctetString(contentBytes: [10, 0, 0, 5]))))
        #expect(leaf.notValidAfter.timeIntervalSince(leaf.notValidBefore) == Double(StationTLS.serverValidityDays) * 86_400 + 300)

        #expect(throws: ServerTLSError.alreadyInitialized(tls.directory + "/server.pem")) {
            try StationTLS.initialize(cluster, name: "station.ems.example", addresses: [], now: Date())
        }
        // Renewal: the server's files removed, the CA kept (crews keep their --ca-file).
        let authority = try String(contentsOfFile: tls.caFile, encoding: .utf8)
        try FileManager.default.removeItem(atPath: tls.certificateFile)
        try FileManager.default.removeItem(atPath: tls.keyFile)
        #expect(try !StationTLS.initialize(cluster, name: "station.ems.example", addresses: [], now: Date()))
        #expect(try String(contentsOfFile: tls.caFile, encoding: .utf8) == authority)
    }

    @Test("tls init refuses a name that is no DNS name and an address that is no IP address, before any file is made")
    func initRefusesBadNames() throws {
        let data = Self.dataDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let cluster = try StationCluster(directory: data.path)
        for (name, addresses, bad) in [("station ems", [String](), "station ems"), ("-x.example", [], "-x.example"),
                                       ("station.example", ["10.0.0.256"], "10.0.0.256"), ("station.example", ["host"], "host")] {
            #expect(throws: ServerTLSError.nameInvalid(bad)) { try StationTLS.initialize(cluster, name: name, addresses: addresses, now: Date()) }
            // `tls init` checks the names this way before it makes the data directory (issue 46).
            #expect(throws: ServerTLSError.nameInvalid(bad)) { try StationTLS.subjectAlternativeNames(name: name, addresses: addresses) }
        }
        #expect(!FileManager.default.fileExists(atPath: data.path + "/tls"))
    }

    @Test("a server with tls init's certificate is reached by a client that trusts the printed CA, by name and by address")
    func servedCertificateChainsToTheCA() async throws {
        let data = Self.dataDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let cluster = try StationCluster(directory: data.path)
        try StationTLS.initialize(cluster, name: "localhost", addresses: ["127.0.0.1"], now: Date())
        let files = StationTLS(cluster)
        let tls = try ServerTLS.load(certificateFile: files.certificateFile, keyFile: files.keyFile)
        let router = Router()
        router.get("/healthz") { _, _ in "ok" }
        try await LiveServer.run(router, server: try tls.server(.http1())) { port in
            for host in ["127.0.0.1", "localhost"] {
                let client = try RelayHTTPClient(baseURL: "https://\(host):\(port)", timeoutSeconds: 60, caFile: files.caFile)
                #expect(try await client.send(method: "GET", path: "/healthz").status == 200)
            }
            let untrusting = try RelayHTTPClient(baseURL: "https://127.0.0.1:\(port)", timeoutSeconds: 60)
            await #expect(throws: BoardError.self) { _ = try await untrusting.send(method: "GET", path: "/healthz") }
        }
    }

    @Test("an RSA key under 2048 bits is refused (tls.keyTooWeak, 65); a certificate outside its validity starts with a warning")
    func weakKeysAndValidity() throws {
        let directory = Self.dataDirectory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: directory) }
        let weak = try SelfSigned.rsa(bits: 1024, in: directory, name: "weak")
        #expect(throws: ServerTLSError.self) { try ServerTLS.load(certificateFile: weak.certificate, keyFile: weak.key) }
        do {
            _ = try ServerTLS.load(certificateFile: weak.certificate, keyFile: weak.key)
        } catch {
            #expect(error.code == "tls.keyTooWeak")
            #expect(error.exitCode == 65)
            #expect(error.detail?.contains("RSA 1024 bits") == true)
        }
        let strong = try SelfSigned.rsa(bits: 2048, in: directory, name: "strong")
        #expect(try ServerTLS.load(certificateFile: strong.certificate, keyFile: strong.key).validityWarning(now: Date()) == nil)

        let expired = try SelfSigned.p256(in: directory, name: "expired", from: Date() - 10 * 86_400, to: Date() - 86_400)
        let old = try ServerTLS.load(certificateFile: expired.certificate, keyFile: expired.key)
        #expect(old.validityWarning(now: Date())?.contains("expired on") == true)
        let future = try SelfSigned.p256(in: directory, name: "future", from: Date() + 86_400, to: Date() + 10 * 86_400)
        #expect(try ServerTLS.load(certificateFile: future.certificate, keyFile: future.key).validityWarning(now: Date())?
            .contains("not valid before") == true)
    }

    @Test("TLS 1.2 offers ECDHE with AEAD only: a client offering static-RSA or CBC suites gets no connection, an ECDHE-GCM one does")
    func onlyForwardSecretAEADSuites() async throws {
        let directory = Self.dataDirectory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: directory) }
        let rsa = try SelfSigned.rsa(bits: 2048, in: directory, name: "rsa")
        let tls = try ServerTLS.load(certificateFile: rsa.certificate, keyFile: rsa.key)
        let router = Router()
        router.get("/healthz") { _, _ in "ok" }
        try await LiveServer.run(router, server: try tls.server(.http1())) { port in
            let strong = try await Self.handshakes(port: port, suites: [.TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256])
            #expect(strong)
            for weak: NIOTLSCipher in [.TLS_RSA_WITH_AES_128_GCM_SHA256, .TLS_RSA_WITH_AES_256_CBC_SHA, .TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA] {
                let connected = try await Self.handshakes(port: port, suites: [weak])
                #expect(!connected, "\(weak)")
            }
        }
    }

    /// Whether a TLS 1.2 handshake offering only `suites` to 127.0.0.1:`port` succeeds (no certificate check).
    static func handshakes(port: Int, suites: [NIOTLSCipher]) async throws -> Bool {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.maximumTLSVersion = .tlsv12
        configuration.cipherSuiteValues = suites
        configuration.certificateVerification = .none
        let context = try NIOSSLContext(configuration: configuration)
        let handshake = MultiThreadedEventLoopGroup.singleton.next().makePromise(of: Void.self)
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(NIOSSLClientHandler(context: context, serverHostname: nil))
                    try channel.pipeline.syncOperations.addHandler(HandshakeWatcher(promise: handshake))
                }
            }
            .connect(host: "127.0.0.1", port: port).get()
        defer { channel.close(promise: nil) }
        do {
            try await handshake.futureResult.get()
            return true
        } catch {
            return false
        }
    }
}

/// Completes its promise when the TLS handshake completes, fails it on an error or a close before that.
private final class HandshakeWatcher: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer
    let promise: EventLoopPromise<Void>
    init(promise: EventLoopPromise<Void>) { self.promise = promise }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? TLSUserEvent, case .handshakeCompleted = event { promise.succeed(()) }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) { promise.fail(error) }
    func channelInactive(context: ChannelHandlerContext) {
        promise.fail(ChannelError.ioOnClosedChannel)
        context.fireChannelInactive()
    }
}

/// Self-signed certificates for the policy tests (swift-certificates; keys 0600).
enum SelfSigned {
    static func rsa(bits: Int, in directory: URL, name: String) throws -> (certificate: String, key: String) {
        let key = try _RSA.Signing.PrivateKey(unsafeKeySize: .init(bitCount: bits))
        return try write(.init(key), key.pemRepresentation, algorithm: .sha256WithRSAEncryption, public: .init(key.publicKey),
                         in: directory, name: name, from: Date() - 300, to: Date() + 86_400)
    }

    static func p256(in directory: URL, name: String, from: Date, to: Date) throws -> (certificate: String, key: String) {
        let key = P256.Signing.PrivateKey()
        return try write(.init(key), key.pemRepresentation, algorithm: .ecdsaWithSHA256, public: .init(key.publicKey),
                         in: directory, name: name, from: from, to: to)
    }

    private static func write(_ key: Certificate.PrivateKey, _ keyPEM: String, algorithm: Certificate.SignatureAlgorithm,
                              public publicKey: Certificate.PublicKey, in directory: URL, name: String, from: Date, to: Date) throws
        -> (certificate: String, key: String) {
        let subject = try DistinguishedName { CommonName("localhost") }
        let certificate = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: publicKey, notValidBefore: from, notValidAfter: to,
            issuer: subject, subject: subject, signatureAlgorithm: algorithm,
            extensions: try Certificate.Extensions { SubjectAlternativeNames([.dnsName("localhost")]) }, issuerPrivateKey: key)
        let certificateFile = directory.appendingPathComponent("\(name).pem"), keyFile = directory.appendingPathComponent("\(name).key")
        try Data(try certificate.serializeAsPEM().pemString.utf8).write(to: certificateFile)
        try Data(keyPEM.utf8).write(to: keyFile)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: keyFile.path)
        return (certificateFile.path, keyFile.path)
    }
}

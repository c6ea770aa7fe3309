import Foundation

/// A throwaway certificate authority and a server certificate it signed (SAN `127.0.0.1` and
/// `localhost`), made with the `openssl` command in a temporary directory that `remove()`
/// deletes (test support for the TLS tests; `Scripts/setup --tests` installs `openssl`).
///
/// Also a second, unrelated key (`otherKeyFile`) for "wrong key" cases. Every key file is 0600.
///
/// ```swift
/// let certificates = try await TestCertificates.make()
/// defer { certificates.remove() }
/// // serve with certificates.certificateFile / keyFile; trust certificates.caFile
/// ```
public struct TestCertificates: Sendable {
    /// The temporary directory holding every file.
    public let directory: URL
    /// The CA's certificate (PEM): what a client's `--ca-file` names.
    public var caFile: String { directory.appendingPathComponent("ca.pem").path }
    /// The server's certificate (PEM), signed by the CA.
    public var certificateFile: String { directory.appendingPathComponent("server.pem").path }
    /// The server's private key (PEM, mode 0600).
    public var keyFile: String { directory.appendingPathComponent("server.key").path }
    /// A private key that belongs to no certificate here (PEM, mode 0600).
    public var otherKeyFile: String { directory.appendingPathComponent("other.key").path }

    /// Makes the CA, the server's key and certificate, and the other key.
    /// - Throws: `TestCertificates.Failure` naming the `openssl` step that failed (with its output).
    public static func make() async throws -> TestCertificates {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tls-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o700])
        let certificates = TestCertificates(directory: directory)
        do {
            try await certificates.generate()
        } catch {
            certificates.remove()
            throw error
        }
        return certificates
    }

    /// Deletes the directory and everything in it.
    public func remove() {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Writes `text` to a new file in the directory and returns its path (mode `permissions`).
    public func write(_ name: String, _ text: String, permissions: Int = 0o600) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: url.path)
        return url.path
    }

    /// A `openssl` step that failed.
    public struct Failure: Error, CustomStringConvertible {
        /// The step and what `openssl` printed.
        public let description: String
    }

    private func generate() async throws {
        let curve = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        let extensions = try write("server.ext", """
            subjectAltName = IP:127.0.0.1, DNS:localhost
            basicConstraints = critical, CA:FALSE
            keyUsage = critical, digitalSignature
            extendedKeyUsage = serverAuth

            """, permissions: 0o644)
        try await openssl(["req", "-x509"] + curve + ["-keyout", path("ca.key"), "-out", caFile, "-days", "2",
                     "-subj", "/CN=stroke-triage test CA",
                     "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign"])
        try await openssl(["req"] + curve + ["-keyout", keyFile, "-out", path("server.csr"), "-subj", "/CN=localhost"])
        try await openssl(["x509", "-req", "-in", path("server.csr"), "-CA", caFile, "-CAkey", path("ca.key"), "-set_serial", "2",
                     "-days", "2", "-out", certificateFile, "-extfile", extensions])
        try await openssl(["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-out", otherKeyFile])
        for key in [path("ca.key"), keyFile, otherKeyFile] {
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: key)
        }
    }

    private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// Runs one `openssl` step on a thread of its own: the test's thread of the cooperative pool only
    /// awaits. The end is signalled by the termination handler (never Foundation's `waitUntilExit`,
    /// which runs a run loop on the waiting thread).
    private func openssl(_ arguments: [String]) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            Thread { continuation.resume(with: Result { try Self.runOpenSSL(arguments) }) }.start()
        }
    }

    private static func runOpenSSL(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openssl"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        ended.wait()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "openssl \(arguments.first ?? "") exited \(process.terminationStatus): \(text)")
        }
    }
}

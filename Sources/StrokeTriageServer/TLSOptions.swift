import ArgumentParser
import AuditFormat
import Foundation
import HTTPServerKit
import HummingbirdCore
import PostgresServerKit
import StrokeModels

/// `--tls-cert FILE --tls-key FILE`: native TLS, the same two flags on every server command
/// (`api`, `collector serve`, `relay serve`, `board serve`; a new server command adds
/// `@OptionGroup var tls: TLSOptions` and builds its server with `tls.server(_:)`).
///
/// Both or neither: one alone is a usage error (64) naming the missing flag. The files are read
/// and checked before the server starts (`ServerTLS.load`); a file that cannot be used stops it
/// with its `tls.*` error (65). Without the flags the server speaks plain HTTP (for a loopback
/// address or behind a reverse proxy that terminates TLS, docs/tls.md).
struct TLSOptions: ParsableArguments {
    @Option(name: .customLong("tls-cert"), help: ArgumentHelp(
        "Serve HTTPS with this certificate chain (PEM, the server's certificate first); needs --tls-key.", valueName: "file"))
    var certificate: String?

    @Option(name: .customLong("tls-key"), help: ArgumentHelp(
        "The certificate's private key (PEM, mode 0600); needs --tls-cert.", valueName: "file"))
    var key: String?

    func validate() throws {
        if certificate != nil, key == nil { throw ValidationError("--tls-cert needs --tls-key: missing --tls-key FILE.") }
        if key != nil, certificate == nil { throw ValidationError("--tls-key needs --tls-cert: missing --tls-cert FILE.") }
    }

    /// The one start-up path of every server: its own HTTP/1.1 builder (`base`, with its handlers)
    /// behind TLS when the flags are given, and the scheme to log (`https` or `http`). A file that
    /// cannot be used is reported on standard error (code, message, what to do, the path and the
    /// reason; `ServerFailure`) and ends the command with the error's exit status.
    ///
    /// Without the flags, a station's `station` (`tls init`'s files in `DIR/tls`) is served when it has them.
    /// A certificate outside its validity is served with a warning on standard error.
    func server(_ base: HTTPServerBuilder, station: StationTLS? = nil) throws -> (server: HTTPServerBuilder, scheme: String) {
        try ServerFailure.report(verbose: false) {
            var tls = try ServerTLS.load(certificateFlag: certificate, keyFlag: key)
            if tls == nil, let station, station.isInitialized {
                tls = try ServerTLS.load(certificateFile: station.certificateFile, keyFile: station.keyFile)
            }
            if let warning = tls?.validityWarning(now: WallClock.system.date) { ServerConsole.err(warning + "\n") }
            return (try ServerTLS.server(base, tls: tls), ServerTLS.scheme(tls))
        }
    }
}

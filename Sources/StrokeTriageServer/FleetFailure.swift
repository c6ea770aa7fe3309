import ArgumentParser
import Crypto
import FleetExport
import Foundation
import OutputFiles
import StrokeCollector

/// Exit codes and messages of the export commands' errors (key files, output files).
enum FleetFailure {
    /// Runs `body`; a `FleetExportError` is printed (code, message, path) and becomes its exit code (64, 73, 74, 1).
    static func report<T>(_ body: () throws(FleetExportError) -> T) throws -> T {
        do {
            return try body()
        } catch {
            FileHandle.standardError.write(Data("error: \(error.englishMessage) [\(error.code)]\ndetail: \(error.detail)\n".utf8))
            throw ExitCode(error.processExitCode)
        }
    }

    /// The collector's signing key from `--signing-key`, else the environment, else the config file.
    static func signingKey(options: CollectorOptions, flag: String?) throws -> Curve25519.Signing.PrivateKey {
        var flags: [CollectorSetting: String] = [:]
        flags[.signingKey] = flag
        let configuration = try options.resolve(extra: flags)
        guard let path = configuration.signingKeyPath else {
            FileHandle.standardError.write(Data("""
                error: no signing key [collector.configurationInvalid]
                Give --signing-key FILE, STROKE_COLLECTOR_SIGNING_KEY or "signingKey" in the config file (create one with `collector keygen`).

                """.utf8))
            throw ExitCode(64)
        }
        return try report { () throws(FleetExportError) in try FleetKeyFile.collectorKey(path) }
    }
}

/// Writes a small public file through the safe writer (replacing an existing one).
enum OutputFileShim {
    static func write(_ data: Data, to path: String) throws(FleetExportError) {
        do {
            let file = try OutputFile(path: path, force: false, existing: .replace)
            try file.write([UInt8](data))
            try file.commit()
        } catch {
            throw FleetExportError(.outputRefused, path, output: error)
        }
    }
}

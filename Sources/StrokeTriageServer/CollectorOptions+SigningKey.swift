import ArgumentParser
import Crypto
import FleetExport
import Foundation
import OutputFiles
import StrokeCollector
import StrokeModels

extension CollectorOptions {
    /// The collector's signing key from `--signing-key`, else the environment, else the config file.
    /// Read from the settings alone: no database is needed for it, so it works with a station's `--data` too.
    func signingKey(flag: String?) throws -> Curve25519.Signing.PrivateKey {
        var flags: [CollectorSetting: String] = [:]
        flags[.signingKey] = flag
        let sources = try ServerFailure.report(verbose: verbose) {
            try CollectorSettingSources(flags: flags, environment: ProcessInfo.processInfo.environment, configPath: config)
        }
        guard let path = sources.value(.signingKey) else {
            throw ServerFailure.Report(
                code: "collector.configurationInvalid", message: "no signing key",
                suggestion: #"Give --signing-key FILE, STROKE_COLLECTOR_SIGNING_KEY or "signingKey" in the config file (create one with `collector keygen`)."#,
                status: ErrorCategory.usage.exitStatus).exit(verbose: verbose)
        }
        return try ServerFailure.report(verbose: verbose) { try FleetKeyFile.collectorKey(path) }
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

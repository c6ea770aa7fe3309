import Foundation
import Logging
import ServiceLifecycle

/// The periodic task that deletes cases after their time to live (the list
/// route deletes them too, so an expired case is never served even between
/// two runs). Stops on graceful shutdown or cancellation.
public struct RelayExpiry: Service {
    let store: RelayStore
    let configuration: RelayConfiguration
    let metrics: RelayMetrics
    let logger: Logger

    /// Creates the task.
    public init(store: RelayStore, configuration: RelayConfiguration, metrics: RelayMetrics, logger: Logger) {
        self.store = store
        self.configuration = configuration
        self.metrics = metrics
        self.logger = logger
    }

    /// Deletes expired cases every `configuration.effectiveSweepIntervalMs` until shut down.
    public func run() async throws {
        let interval = Duration.milliseconds(configuration.effectiveSweepIntervalMs)
        await cancelWhenGracefulShutdown {
            // Sleep first: on start the schema may still be migrating.
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                if Task.isCancelled { break }
                await sweep()
            }
        }
    }

    /// One pass: deletes expired cases; failures are logged and retried next pass.
    public func sweep() async {
        let nowMs = configuration.clock.nowMs
        do {
            let count = try await store.expire(nowMs: nowMs, ttlMs: configuration.caseTTLMs)
            if count > 0 {
                metrics.recordExpired(count)
                logger.info("cases expired", metadata: ["count": "\(count)"])
            }
        } catch {
            logger.warning("expiry failed", metadata: ["error": "\(error)"])
        }
    }
}

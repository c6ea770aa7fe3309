// The cluster's tool runs (initdb, pg_ctl: posix_spawn and a blocking waitpid) off the cooperative pool.

import NIOPosix

extension StationCluster {
    /// Runs `body` (the cluster's blocking tool runs: `create`, `isRunning`, `start`, `stop`) on NIO's
    /// blocking-I/O thread pool, so a waitpid of up to two minutes never holds a thread of the
    /// cooperative pool or an event loop (issue 46: the station's start-up and every `--data` command).
    public func offPool<T: Sendable>(_ body: @escaping @Sendable (StationCluster) throws -> T) async throws -> T {
        let cluster = self
        return try await NIOThreadPool.singleton.runIfActive { try body(cluster) }
    }
}

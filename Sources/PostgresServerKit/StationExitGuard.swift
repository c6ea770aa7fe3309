import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The postmaster a crashing station stops (0: none). Read by a signal handler: an atomic, nothing else.
private let guardedPostmaster = Atomic<Int32>(0)
/// The actions in place before `StationExitGuard.install`, by signal number, for the crash handler to hand on to.
nonisolated(unsafe) private var previousActions: UnsafeMutablePointer<sigaction>?

/// The station's PostgreSQL is stopped on every way out of the station (issue 34), not only the
/// orderly ones (a graceful stop, a failed start-up, an error: `StationCommand` stops it itself):
///
/// - **SIGTERM or SIGINT before the station serves** (while its PostgreSQL starts and the schemas
///   migrate): the signal is noted (`stopRequested`) instead of ending the process at once; the
///   station then stops the cluster and exits 0. Once the server runs, swift-service-lifecycle
///   owns both signals. SIGHUP (a closed terminal) is sent on as SIGTERM.
/// - **A crash** (a trap of the Swift runtime: SIGILL, SIGTRAP; SIGSEGV, SIGBUS, SIGFPE, SIGABRT):
///   the handler sends the postmaster SIGINT, PostgreSQL's fast shutdown (sessions end, the data is
///   written), calls the handler before it (the runtime's backtrace), then ends the process by the
///   signal's default action. A signal handler may do little: one atomic exchange, `kill`,
///   `sigaction`, `raise`.
///
/// SIGKILL cannot be caught: the next station uses the cluster it finds running and stops it with
/// itself, and systemd's `KillMode=mixed` ends it with the unit.
public enum StationExitGuard {
    private static let stop = Atomic<Bool>(false)
    private static let sources = Mutex<[any DispatchSourceSignal]>([])

    /// Notes SIGTERM, SIGINT and SIGHUP from now on (`stopRequested`; SIGHUP is sent on as SIGTERM) and installs the
    /// crash handler. Call once, first.
    public static func install() {
        sources.withLock { sources in
            guard sources.isEmpty else { return }
            for number in [SIGTERM, SIGINT, SIGHUP] {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler {
                    stop.store(true, ordering: .relaxed)
                    // A hangup (a closed terminal) stops the station as SIGTERM does, also once the server runs.
                    if number == SIGHUP { kill(getpid(), SIGTERM) }
                }
                source.resume()
                sources.append(source)
            }
            let saved = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
            saved.initialize(repeating: sigaction(), count: 65)
            previousActions = saved
            var action = sigaction()
            action.__sigaction_handler.sa_sigaction = { number, info, context in StationExitGuard.crashed(number, info, context) }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_SIGINFO | SA_ONSTACK
            for number in crashSignals { sigaction(number, &action, saved + Int(number)) }
        }
    }

    /// The signals of a crash.
    static let crashSignals = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT]

    /// Whether SIGTERM, SIGINT or SIGHUP arrived since `install`.
    public static var stopRequested: Bool { stop.load(ordering: .relaxed) }

    /// The postmaster to stop if the station crashes (nil: none, before a stop or after it).
    public static func guardPostmaster(_ pid: Int32?) {
        guardedPostmaster.store(pid ?? 0, ordering: .sequentiallyConsistent)
    }

    /// The crash handler: fast shutdown for the postmaster, then the previous handler (the Swift
    /// runtime's backtrace), then the default action: the process ends by the signal.
    private static func crashed(_ number: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?) {
        let pid = guardedPostmaster.exchange(0, ordering: .sequentiallyConsistent)
        if pid > 0 { kill(pid, SIGINT) }
        if let previous = previousActions?[Int(number)] {
            // A handler is a pointer above SIG_IGN (1); SIG_DFL is nil.
            if previous.sa_flags & SA_SIGINFO != 0, let handler = previous.__sigaction_handler.sa_sigaction,
               unsafeBitCast(handler, to: Int.self) > 1 {
                handler(number, info, context)
            } else if let handler = previous.__sigaction_handler.sa_handler, unsafeBitCast(handler, to: Int.self) > 1 {
                handler(number)
            }
        }
        // The previous handler may return (a backtracer that expects a fault to recur): the default action, raised
        // now and delivered as this handler returns (the signal is blocked meanwhile), ends the process.
        var fallback = sigaction()
        sigemptyset(&fallback.sa_mask)
        sigaction(number, &fallback, nil)
        raise(number)
    }
}

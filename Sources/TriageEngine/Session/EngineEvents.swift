import Foundation
import StrokeModels

/// Something the engine tells the user while it works, beside its result:
/// the front-end decides how to show it (the CLI prints a line on stderr).
public enum EngineEvent: Sendable, Hashable {
    /// An audit hook failed: the result stands, but this event was not recorded
    /// (the message names the reason, `audit.warning.notRecorded`).
    case notRecorded(Message)
}

/// Receives the engine's events (the CLI's console, a server's log, a test's list).
public protocol EngineEventSink: Sendable {
    /// Called once per event, in the order they happen.
    func report(_ event: EngineEvent)
}

/// A sink that drops every event (a front-end that reports nothing).
public struct IgnoringEventSink: EngineEventSink {
    /// A sink that drops every event.
    public init() {}
    /// Drops the event.
    public func report(_ event: EngineEvent) {}
}

/// A sink that keeps the events in memory, in order (tests, servers that answer with them).
public final class CollectingEventSink: EngineEventSink, @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [EngineEvent] = []

    /// An empty sink.
    public init() {}

    /// Keeps the event.
    public func report(_ event: EngineEvent) { lock.withLock { collected.append(event) } }

    /// The events so far, in order.
    public var events: [EngineEvent] { lock.withLock { collected } }
}

extension EngineEventSink {
    /// Reports an audit hook's warning, if there is one (`nil` = recorded).
    public func notRecorded(_ warning: Message?) {
        if let warning { report(.notRecorded(warning)) }
    }
}

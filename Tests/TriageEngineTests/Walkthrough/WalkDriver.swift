import StrokeModels
import TriageEngine

/// Drives the state machine with typed lines, as the terminal would.
struct WalkDriver {
    var walk = Walkthrough()
    var events: [WalkEvent] = []

    /// Feeds lines; returns the last event.
    @discardableResult
    mutating func type(_ lines: String...) -> WalkEvent {
        for line in lines { events.append(walk.handle(line)) }
        return events.last!
    }

    /// The inputs of a `.compute` event.
    var computed: TriageInputs? {
        if case .compute(let inputs, _)? = events.last { return inputs }
        return nil
    }
}

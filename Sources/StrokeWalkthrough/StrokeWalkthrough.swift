/// The interactive walkthrough as a state machine. See the walkthrough issue.
public enum StrokeWalkthrough {}

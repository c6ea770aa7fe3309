/// Stroke centers, nearest-center search and routing.
public enum StrokeCenters {}

// Replaced below by the benchmark.

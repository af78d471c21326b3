"""Speed and memory benchmarks, reported as ratios measured in one run (never asserted in tests)."""
